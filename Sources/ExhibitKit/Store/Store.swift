import ExhibitSQLite
import ExhibitStorage
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

  /// The open connection; each domain is made on it by the Store; nothing outside ExhibitKit reaches it.
  let connection: Connection
  /// The database file.
  public var path: String { connection.path }
  /// Phrase counts for search ranking, with their cache beside the database, opened on first search.
  lazy var phraseStatistics = PhraseStatistics(connection: connection)

  /// How the connection was opened, for the search helper's to match.
  private let mode: Connection.Mode
  /// The second reader searches rank on (``SearchHelper``): decided on the first search, and
  /// opened then for a database big enough to need it, whose file both connections then read
  /// through a memory map; nil when small or when it cannot be opened. Read outside a transaction.
  var searchHelper: SearchHelper? {
    if let decided = searchHelperDecided { return decided }
    var helper: SearchHelper?
    // stat, not FileManager's attributes, which also look up the owner's and group's names.
    var status = stat()
    if path != ":memory:", !path.isEmpty, stat(path, &status) == 0,
      Int(status.st_size) >= searchHelperFromBytes
    {
      helper = try? SearchHelper(path: path, mode: mode == .immutable ? .immutable : .readOnly)
      // The store's connection reads the indexes as its helper does, through a memory map.
      if helper != nil { try? connection.mapFile(bytes: SearchHelper.mappedBytes) }
    }
    searchHelperDecided = .some(helper)
    return helper
  }
  /// The helper once decided (an inner nil: none).
  private var searchHelperDecided: SearchHelper??
  /// The smallest database searched on two connections (tests lower it).
  var searchHelperFromBytes = SearchHelper.smallestDatabaseBytes

  private init(connection: Connection, mode: Connection.Mode) {
    self.connection = connection
    self.mode = mode
  }

  /// Opens the database at `path`, migrating it to the current schema.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: `.write` creates a missing file (and its folder); `.read` refuses it.
  /// - Returns: The open, migrated store.
  /// - Throws: ``WorkspaceError/noDatabase(path:)`` when reading a missing file,
  ///   ``WorkspaceError/serverDatabase(url:)`` for a `postgres://` URL, ``SchemaVersionError`` for
  ///   a file written by a newer Exhibit, or ``SQLiteError``.
  public static func open(at path: String, access: Access) throws -> Store {
    try refuseServerURL(path)
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
      // Written whole from the schema's image, not built statement by statement; when it cannot
      // be, the connection below makes the file and the migrator builds it.
      _ = Schema.migrator.writeNewFile(at: path)
    }
    // A file with content is looked at on the connection, before it is configured or migrated.
    var inspect: ((Connection) throws -> Void)?
    if try DatabaseFile.requirePlainFile(path) {
      inspect = { try DatabaseFile.requireExhibit($0) }
    }
    if access == .write { try requireWritable(path) }
    if access == .read, let mode = readOnlyMode(path) {
      // Read-only media: read as it is, which needs no migration.
      let connection = try Connection(path: path, mode: mode, inspect: inspect)
      connection.writeHooks = CrashPoint.writeHooks
      try Schema.migrator.refuseNewer(connection)
      guard try connection.userVersion == Schema.migrator.latestVersion else {
        throw WorkspaceError.readOnly(
          path: path, reason: "written by an older Exhibit, it must be upgraded where it can be written")
      }
      return Store(connection: connection, mode: mode)
    }
    let mode: Connection.Mode = access == .write ? .create : .readWrite
    // Whether another connection had the database open (its -shm file) before this one tried.
    let sharedBefore = FileManager.default.fileExists(atPath: path + "-shm")
    let endedBadly = access == .write && DatabaseFile.lastWriterEndedBadly(path)
    do {
      let connection = try Connection(path: path, mode: mode, inspect: inspect)
      connection.writeHooks = CrashPoint.writeHooks
      // After a writer that did not close, a quick check before anything is written on top.
      if endedBadly, let problem = try DatabaseFile.quickCheckProblem(connection) {
        try? connection.close()
        throw WorkspaceError.damaged(path: path, problem: problem)
      }
      try Schema.migrator.migrate(connection)
      connection.willCommit = SearchBacklog.index
      return Store(connection: connection, mode: mode)
    } catch let error as SQLiteError where error.resultCode == .ioError || error.resultCode == .full {
      // A full disk leaves no room for the -shm file a WAL database is opened with.
      guard let free = Self.freeBytesIfFull(path) else { throw error }
      let wal = DatabaseFile.walBytes(path)
      if wal == 0, !sharedBefore {
        // The -shm (perhaps a few bytes of it) and the empty -wal are this failed attempt's own:
        // left there, the next command would take them for another process's and fail too.
        Foundation.unlink(path + "-shm")
        Foundation.unlink(path + "-wal")
      }
      if access == .read, wal == 0, !sharedBefore {
        // Nothing is waiting in a -wal file and no other process had the database open (it would
        // have made the -shm file; any there now is this attempt's): the file alone is the
        // database, and it can be read as it is.
        let connection = try Connection(path: path, mode: .immutable, inspect: inspect)
        try Schema.migrator.refuseNewer(connection)
        guard try connection.userVersion == Schema.migrator.latestVersion else { throw error }
        return Store(connection: connection, mode: .immutable)
      }
      let folder = (path as NSString).deletingLastPathComponent
      throw WorkspaceError.diskFull(folder: folder.isEmpty ? "." : folder, free: free)
    }
  }

  /// Refuses a database server's URL before anything is made at a path spelled like it.
  /// - Throws: ``WorkspaceError/serverDatabase(url:)``.
  static func refuseServerURL(_ path: String) throws {
    if DatabaseURL.isPostgres(path) {
      throw WorkspaceError.serverDatabase(url: DatabaseURL.withoutPassword(path))
    }
  }

  /// The bytes free on the disk holding `path`'s folder when that is too little to open a
  /// database (under 1 MiB), else nil.
  static func freeBytesIfFull(_ path: String) -> Int64? {
    let folder = (path as NSString).deletingLastPathComponent
    var volume = statvfs()
    guard statvfs(folder.isEmpty ? "." : folder, &volume) == 0 else { return nil }
    let free = Int64(volume.f_bavail) * Int64(volume.f_frsize)
    return free < 1 << 20 ? free : nil
  }

  /// Refuses a database that cannot be written before SQLite is asked to: SQLite would open it
  /// read-only and fail later with a message about its journal.
  /// - Throws: ``WorkspaceError/readOnly(path:reason:)``.
  static func requireWritable(_ path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    for (target, mode) in [(path, W_OK), (folder.isEmpty ? "." : folder, W_OK | X_OK)]
    where FileManager.default.fileExists(atPath: target) && access(target, mode) != 0 {
      throw WorkspaceError.readOnly(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// How to read a database that cannot be written, or nil when it can.
  ///
  /// Immutable only on a read-only file system with no commits waiting in a `-wal` file: there
  /// nothing can change the file while it is read. A file another user may still write (a folder
  /// shared without write permission) is read as read-only, so SQLite sees their commits.
  static func readOnlyMode(_ path: String) -> Connection.Mode? {
    guard (try? requireWritable(path)) == nil else { return nil }
    let wal = DatabaseFile.walBytes(path)
    var volume = statvfs()
    let readOnlyVolume = statvfs(path, &volume) == 0 && volume.f_flag & UInt(ST_RDONLY) != 0
    return readOnlyVolume && wal == 0 ? .immutable : .readOnly
  }

  /// A number that changes whenever another connection commits to the database, so a reader can
  /// tell whether what it computed before is still current. Compare values of one store only.
  /// - Throws: ``SQLiteError``.
  public func dataVersion() throws -> Int64 {
    try connection.dataVersion
  }

  /// Closes the connection, reporting a failure to close.
  public func close() throws {
    if case .some(.some(let helper)) = searchHelperDecided { try helper.close() }
    try connection.close()
  }
}
