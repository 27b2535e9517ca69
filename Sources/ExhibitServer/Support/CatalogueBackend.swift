import ExhibitKit

/// Where a server's catalogue lives: a workspace's SQLite file or a team's PostgreSQL database.
///
/// ``CataloguePool`` runs every request's work through one of these, on its own threads; a
/// route sees only the catalogue's seam (`CatalogueStorage`), the same on both.
protocol CatalogueBackend: Sendable {
  /// The database, for messages (a URL without its password).
  var location: String { get }

  /// Runs `body` with a connection for reading.
  func withReader<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T

  /// Runs `body` with a connection for writing; writes from this server follow one another
  /// where the backend needs them to.
  func withWriter<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T

  /// Runs `body`, a long job (a catalogue run), on a connection of its own, so other writes
  /// from this server are not held up behind it for its whole run.
  func withOwnConnection<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T)
    async throws -> T

  /// Runs `body` with the catalogue bundles are made from and bags are checked against (each
  /// export and check reads it in one snapshot, copying nothing), the name bags are checked
  /// under, and the key bundles made from it are signed with.
  func withBagSource<T: Sendable>(_ body: @Sendable (BagSource) async throws -> T) async throws -> T

  /// A number that moves whenever the catalogue may have changed, asked often and cheaply: the
  /// read cache is kept while it stays the same.
  func version() throws -> Int64

  /// Closes every connection.
  func close() async
}
