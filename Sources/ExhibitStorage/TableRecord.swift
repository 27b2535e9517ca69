/// A type that is one row of one table: it names the table and its select list, and reads a row
/// with a throwing initialiser that names the column it could not read.
public protocol TableRecord: Sendable {
  /// The table the record is a row of.
  static var table: String { get }
  /// The columns the record reads, in select order.
  static var columns: [String] { get }
  /// Reads the record from a row holding ``columns``.
  /// - Throws: ``RowDecodingError`` naming the column.
  init(row: Row) throws
}

extension TableRecord {
  /// The select list, each column qualified by `alias` (the table's name unless given).
  public static func selection(as alias: String? = nil) -> String {
    let name = alias ?? table
    return columns.map { "\(name).\($0)" }.joined(separator: ", ")
  }

  /// Reads the record from a row, naming the table in a decoding error.
  /// - Throws: ``RowDecodingError``.
  public static func decode(_ row: Row) throws -> Self {
    try RowDecodingError.reading(table) { try Self(row: row) }
  }
}

/// Something that runs a query and reads its rows: SQLite's connection, or another engine's
/// connection speaking the same SQL (ExhibitKit's catalogue writer runs on either).
public protocol RowQuerying {
  /// Runs a query and reads every row.
  /// - Throws: The engine's error.
  func query(_ sql: String, _ values: [any SQLBindable]) throws -> [Row]

  /// Runs a query and hands each row to `body` by position, as it is read where the engine
  /// allows (SQLite steps its statement; another engine's rows come whole first).
  /// - Throws: The engine's error, or what `body` throws.
  func forEachRow(_ sql: String, _ values: [any SQLBindable], _ body: (any RowCursor) throws -> Void) throws
}

extension RowQuerying {
  /// Reads every row with ``query(_:_:)``, then hands each to `body`.
  /// - Throws: The engine's error, or what `body` throws.
  public func forEachRow(_ sql: String, _ values: [any SQLBindable], _ body: (any RowCursor) throws -> Void)
    throws
  {
    for row in try query(sql, values) { try body(row) }
  }
}

extension RowQuerying {
  /// The records of `R`'s table that `condition` selects, e.g. `WHERE document_id = ? ORDER BY position`.
  /// - Throws: The engine's error (``SQLiteError``) or ``RowDecodingError``.
  public func fetch<R: TableRecord>(
    _ type: R.Type, _ condition: String = "", _ values: [any SQLBindable] = []
  )
    throws -> [R]
  {
    let fetching = SQLQuery.fetching(type, condition, values)
    return try query(fetching.sql, fetching.values).map(R.decode)
  }

  /// The first record `condition` selects, if any.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  public func fetchOne<R: TableRecord>(_ type: R.Type, _ condition: String, _ values: [any SQLBindable] = [])
    throws -> R?
  {
    let fetching = SQLQuery.fetching(type, condition, values)
    return try query(fetching.sql, fetching.values).first.map(R.decode)
  }
}
