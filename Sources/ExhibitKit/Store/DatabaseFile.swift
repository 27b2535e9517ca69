import ExhibitSQLite
import Foundation

/// Checks that a path holds an Exhibit database, or nothing yet, before SQLite opens it: opening
/// another application's database for writing would add Exhibit's tables and switch it to WAL,
/// a device such as `/dev/null` would get a journal beside it, and a FIFO would block.
enum DatabaseFile {
  /// - Throws: ``WorkspaceError/notExhibitDatabase(path:reason:)`` for anything but a missing or
  ///   empty file, a database with Exhibit's application id, or one of an Exhibit from before the
  ///   id (its own tables, no other application's).
  static func requireExhibit(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw WorkspaceError.notExhibitDatabase(path: path, reason: "not a regular file")
    }
    guard status.st_size > 0 else { return }
    // The header is read through SQLite, never through a file handle of our own: closing any
    // descriptor of the file drops every POSIX lock this process holds on it, including those of
    // connections already open (a server's readers), and another process could then checkpoint
    // the WAL out from under them. SQLite's own descriptors are shared and closed safely.
    let applicationID: Int32
    do {
      applicationID = try Connection.applicationID(ofFileAt: path)
    } catch let error as SQLiteError where error.resultCode == .notADatabase {
      throw WorkspaceError.notExhibitDatabase(path: path, reason: "not an SQLite database")
    }
    if applicationID == Schema.applicationID { return }
    guard applicationID == 0 else {
      throw WorkspaceError.notExhibitDatabase(
        path: path,
        reason: String(format: "another application's SQLite database (application id 0x%08X)", applicationID)
      )
    }
    // No id: an Exhibit database from before version 5, an empty one, or another application's.
    let connection = try Connection(path: path, mode: .readOnly)
    defer { try? connection.close() }
    let tables = Set(
      try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .compactMap { $0.string("name") })
    guard tables.isEmpty || tables.isSuperset(of: ["criteria_document", "recording", "audit_event"]) else {
      throw WorkspaceError.notExhibitDatabase(
        path: path,
        reason:
          "another application's SQLite database (its tables: \(tables.sorted().prefix(5).joined(separator: ", ")))"
      )
    }
  }
}
