import ExhibitStorage

/// A catalogue whose every operation is ExhibitKit's domain code over one SQL seam
/// (``CatalogueConnection``): an engine supplies connections, and gets the whole of
/// ``CatalogueStorage`` from this protocol's extensions, written once for SQLite and PostgreSQL.
/// What differs between engines stays with the engine: full-text ranking (``SearchStorage``), the
/// bulk copy of `exhibit migrate`, and how a write transaction takes the audit chain's lock.
public protocol SQLCatalogue: CatalogueStorage, Sendable {
  /// Runs `body` on one connection of the catalogue, on a thread that may wait for it; the
  /// operations open their own read snapshots and write transactions on it.
  /// - Returns: What `body` returned.
  /// - Throws: The engine's error, or what `body` throws.
  func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueConnection) async throws -> Result
  ) async throws -> Result

  /// What `verify` checks of the engine's own storage, beside the trail and the tables (SQLite's
  /// integrity check); nothing by default.
  /// - Throws: The engine's error.
  func storageProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem]

  /// What `verify` checks of caches the engine keeps beside the evidence (SQLite's search
  /// statistics); nothing by default.
  /// - Throws: The engine's error.
  func cacheProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem]
}

extension SQLCatalogue {
  /// No checks of the engine's own beyond the trail and the tables.
  public func storageProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem] { [] }

  /// No caches beside the evidence.
  public func cacheProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem] { [] }
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
