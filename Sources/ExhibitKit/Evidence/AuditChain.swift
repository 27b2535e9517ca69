import ExhibitSQLite
import ExhibitStorage

extension AuditTrail {
  /// Walks the chain oldest first and names the first event that breaks it (``AuditChainWalk``).
  ///
  /// - Returns: The report; ``AuditChainReport/valid`` when nothing is wrong.
  /// - Throws: ``SQLiteError``.
  func verifyChain() throws -> AuditChainReport {
    var walk = AuditChainWalk()
    // Columns read leniently: a row edited outside Exhibit still reaches the walk, which names it.
    for row in try connection.query("SELECT * FROM audit_event ORDER BY id") {
      let event = AuditEvent(
        id: row.int64("id") ?? 0, at: row.string("at") ?? "", actor: row.string("actor") ?? "",
        action: row.string("action") ?? "", subject: row.string("subject") ?? "",
        before: row.string("before"),
        after: row.string("after"), previousHash: row.string("previous_hash") ?? "",
        hash: row.string("hash") ?? "")
      guard walk.check(event) else { break }
    }
    return walk.report
  }
}
