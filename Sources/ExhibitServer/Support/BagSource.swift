import ExhibitKit

/// What bundles are made from and bags checked against: the catalogue (a SQLite workspace, or
/// the team's PostgreSQL catalogue, each export and check reading it in one snapshot), the name
/// bags are checked under, and the key bundles are signed with.
struct BagSource: @unchecked Sendable {
  /// The catalogue, used by one request at a time.
  let catalogue: any CatalogueStorage
  /// The database's path, or a server's URL without its password.
  let name: String
  /// The signing key's file.
  let keyPath: String
}
