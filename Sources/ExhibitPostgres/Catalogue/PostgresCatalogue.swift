import ExhibitKit
import ExhibitModel
import PostgresNIO

/// The catalogue on PostgreSQL: ExhibitKit's domains over a ``PostgresStore``'s connections,
/// beside ``Store`` on SQLite. Every operation is ExhibitKit's own (`SQLCatalogue`), run on a
/// connection of the pool (``PostgresCatalogueSQL``); this engine adds what differs: full-text
/// ranking with tsvector, the bulk copy of `exhibit migrate`, and the audit trail's lock.
public struct PostgresCatalogue: Sendable {
  /// The database's connections and transactions.
  public let store: PostgresStore

  /// A catalogue on `store`'s database, whose schema ``PostgresStore/migrate(grantingTo:)`` made.
  public init(store: PostgresStore) {
    self.store = store
  }

  /// The logger queries are sent with.
  var logger: Logger { store.logger }
}

extension PostgresCatalogue: SQLCatalogue {
  /// The database's URL, without its password.
  public var location: String { store.url }

  /// Runs `body` on a connection of the pool, leased for as long as it runs.
  /// - Throws: `PostgresStoreError`, or what `body` throws.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueConnection) async throws -> Result
  ) async throws -> Result {
    let store = store
    return try await store.withConnection { connection in
      try await body(CatalogueConnection(PostgresCatalogueSQL(connection: connection, store: store)))
    }
  }
}
