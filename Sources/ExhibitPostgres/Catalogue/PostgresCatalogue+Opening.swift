import ExhibitKit
import ExhibitModel

extension PostgresCatalogue {
  /// Runs `body` on the catalogue `url` names, once its schema is known to be this Exhibit's.
  /// - Parameters:
  ///   - url: A `postgres://` URL; the password may come from the environment or a password file.
  ///   - environment: Where `PG*` variables are read.
  ///   - body: The work.
  /// - Returns: What `body` returned.
  /// - Throws: ``PostgresStoreError``: a bad URL, an unreachable server, a schema older or newer
  ///   than this Exhibit's; or what `body` throws.
  public static func with<Result: Sendable>(
    url: String, environment: [String: String], _ body: (PostgresCatalogue) async throws -> Result
  ) async throws -> Result {
    let location = try PostgresLocation(url: url, environment: environment)
    return try await PostgresStore.with(location) { store in
      let version: Int
      do {
        version = try await store.schemaVersion()
      } catch let error as PostgresStoreError where error.sqlState == "42501" {
        // The schema is there, and this role was never given its rights.
        throw PostgresStoreError.notGranted(store.url, role: location.user)
      }
      if version > PostgresSchema.latestVersion {
        throw PostgresStoreError.newerSchema(store.url, version: version, known: PostgresSchema.latestVersion)
      }
      if version < PostgresSchema.latestVersion {
        throw PostgresStoreError.olderSchema(
          store.url, version: version, needed: PostgresSchema.latestVersion)
      }
      return try await body(PostgresCatalogue(store: store))
    }
  }
}
