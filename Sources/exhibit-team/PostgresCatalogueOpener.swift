import ExhibitCommands
import ExhibitKit
import ExhibitPostgres
import Foundation

/// Opens the PostgreSQL catalogue `--db` or `$EXHIBIT_DB` names.
struct PostgresCatalogueOpener: CatalogueOpener {
  /// Already where the catalogue opens.
  func prepare() {}

  func initialize(url: String, grantingTo role: String?) async throws -> CatalogueInitialization {
    let location = try PostgresLocation(url: url, environment: ProcessInfo.processInfo.environment)
    return try await PostgresStore.with(location, maximumConnections: 1) { store in
      let applied = try await store.migrate(grantingTo: role)
      return CatalogueInitialization(
        location: store.url, applied: applied, version: try await store.schemaVersion(),
        created: applied.first == 1)
    }
  }

  func withCatalogue<Result: Sendable>(
    url: String, _ body: @Sendable (any CatalogueStorage) async throws -> Result
  ) async throws -> Result {
    try await PostgresCatalogue.with(url: url, environment: ProcessInfo.processInfo.environment) {
      try await body($0)
    }
  }
}
