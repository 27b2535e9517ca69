import ExhibitSQLite
import ExhibitStorage

extension Schema {
  /// Fills `audit_subject` for the events written before version 8.
  static func indexAuditSubjects(_ connection: Connection) throws {
    for event in try connection.fetch(AuditEventRow.self) {
      try connection.indexAuditSubjects(of: event.event)
    }
  }
}
