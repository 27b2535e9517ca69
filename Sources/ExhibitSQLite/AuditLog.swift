import ExhibitModel
import ExhibitStorage
import Foundation

/// Appends events to the audit trail inside the caller's transaction.
public enum AuditLog {
  /// The newest event's hash: the head of the chain, the genesis hash while it is empty.
  /// - Throws: ``SQLiteError``.
  public static func headHash(_ connection: Connection) throws -> String {
    try connection.first("SELECT hash FROM audit_event ORDER BY id DESC LIMIT 1")?.decode("hash")
      ?? AuditEvent.genesisHash
  }

  /// Appends one event, chained to the newest one.
  ///
  /// Call inside a write transaction (`BEGIN IMMEDIATE`): the newest hash is read and the event
  /// written under the same lock, so concurrent writers cannot fork the chain. `indexed: false`
  /// is for migrations older than the `audit_subject` table; version 8 indexes their events.
  /// - Returns: The event as stored.
  /// - Throws: ``SQLiteError``.
  @discardableResult
  public static func append(
    _ connection: Connection, actor: String, action: String, subject: String,
    before: String? = nil, after: String? = nil, at: Date = Date(), indexed: Bool = true
  ) throws -> AuditEvent {
    let last = try connection.first("SELECT id, hash FROM audit_event ORDER BY id DESC LIMIT 1")
    let previousHash: String = try last?.decode("hash") ?? AuditEvent.genesisHash
    let id: Int64 = (try last?.decode("id") ?? 0) + 1
    let entry = AuditEntry(
      actor: actor, action: action, subject: subject, before: before, after: after, at: at)
    let event = entry.chained(id: id, after: previousHash)
    try connection.execute(
      """
      INSERT INTO audit_event (id, at, actor, action, subject, before, after, previous_hash, hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [id, event.at, actor, action, subject, before, after, previousHash, event.hash])
    if indexed { try indexSubjects(of: event, connection) }
    return event
  }

  /// Records the subjects `event` touches (``AuditSubjects``) in the caller's transaction.
  /// - Throws: ``SQLiteError``.
  package static func indexSubjects(of event: AuditEvent, _ connection: Connection) throws {
    for subject in AuditSubjects.of(subject: event.subject, before: event.before, after: event.after) {
      try connection.execute(
        "INSERT OR IGNORE INTO audit_subject (subject, event_id) VALUES (?, ?)", [subject, event.id])
    }
  }
}
