import ExhibitSQLite

/// A row of `audit_event`.
struct AuditEventRow: TableRecord {
  static let table = "audit_event"
  static let columns = ["id", "at", "actor", "action", "subject", "before", "after", "previous_hash", "hash"]
  let event: AuditEvent

  init(row: Row) throws {
    event = AuditEvent(
      id: try row.decode("id"), at: try row.decode("at"), actor: try row.decode("actor"),
      action: try row.decode("action"), subject: try row.decode("subject"), before: try row.decode("before"),
      after: try row.decode("after"), previousHash: try row.decode("previous_hash"),
      hash: try row.decode("hash"))
  }
}
