import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Checks that a path holds an Exhibit database, or nothing yet, before anything is written to
/// it: opening another application's database for writing would add Exhibit's tables and switch
/// it to WAL, a device such as `/dev/null` would get a journal beside it, and a FIFO would block.
///
/// The file is looked at in two steps: ``requirePlainFile(_:)`` before SQLite opens it, and
/// ``requireExhibit(_:)`` on the new connection before it is configured (``Connection``'s
/// `inspect`), so a command opens the database once.
enum DatabaseFile {
  /// Refuses anything but a missing file or a regular one.
  /// - Returns: Whether the file has content, which ``requireExhibit(_:)`` must then look at.
  /// - Throws: ``WorkspaceError/notExhibitDatabase(path:reason:)`` for a device, FIFO or folder.
  static func requirePlainFile(_ path: String) throws -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw WorkspaceError.notExhibitDatabase(path: path, reason: "not a regular file")
    }
    return status.st_size > 0
  }

  /// Refuses, on a connection that has written nothing yet, a file that is not an SQLite database,
  /// or is another application's: it must have Exhibit's application id, or be one of an Exhibit
  /// from before the id (its own tables, no other application's).
  /// - Throws: ``WorkspaceError/notExhibitDatabase(path:reason:)`` or ``SQLiteError``.
  static func requireExhibit(_ connection: Connection) throws {
    let path = connection.path
    let applicationID: Int32
    do {
      let stored: Int64 = try connection.first("PRAGMA application_id")?.decode("application_id") ?? 0
      applicationID = Int32(truncatingIfNeeded: stored)
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

extension DatabaseFile {
  /// Whether the last connection to the database ended without closing: its `-wal` file still
  /// holds frames (a clean close checkpoints and removes it) and no process has the database
  /// open now (none holds SQLite's lock on the `-shm` file's "dead man switch" byte, 128).
  static func lastWriterEndedBadly(_ path: String) -> Bool {
    guard walBytes(path) > 0 else { return false }
    let descriptor = open(path + "-shm", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 128
    lock.l_len = 1
    guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return false }
    return lock.l_type == Int16(F_UNLCK)
  }

  /// The size of the database's `-wal` file, 0 when there is none: one stat(2) (Foundation's
  /// attributes of a file cost a command about a fiftieth of its start).
  static func walBytes(_ path: String) -> Int64 {
    var wal = stat()
    return stat(path + "-wal", &wal) == 0 ? Int64(wal.st_size) : 0
  }

  /// What `PRAGMA quick_check` finds wrong, or nil when it says `ok`.
  static func quickCheckProblem(_ connection: Connection) throws -> String? {
    let rows = try connection.query("PRAGMA quick_check(5)").compactMap { $0.string("quick_check") }
    return rows == ["ok"] ? nil : rows.joined(separator: "; ")
  }
}
