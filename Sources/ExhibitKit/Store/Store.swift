import Foundation

/// Exhibit's database: a migrated SQLite connection and the queries each part of ExhibitKit needs.
///
/// Open one with ``open(at:access:)``. The store owns its connection and is used by one writer
/// at a time; parallel work (probing, hashing, parsing) returns values to it.
public final class Store {
  /// What the caller intends to do, which decides how a missing file is treated.
  public enum Access: Sendable {
    /// Create the database when it is missing, then migrate it.
    case write
    /// Require an existing database; a missing one is an error that says how to make one.
    case read
  }

  /// The open connection.
  public let connection: Connection
  /// The database file.
  public var path: String { connection.path }

  private init(connection: Connection) {
    self.connection = connection
  }

  /// Opens the database at `path`, migrating it to the current schema.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: `.write` creates a missing file (and its folder); `.read` refuses it.
  /// - Returns: The open, migrated store.
  /// - Throws: ``WorkspaceError/noDatabase(path:)`` when reading a missing file,
  ///   ``SchemaVersionError`` for a file written by a newer Exhibit, or ``SQLiteError``.
  public static func open(at path: String, access: Access) throws -> Store {
    let fileManager = FileManager.default
    if !fileManager.fileExists(atPath: path) {
      guard access == .write else { throw WorkspaceError.noDatabase(path: path) }
      let folder = (path as NSString).deletingLastPathComponent
      if !folder.isEmpty {
        do {
          try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw WorkspaceError.cannotCreate(path: folder, reason: error.localizedDescription)
        }
      }
    }
    let connection = try Connection(path: path, mode: access == .write ? .create : .readWrite)
    try Schema.migrator.migrate(connection)
    return Store(connection: connection)
  }

  /// Closes the connection, reporting a failure to close.
  public func close() throws {
    try connection.close()
  }
}
