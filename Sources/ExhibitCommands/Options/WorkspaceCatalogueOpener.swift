import ExhibitKit
import Foundation

/// Opens the catalogue of a SQLite workspace: the database file `--db`, `$EXHIBIT_DB` or the
/// current folder names. Beside ``TeamBinaryHandOver`` and exhibit-team's PostgreSQL opener, it
/// lets a command be written once, for whichever catalogue its database names.
struct WorkspaceCatalogueOpener: CatalogueOpener {
  /// `.write` makes a missing database; `.read` refuses it.
  let access: Store.Access

  /// Nothing to hand over: the file opens here.
  func prepare() {}

  /// Makes the database file (migrated) unless it exists.
  /// - Returns: What was done: `created` when the file was made now.
  /// - Throws: ``WorkspaceError`` or the store's error.
  func initialize(url: String, grantingTo role: String?) async throws -> CatalogueInitialization {
    let created = try Workspace.initializeDatabase(at: url)
    return CatalogueInitialization(
      location: url, applied: [], version: Schema.migrator.latestVersion, created: created)
  }

  /// Runs `body` on the workspace's catalogue at `url`, opened for ``access``.
  func withCatalogue<Result: Sendable>(
    url: String, _ body: @Sendable (any CatalogueStorage) async throws -> Result
  ) async throws -> Result {
    try await body(WorkspaceCatalogue(store: try Store.open(at: url, access: access)))
  }

  /// The key beside the database.
  func signingKeyPath(url: String) -> String { SigningKey.path(forDatabase: url) }

  /// Whether the database file exists.
  func hasCatalogue(url: String) -> Bool { FileManager.default.fileExists(atPath: url) }
}
