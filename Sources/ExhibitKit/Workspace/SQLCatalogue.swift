import ExhibitStorage

/// A catalogue whose every operation is ExhibitKit's domain code over one SQL seam
/// (``CatalogueConnection``): an engine supplies connections, and gets the whole of
/// ``CatalogueStorage`` from this protocol's extensions, written once for SQLite and PostgreSQL.
/// What differs between engines stays with the engine: full-text ranking (``SearchStorage``), the
/// bulk copy of `exhibit migrate`, and how a write transaction takes the audit chain's lock.
public protocol SQLCatalogue: CatalogueStorage {
  /// Runs `body` on one connection of the catalogue, on a thread that may wait for it; the
  /// operations open their own read snapshots and write transactions on it.
  /// - Returns: What `body` returned.
  /// - Throws: The engine's error, or what `body` throws.
  func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueConnection) async throws -> Result
  ) async throws -> Result
}

/// One connection to a catalogue's database, as the domains' SQL seam (``CatalogueSQL``) sees it.
public struct CatalogueConnection {
  /// The statements' connection.
  package let sql: any CatalogueSQL

  /// - Parameter sql: A connection leased for as long as this value is used.
  package init(_ sql: any CatalogueSQL) {
    self.sql = sql
  }
}
