import ExhibitModel

/// The catalogue at the level of its domains' operations: the seam a command may run on, one
/// seam per domain put together. ``Store`` implements it on SQLite, and ExhibitPostgres'
/// `PostgresCatalogue` on PostgreSQL. It holds the domains built on both so far: criteria, recordings,
/// products and audits, evidence links, coverage and suggestions, conformance reports, the WCAG
/// mapping, search over what it holds, accounts and the audit trail (docs/postgres.md).
public protocol CatalogueStorage: CriteriaStorage, RecordingStorage, AuditStorage, LinkStorage,
  EvidenceBundleStorage,
  ConformanceStorage, WCAGMappingStorage, SearchStorage, AccountStorage, AuditTrailStorage, FindingStorage,
  TeamKeyStorage, ApprovalStorage, HearingStorage
{
  /// Where the catalogue is, for messages: a path, or a URL without its password.
  var location: String { get }

  /// Every row of the tables both backends hold (``CatalogueTables/shared``), read in one
  /// snapshot, for `exhibit migrate`.
  /// - Returns: The rows by table.
  /// - Throws: The backend's error.
  func catalogueRows() async throws -> CatalogueRows

  /// Writes `rows` as they are, ids and the audit chain included, into this empty catalogue in
  /// one transaction, for `exhibit migrate`.
  /// - Throws: ``WorkspaceError/notEmpty(_:events:)`` when it holds a catalogue already, or the
  ///   backend's error; nothing is written then.
  func insertCatalogueRows(_ rows: CatalogueRows) async throws
}
