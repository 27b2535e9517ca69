import ExhibitStorage

/// `exhibit migrate`'s copy, written once for both engines: the shared tables' rows
/// (``CatalogueTables/shared``) read in one snapshot, or written as they are, ids and the audit
/// chain included, into an empty catalogue in one transaction. The engine adds only what its
/// ids need after a copy (``CatalogueSQL/rowsCopied(into:)``).
struct CatalogueTransfer {
  /// The catalogue's connection.
  let sql: any CatalogueSQL

  /// Rows written per INSERT statement.
  static let rowsPerStatement = 500

  /// Every row of the shared tables, in one snapshot.
  /// - Returns: The rows by table, each row's values in the table's column order.
  /// - Throws: The engine's error.
  func rows() throws -> CatalogueRows {
    try sql.reading {
      var rows: CatalogueRows = [:]
      for table in CatalogueTables.shared {
        let names = table.columns.map(\.name)
        rows[table.name] = try sql.query(
          "SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.order)"
        ).map { row in names.map { row[$0] } }
      }
      return rows
    }
  }

  /// How many audit events and criteria documents the catalogue holds: an empty one has none.
  /// - Returns: The two counts.
  /// - Throws: The engine's error.
  func size() throws -> (events: Int, documents: Int) {
    let row = try sql.first(
      "SELECT (SELECT count(*) FROM audit_event) AS events, (SELECT count(*) FROM criteria_document) AS documents"
    )
    return (try row?.decode("events") ?? 0, try row?.decode("documents") ?? 0)
  }

  /// Writes `rows` as they are into this empty catalogue, in one transaction.
  /// - Parameters:
  ///   - rows: A catalogue's rows, read in one snapshot.
  ///   - location: The catalogue's path or URL, for the error.
  /// - Throws: ``WorkspaceError/notEmpty(_:events:)`` when it holds a catalogue already, or the
  ///   engine's error; nothing is written then.
  func insert(_ rows: CatalogueRows, location: String) throws {
    try sql.transaction {
      let size = try size()
      if size.events > 0 || size.documents > 0 {
        throw WorkspaceError.notEmpty(location, events: size.events)
      }
      let (opened, closings) = CatalogueTables.closingsDeferred(rows)
      for table in CatalogueTables.shared {
        let tableRows = opened[table.name] ?? []
        var start = 0
        while start < tableRows.count {
          let batch = tableRows[start..<min(start + Self.rowsPerStatement, tableRows.count)]
          try sql.execute(Self.insertion(of: batch.count, into: table), batch.flatMap { $0 })
          start += batch.count
        }
        if table.hasID { try sql.rowsCopied(into: table.name) }
      }
      for closing in closings { try sql.execute(CatalogueTables.closing, closing) }
    }
  }

  /// An INSERT of `count` rows into `table`; a flag, bound as 0 or 1, is stored as `? <> 0` (an
  /// integer in SQLite, a boolean in PostgreSQL).
  private static func insertion(of count: Int, into table: CatalogueTables.Table) -> String {
    let tuple =
      "(" + table.columns.map { $0.kind == .flag ? "? <> 0" : "?" }.joined(separator: ", ") + ")"
    return "INSERT INTO \(table.name) (\(table.columns.map(\.name).joined(separator: ", "))) VALUES "
      + Array(repeating: tuple, count: count).joined(separator: ", ")
  }
}
