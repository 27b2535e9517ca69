import ExhibitSQLite
import ExhibitStorage

// The audit trail on a workspace's connection, for callers on one thread: appends under SQLite's
// write lock (`BEGIN IMMEDIATE`), reads through the same queries the commands use.

extension Store {
  /// Appends one event in a write transaction of its own.
  /// - Throws: ``SQLiteError``.
  public func appendAuditEvent(_ entry: AuditEntry) throws -> AuditEvent {
    try connection.transaction { try connection.appendAuditEvent(entry) }
  }

  /// Every audit event, oldest first.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  public func auditEvents() throws -> [AuditEvent] {
    try connection.reading { try auditTrail.history(nil) }
  }

  /// The events indexed under any of `subjects`, oldest first.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  public func auditEvents(touching subjects: [String]) throws -> [AuditEvent] {
    try connection.reading { try auditTrail.events(touching: subjects) }
  }
}
