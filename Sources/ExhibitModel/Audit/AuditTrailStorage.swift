/// Where the audit trail is kept: the seam its backends (SQLite in ExhibitKit, PostgreSQL in
/// ExhibitPostgres) implement, each appending to one hash chain and reading it back the same way.
///
/// Every implementation keeps the trail append-only in the database itself and serializes its
/// appends, so writers on several connections or machines extend one chain: no two events share
/// a predecessor and no id is skipped. The contract suite runs the same operations on each.
public protocol AuditTrailStorage {
  /// Appends one event after the newest, in a transaction of its own.
  /// - Returns: The event as stored, with its id and hashes.
  func appendAuditEvent(_ entry: AuditEntry) async throws -> AuditEvent

  /// Every event, oldest first.
  func auditEvents() async throws -> [AuditEvent]

  /// The events whose indexed subjects (``AuditSubjects``) include any of `subjects`, oldest first.
  func auditEvents(touching subjects: [String]) async throws -> [AuditEvent]

  /// Walks the chain and names the first event that breaks it.
  func verifyAuditChain() async throws -> AuditChainReport
}
