import ExhibitModel

/// The catalogue at the level of its domains' operations: the seam a command may run on, one
/// seam per domain put together. ``Store`` implements it on SQLite, and ExhibitPostgres'
/// `PostgresCatalogue` on PostgreSQL. It holds the domains built on both so far: criteria, the
/// WCAG mapping and the audit trail (docs/postgres.md).
public protocol CatalogueStorage: CriteriaStorage, WCAGMappingStorage, AuditTrailStorage {
  /// Where the catalogue is, for messages: a path, or a URL without its password.
  var location: String { get }
}
