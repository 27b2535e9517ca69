import ExhibitModel
import ExhibitStorage

// SQLite's connection as the catalogue's SQL seam: statements run as they are written, rows read
// in place, the audit trail's chain
// locked by SQLite's own write lock.

extension Connection: RowQuerying {
  /// Steps a prepared statement, each row read in place.
  /// - Throws: ``SQLiteError``, or what `body` throws.
  public func forEachRow(_ sql: String, _ values: [any SQLBindable], _ body: (any RowCursor) throws -> Void)
    throws
  {
    try prepare(sql).forEachRow(values.map(\.sqlValue)) { try body($0) }
  }
}

extension Connection: CatalogueSQL {
  /// Nothing to do: SQLite gives a new row the id after the largest.
  package func rowsCopied(into table: String) {}

  /// Runs an INSERT and reads the row id SQLite gave it.
  /// - Throws: ``SQLiteError``.
  package func insertReturningID(_ sql: String, _ values: [any SQLBindable]) throws -> Int64 {
    try execute(sql, values)
    return lastInsertRowID
  }

  /// Nothing to take: a write transaction (`BEGIN IMMEDIATE`) already holds SQLite's one write
  /// lock, so the head read and the event written under it cannot be forked.
  package func lockAuditChain() {}
}
