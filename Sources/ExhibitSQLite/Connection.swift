internal import CSQLite
import ExhibitStorage
import Foundation

/// One SQLite connection (`sqlite3*`), closed when the object goes away.
///
/// Opened with the durability settings Exhibit relies on: WAL journal, `synchronous=FULL`,
/// `foreign_keys=ON` and a busy timeout, so a second writer waits instead of failing at once.
/// A connection is used from one thread at a time; it is deliberately not `Sendable`.
public final class Connection {
  /// How to open the database file.
  public enum Mode: Sendable {
    /// Read and write; create the file when it is missing.
    case create
    /// Read and write an existing file.
    case readWrite
    /// Read only; the file must exist.
    case readOnly
    /// Read only, from a file nothing can change while it is open (SQLite's `immutable`): for a
    /// database on read-only media, where SQLite cannot make the `-shm` file WAL readers need.
    case immutable
  }

  private var handle: OpaquePointer?
  private var statementCache: [String: Statement] = [:]
  private let hookBox = WriteHooks.Box()
  private var nestedDepth = 0
  /// The database file's path.
  public let path: String

  /// What to call before each write and around each commit; nil (the default) calls nothing.
  /// Crash tests set it to stop the process at every point where a write becomes durable.
  public var writeHooks: WriteHooks? {
    get { hookBox.hooks }
    set { hookBox.hooks = newValue }
  }

  /// Work every outermost write transaction ends with, just before its `COMMIT` (after the body,
  /// not in a savepoint); what it throws rolls the transaction back. Nil (the default) does
  /// nothing. A store uses it for index entries that are written once per transaction.
  public var willCommit: ((Connection) throws -> Void)?

  /// The busy timeout every connection gets: how long a writer waits for another's transaction.
  /// 10 seconds, or `EXHIBIT_BUSY_TIMEOUT_MS` milliseconds when that is set.
  public static let busyTimeoutMilliseconds: Int32 = {
    // The one variable read, not the whole environment made into a dictionary.
    let text = getenv("EXHIBIT_BUSY_TIMEOUT_MS").map { String(cString: $0) } ?? ""
    guard let value = Int32(text), value >= 0 else { return 10_000 }
    return value
  }()

  /// What is set for SQLite as a whole, once, before the first connection initializes it: no
  /// count of allocated memory (nothing reads it, and its lock is one that two connections
  /// searching at once on two threads would otherwise take turns at on every allocation).
  private static let configureSQLite: Void = {
    _ = exhibit_sqlite_stop_counting_memory()
  }()

  /// Opens (`sqlite3_open_v2`) and configures a connection.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - mode: Whether to create, write or only read.
  ///   - inspect: Called once the file is open and before anything is written to it or set on it
  ///     (WAL, foreign keys): the place to refuse a file that is not the caller's, with one
  ///     connection instead of a second one opened and closed first.
  /// - Throws: ``SQLiteError`` with the path when the file cannot be opened or configured, or what
  ///   `inspect` throws. The handle SQLite returns on failure is closed before throwing.
  public init(path: String, mode: Mode = .create, inspect: ((Connection) throws -> Void)? = nil) throws {
    Self.configureSQLite
    self.path = path
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch mode {
    case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .immutable: flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    }
    var opened: OpaquePointer?
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = sqlite3_open_v2(name, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let extended = opened.map { sqlite3_extended_errcode($0) } ?? code
      sqlite3_close_v2(opened)
      throw SQLiteError(extendedCode: extended, message: message, path: path)
    }
    handle = opened
    sqlite3_extended_result_codes(opened, 1)
    sqlite3_busy_timeout(opened, Self.busyTimeoutMilliseconds)
    do {
      try FilteredBM25.register(on: opened, path: path)
      try inspect?(self)
      if mode != .readOnly && mode != .immutable {
        try execute("PRAGMA journal_mode = WAL")
      }
      try execute("PRAGMA synchronous = FULL")
      // Scratch tables (search snippets) live in memory: no temporary file per command.
      try execute("PRAGMA temp_store = MEMORY")
      try execute("PRAGMA foreign_keys = ON")
      // Reading the schema proves the file really is an SQLite database before anyone relies on it.
      _ = try query("SELECT count(*) FROM sqlite_schema")
    } catch let error as SQLiteError {
      discard(opened)
      throw SQLiteError(
        extendedCode: error.extendedCode, message: error.message, sql: error.sql, path: path)
    } catch {
      discard(opened)
      throw error
    }
  }

  /// Closes a handle the initializer opened but will not keep.
  private func discard(_ opened: OpaquePointer) {
    statementCache.removeAll()
    sqlite3_close_v2(opened)
    handle = nil
  }

  /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
  static func immutableURI(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var escaped = ""
    for byte in absolute.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
        escaped += String(format: "%%%02X", byte)
      default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file://" + escaped + "?immutable=1"
  }

  deinit {
    statementCache.removeAll()
    if let handle { sqlite3_close_v2(handle) }
  }

