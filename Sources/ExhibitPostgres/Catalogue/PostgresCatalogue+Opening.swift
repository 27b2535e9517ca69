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
      try await body(try await opened(on: store, role: location.user))
    }
  }

  /// The catalogue at `url`, for a caller that outlives one body (a server), with at most
  /// `maximumConnections` connections; close it with `store.close()`.
  /// - Throws: ``PostgresStoreError`` when it cannot be reached, this role has no rights, or its
  ///   schema is not this Exhibit's.
  public static func open(url: String, environment: [String: String], maximumConnections: Int) async throws
    -> PostgresCatalogue
  {
    let location = try PostgresLocation(url: url, environment: environment)
    let store = try await PostgresStore.open(location, maximumConnections: maximumConnections)
    do {
      return try await opened(on: store, role: location.user)
    } catch {
      await store.close()
      throw error
    }
  }

  /// The catalogue on `store`, once its schema is found to be this Exhibit's.
  private static func opened(on store: PostgresStore, role: String) async throws -> PostgresCatalogue {
    let version: Int
    do {
      version = try await store.schemaVersion()
    } catch let error as PostgresStoreError where error.sqlState == "42501" {
      // The schema is there, and this role was never given its rights.
      throw PostgresStoreError.notGranted(store.url, role: role)
    }
    if version > PostgresSchema.latestVersion {
      throw PostgresStoreError.newerSchema(store.url, version: version, known: PostgresSchema.latestVersion)
    }
    if version < PostgresSchema.latestVersion {
      throw PostgresStoreError.olderSchema(store.url, version: version, needed: PostgresSchema.latestVersion)
    }
    return PostgresCatalogue(store: store)
  }
}
