import ExhibitSQLite
import ExhibitStorage
import Foundation

// The SQLite side of `exhibit migrate --to` and `--from`: the shared tables' rows read in one
// snapshot, or written as they are into an empty workspace in one transaction.

extension Store {
  /// Every row of the tables both backends hold (``CatalogueTables/shared``), in one snapshot
  /// (``CatalogueTransfer``).
  /// - Throws: ``SQLiteError``.
  public func catalogueRows() throws -> CatalogueRows {
    try CatalogueTransfer(sql: connection).rows()
  }

  /// Writes `rows` as they are, ids and the audit chain included, in one transaction
  /// (``CatalogueTransfer``).
  /// - Throws: ``WorkspaceError/notEmpty(_:events:)`` when the workspace already holds a
  ///   catalogue, or ``SQLiteError``; nothing is written then.
  public func insertCatalogueRows(_ rows: CatalogueRows) throws {
    try CatalogueTransfer(sql: connection).insert(rows, location: path)
  }
}
