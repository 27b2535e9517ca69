import ExhibitSQLite

/// A part of ExhibitKit that owns tables of the workspace database: its queries and rules live
/// with its types, and it reaches another domain's data only through that domain.
protocol DatabaseDomain {
  /// The workspace database.
  var connection: Connection { get }
}

extension DatabaseDomain {
  /// Criteria documents and items.
  var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// Component names and aliases.
  var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// Catalogued recordings.
  var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// Evidence links.
  var ledger: EvidenceLedger { EvidenceLedger(connection: connection) }
  /// The audit trail.
  var auditTrail: AuditTrail { AuditTrail(connection: connection) }
}
