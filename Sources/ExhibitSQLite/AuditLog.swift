import ExhibitModel
import ExhibitStorage
import Foundation

/// Appends events to the audit trail inside the caller's transaction: the shared append
/// (`CatalogueSQL.appendAuditEvent(_:indexed:)`) on SQLite's connection, for the schema's
/// migrations and the repairs that run on a connection of their own.
public enum AuditLog {
  /// The newest event's hash: the head of the chain, the genesis hash while it is empty.
  /// - Throws: ``SQLiteError``.
  public static func headHash(_ connection: Connection) throws -> String {
    try connection.auditHeadHash()
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
    try connection.appendAuditEvent(
      AuditEntry(actor: actor, action: action, subject: subject, before: before, after: after, at: at),
      indexed: indexed)
  }
}
