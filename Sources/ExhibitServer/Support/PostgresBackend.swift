import ExhibitKit
import ExhibitPostgres
import Foundation

/// A team's catalogue on PostgreSQL behind the server, one of as many servers as the team runs.
///
/// Every connection reads and writes; the database serializes what must be (the audit chain's
/// lock), so writes need no order here. The version is the count of changes this server heard
/// (``CatalogueChanges``), made by any server or command. Bundles are made from a checked
/// snapshot of the catalogue, signed with the key of the folder the server runs in.
final class PostgresBackend: CatalogueBackend {
  let catalogue: PostgresCatalogue
  /// What this server hears of commits.
  let changes: CatalogueChanges
  /// The key bundles are signed with: `Database/exhibit-signing.key` in the folder the server
  /// runs in; every server of a team signs with the same key when each has a copy of it.
  let signingKeyPath: String

  var location: String { catalogue.store.url }

  /// The catalogue `url` names, with `maximumConnections` connections, and a listener for its
  /// changes; the key is looked for in `folder`.
  /// - Throws: `PostgresStoreError` when it cannot be reached or its schema is not this Exhibit's.
  init(url: String, environment: [String: String], maximumConnections: Int, folder: String) async throws {
    catalogue = try await PostgresCatalogue.open(
      url: url, environment: environment, maximumConnections: maximumConnections)
    changes = CatalogueChanges.listen(to: catalogue.store)
    signingKeyPath = SigningKey.path(
      forDatabase: Workspace(root: URL(fileURLWithPath: folder)).databasePath)
  }

  func withReader<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T {
    try await body(catalogue)
  }

  /// Runs `body`, then moves the version (``CatalogueChanges/changedHere()``): a browser sent to
  /// a page after its save must see the save, whether or not its commit's signal has arrived.
  func withWriter<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T {
    defer { changes.changedHere() }
    return try await body(catalogue)
  }

  func withOwnConnection<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T)
    async throws -> T
  {
    defer { changes.changedHere() }
    return try await body(catalogue)
  }

  func withBagSource<T: Sendable>(_ body: @Sendable (BagSource) async throws -> T) async throws -> T {
    // The key is made on first use, its folder with it.
    try FileManager.default.createDirectory(
      atPath: (signingKeyPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    return try await body(BagSource(catalogue: catalogue, name: location, keyPath: signingKeyPath))
  }

  func version() throws -> Int64 {
    changes.version()
  }

  func close() async {
    await changes.stop()
    await catalogue.store.close()
  }
}