  /// Closes the connection now (`sqlite3_close`), reporting a failure instead of ignoring it.
  /// - Throws: ``SQLiteError`` when SQLite refuses to close.
  public func close() throws {
    statementCache.removeAll()
    guard let handle else { return }
    let code = sqlite3_close(handle)
    guard code == SQLITE_OK else {
      throw SQLiteError(
        extendedCode: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
    self.handle = nil
  }

  private func liveHandle() throws -> OpaquePointer {
    guard let handle else {
      throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "connection is closed", path: path)
    }
    return handle
  }

  /// Prepares a statement, reusing a cached one for the same SQL.
  /// - Throws: ``SQLiteError`` naming the SQL when it does not compile.
  public func prepare(_ sql: String) throws -> Statement {
    if let cached = statementCache[sql] { return cached }
    let statement = try Statement(connection: try liveHandle(), sql: sql, path: path, hooks: hookBox)
    statementCache[sql] = statement
    return statement
  }

  /// Runs one or more statements without parameters (`sqlite3_exec`), e.g. a migration script.
  /// - Throws: ``SQLiteError`` naming the SQL.
  public func execute(_ sql: String) throws {
    let handle = try liveHandle()
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw SQLiteError(
        extendedCode: sqlite3_extended_errcode(handle),
        message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
    }
  }

  /// Runs one statement with bound parameters, discarding rows. A statement that writes outside
  /// a transaction runs in one of its own when ``willCommit`` is set, so it ends as every write
  /// transaction does.
  public func execute(_ sql: String, _ values: [any SQLBindable]) throws {
    let statement = try prepare(sql)
    if willCommit != nil, handle != nil, !isInTransaction, !statement.isReadOnly {
      try transaction { try statement.run(values.map(\.sqlValue)) }
      return
    }
    try statement.run(values.map(\.sqlValue))
  }

  /// Runs one statement with bound parameters and returns every row.
  public func query(_ sql: String, _ values: [any SQLBindable] = []) throws -> [Row] {
    try prepare(sql).all(values.map(\.sqlValue))
  }

  /// Runs a query and returns its first row, if any.
  public func first(_ sql: String, _ values: [any SQLBindable] = []) throws -> Row? {
    try query(sql, values).first
  }

  /// The rowid of the last row inserted on this connection (`sqlite3_last_insert_rowid`).
  public var lastInsertRowID: Int64 {
    handle.map { sqlite3_last_insert_rowid($0) } ?? 0
  }

  /// Rows changed by the last statement (`sqlite3_changes64`).
  public var changes: Int64 {
    handle.map { sqlite3_changes64($0) } ?? 0
  }

  /// Runs `body` in a transaction: `BEGIN IMMEDIATE`, commit on return, roll back on throw.
  ///
  /// `IMMEDIATE` takes the write lock at the start, so two writers queue on the busy timeout
  /// instead of failing later with a deadlock. Called inside another transaction, it runs in a
  /// savepoint of it.
  /// - Throws: what `body` or ``willCommit`` throws (after rolling back), or ``SQLiteError``
  ///   from BEGIN or COMMIT.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    // Inside a transaction already: a savepoint, so the inner work is all or nothing too.
    if isInTransaction {
      nestedDepth += 1
      defer { nestedDepth -= 1 }
      let name = "nested_\(nestedDepth)"
      try execute("SAVEPOINT \(name)")
      do {
        let result = try body()
        try execute("RELEASE \(name)")
        return result
      } catch {
        try? execute("ROLLBACK TO \(name)")
        try? execute("RELEASE \(name)")
        throw error
      }
    }
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try willCommit?(self)
      hookBox.hooks?.beforeCommit()
      try execute("COMMIT")
      hookBox.hooks?.afterCommit()
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body`'s reads in one read transaction (`BEGIN` … `COMMIT`): they see one snapshot of
  /// the database, and take its locks once instead of once a statement (in WAL mode a dozen
  /// system calls each). Inside a transaction already, `body` simply runs in it.
  /// - Throws: what `body` throws, or ``SQLiteError`` from BEGIN or COMMIT.
  public func reading<T>(_ body: () throws -> T) throws -> T {
    if isInTransaction { return try body() }
    try execute("BEGIN")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Whether a transaction is open (SQLite is not in autocommit mode).
  public var isInTransaction: Bool {
    guard let handle else { return false }
    return sqlite3_get_autocommit(handle) == 0
  }

  /// The schema version recorded in the file (`PRAGMA user_version`).
  public var userVersion: Int {
    get throws {
      guard let row = try first("PRAGMA user_version") else { return 0 }
      return try row.decode("user_version")
    }
  }

  /// Reads the database file's pages through a memory map (`PRAGMA mmap_size`) instead of
  /// copying each one out of the operating system's cache: a search of a large database touches
  /// thousands of index pages, and a tenth of its time went to the copies. The map covers the
  /// file's first `bytes`, at most what SQLite was built to map (2 GiB in Debian's); pages past it,
  /// and those in the write-ahead log, are read as before. A connection must not be reading when
  /// it is mapped. The one hazard is another program truncating the file while it is mapped,
  /// which ends the process (SIGBUS) where reading would have failed: for large databases only.
  /// - Throws: ``SQLiteError``.
  public func mapFile(bytes: Int) throws {
    try execute("PRAGMA mmap_size = \(bytes)")
  }

  /// A number that changes whenever another connection, in this process or another, commits
  /// to the database (`PRAGMA data_version`); compare values from the same connection only.
  public var dataVersion: Int64 {
    get throws {
      guard let row = try first("PRAGMA data_version") else { return 0 }
      return try row.decode("data_version")
    }
  }

}
