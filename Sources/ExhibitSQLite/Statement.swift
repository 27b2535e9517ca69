internal import CSQLite
import ExhibitStorage

/// A prepared statement (`sqlite3_stmt`), finalized when the object goes away.
///
/// Bind values with ``bind(_:)``, then step through rows with ``step()``. Statements belong to the
/// connection that prepared them and must not outlive it or cross threads.
public final class Statement {
  private let handle: OpaquePointer
  private let connection: OpaquePointer
  /// The SQL text the statement was prepared from, for error messages.
  public let sql: String
  /// The database file, for error messages.
  private let path: String
  /// The connection's write hooks, shared so a change reaches statements already prepared.
  private let hooks: WriteHooks.Box

  /// Prepares one statement (`sqlite3_prepare_v3`).
  /// - Throws: ``SQLiteError`` naming the SQL when it does not compile.
  init(connection: OpaquePointer, sql: String, path: String, hooks: WriteHooks.Box) throws {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(connection, sql, -1, 0, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError(
        extendedCode: sqlite3_extended_errcode(connection),
        message: String(cString: sqlite3_errmsg(connection)), sql: sql, path: path)
    }
    self.handle = statement
    self.connection = connection
    self.sql = sql
    self.path = path
    self.hooks = hooks
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Resets the statement and binds `values` to its parameters, in order (`sqlite3_bind_*`).
  /// - Throws: ``SQLiteError`` when the count does not match or a value cannot be bound.
  public func bind(_ values: [SQLValue]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard expected == values.count else {
      throw SQLiteError(
        extendedCode: SQLITE_RANGE,
        message: "statement takes \(expected) parameters, \(values.count) given", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(let text):
        code = sqlite3_bind_text64(
          handle, index, text, UInt64(text.utf8.count), exhibit_sqlite_transient(), UInt8(SQLITE_UTF8))
      case .blob(let bytes):
        code = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob64(
            handle, index, buffer.baseAddress, UInt64(buffer.count), exhibit_sqlite_transient())
        }
      }
      guard code == SQLITE_OK else { throw error(code: code) }
    }
  }

  /// How many times the statement has been run since it was prepared
  /// (`SQLITE_STMTSTATUS_RUN`): what a connection's statement cache has saved, or how often a
  /// command asked the same question.
  public var timesRun: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_RUN, 0)) }

  /// Whether the statement leaves the database as it is (`sqlite3_stmt_readonly`).
  public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

  /// Advances to the next row (`sqlite3_step`).
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  /// - Throws: ``SQLiteError`` naming the SQL, e.g. for a constraint violation.
  @discardableResult
  public func step() throws -> Bool {
    if let hooks = hooks.hooks, sqlite3_stmt_busy(handle) == 0, sqlite3_stmt_readonly(handle) == 0 {
      hooks.beforeWrite()
    }
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let failure = error(code: code)
      sqlite3_reset(handle)
      throw failure
    }
  }

  /// Copies the current row out of SQLite.
  public func row() -> Row {
    let count = sqlite3_column_count(handle)
    var values: [SQLValue] = []
    values.reserveCapacity(Int(count))
    for index in 0..<count {
      values.append(value(at: index))
    }
    return Row(columns: columnNames, values: values)
  }

  /// The result's column names, read once: every row shares them.
  private lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map { index in
    sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
  }

  /// Runs the statement with `values` bound and calls `body` at each row, which reads the row's
  /// columns by position (``integer(_:)``, ``text(_:)``) without copying the row: the fast way
  /// through many rows.
  public func forEachRow(_ values: [SQLValue] = [], _ body: (Statement) throws -> Void) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() { try body(self) }
  }

  /// The current row's column `index` as an integer; nil when it is NULL.
  public func integer(_ index: Int32) -> Int64? {
    sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
  }

  /// The current row's column `index` as text; nil when it is NULL.
  public func text(_ index: Int32) -> String? {
    guard sqlite3_column_type(handle, index) != SQLITE_NULL, let text = sqlite3_column_text(handle, index)
    else {
      return nil
    }
    let length = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
  }

  private func value(at index: Int32) -> SQLValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(handle, index) else { return .text("") }
      let length = Int(sqlite3_column_bytes(handle, index))
      return .text(
        String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
    case SQLITE_BLOB:
      let length = Int(sqlite3_column_bytes(handle, index))
      guard length > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
    default: return .null
    }
  }

  /// Runs the statement to completion with `values` bound and returns every row.
  public func all(_ values: [SQLValue] = []) throws -> [Row] {
    try bind(values)
    defer { sqlite3_reset(handle) }
    var rows: [Row] = []
    while try step() { rows.append(row()) }
    return rows
  }

  /// Runs the statement with `values` bound, discarding any rows.
  public func run(_ values: [SQLValue] = []) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  private func error(code: Int32) -> SQLiteError {
    SQLiteError(
      extendedCode: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)), sql: sql, path: path)
  }
}
