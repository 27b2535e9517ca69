import ExhibitModel

/// A row of `audit_event`.
package struct AuditEventRow: TableRecord {
  package static let table = "audit_event"
  package static let columns = [
    "id", "at", "actor", "action", "subject", "before", "after", "previous_hash", "hash",
  ]
  package let event: AuditEvent

  package init(row: Row) throws {
    event = AuditEvent(
      id: try row.decode("id"), at: try row.decode("at"), actor: try row.decode("actor"),
      action: try row.decode("action"), subject: try row.decode("subject"), before: try row.decode("before"),
      after: try row.decode("after"), previousHash: try row.decode("previous_hash"),
      hash: try row.decode("hash"))
  }
}
