// The SQLite side of the catalogue's seams: the store's operations (Store+Domains.swift and
// Store+Conformance.swift) are its implementation as they stand.

extension Store: CriteriaStorage, RecordingStorage, WCAGMappingStorage, SearchStorage, AccountStorage {}

extension Store: CatalogueStorage {
  /// The database file.
  public var location: String { path }
}
