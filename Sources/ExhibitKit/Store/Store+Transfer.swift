import ExhibitSQLite
import Foundation

// The SQLite side of `exhibit migrate --to` and `--from`: the shared tables' rows read in one
// snapshot, or written as they are into an empty workspace in one transaction.

extension Store {
  /// Every row of the tables both backends hold (``CatalogueTables/shared``), in one snapshot.
  /// - Throws: ``SQLiteError``.
  public func catalogueRows() throws -> CatalogueRows {
    try connection.reading {
      var rows: CatalogueRows = [:]
      for table in CatalogueTables.shared {
        let names = table.columns.map(\.name)
        rows[table.name] = try connection.query(
          "SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.order)"
        ).map { row in names.map { row[$0] } }
      }
      return rows
    }
  }

  /// How many audit events and criteria documents the workspace holds: an empty one has none.
  /// - Throws: ``SQLiteError``.
  package func catalogueSize() throws -> (events: Int, documents: Int) {
    try connection.reading {
      let row = try connection.first(
        "SELECT (SELECT count(*) FROM audit_event) AS events, (SELECT count(*) FROM criteria_document) AS documents"
      )
      return (try row?.decode("events") ?? 0, try row?.decode("documents") ?? 0)
    }
  }

  /// Writes `rows` as they are, ids and the audit chain included, in one transaction.
  /// - Throws: ``WorkspaceError/notEmpty(_:events:)`` when the workspace already holds a
  ///   catalogue, or ``SQLiteError``; nothing is written then.
  public func insertCatalogueRows(_ rows: CatalogueRows) throws {
    try connection.transaction {
      let size = try catalogueSize()
      if size.events > 0 || size.documents > 0 { throw WorkspaceError.notEmpty(path, events: size.events) }
      let (opened, closings) = CatalogueTables.closingsDeferred(rows)
      for table in CatalogueTables.shared {
        let names = table.columns.map(\.name)
        let sql =
          "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES ("
          + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        for row in opened[table.name] ?? [] { try connection.execute(sql, row) }
      }
      for closing in closings { try connection.execute(CatalogueTables.closing, closing) }
    }
  }
}

extension Store {
  /// Every check of ``verifyWorkspace()`` over `rows` read from another backend: they are loaded
  /// into a scratch SQLite database, which is then verified and removed. So a PostgreSQL catalogue
  /// is held to the same replay of its audit trail against its tables as a SQLite workspace.
  /// - Parameter rows: A catalogue's rows, read in one snapshot.
  /// - Returns: The chain's report with every problem found.
  /// - Throws: ``SQLiteError`` or ``WorkspaceError`` when the scratch database cannot be made.
  public static func verifying(_ rows: CatalogueRows) throws -> AuditChainReport {
    let snapshot = try CatalogueSnapshot(rows)
    defer { snapshot.remove() }
    return try snapshot.store.verifyWorkspace()
  }
}
