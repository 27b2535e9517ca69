import ExhibitSQLite
import ExhibitStorage

extension AuditTrail {
  /// Walks the chain oldest first and names the first event that breaks it (``AuditChainWalk``).
  ///
  /// - Returns: The report; ``AuditChainReport/valid`` when nothing is wrong.
  /// - Throws: ``SQLiteError``.
  func verifyChain() throws -> AuditChainReport {
    Self.walk(try events())
  }

  /// Every event of the trail, oldest first, every column: what ``walk(_:)`` and
  /// ``EvidenceReplay/init(events:)`` read, so a caller that needs both reads the trail once.
  /// - Throws: The backend's error.
  func events() throws -> [Row] {
    try connection.query("SELECT * FROM audit_event ORDER BY id")
  }

  /// Walks `events` (``events()``) and names the first that breaks the chain.
  static func walk(_ events: [Row]) -> AuditChainReport {
    var walk = AuditChainWalk()
    // Columns read leniently: a row edited outside Exhibit still reaches the walk, which names it.
    for row in events {
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
