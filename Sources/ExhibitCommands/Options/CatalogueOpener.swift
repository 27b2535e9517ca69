import ExhibitKit
import Foundation

/// Opens a catalogue on a database server (`--db` or `$EXHIBIT_DB` a `postgres://` URL): in
/// `exhibit-team` PostgreSQL itself, in `exhibit` a hand-over to `exhibit-team`, which links the
/// client (SwiftNIO) that `exhibit` stays free of.
public protocol CatalogueOpener: Sendable {
  /// Returns where the catalogue can be opened: in `exhibit`, hands the command to
  /// `exhibit-team` at once, before it has done any work; in `exhibit-team`, does nothing.
  /// - Throws: Why the hand-over failed.
  func prepare() throws

  /// Makes the schema in the database `url` names, or brings it up to date, and grants `role`
  /// the application's rights when given.
  /// - Returns: What was done.
  /// - Throws: The database's error, named with the URL (without its password).
  func initialize(url: String, grantingTo role: String?) async throws -> CatalogueInitialization

  /// Runs `body` on the catalogue `url` names, whose schema must be up to date.
  /// - Returns: What `body` returned.
  /// - Throws: The database's error, or what `body` throws.
  func withCatalogue<Result: Sendable>(
    url: String, _ body: @Sendable (any CatalogueStorage) async throws -> Result
  ) async throws -> Result

  /// The signing key bundles made from the catalogue `url` names are signed with, and bags are
  /// checked against.
  func signingKeyPath(url: String) -> String

  /// Whether the catalogue `url` names is there to check a bag against.
  func hasCatalogue(url: String) -> Bool
}

extension CatalogueOpener {
  /// The key of the workspace in the current folder (`Database/exhibit-signing.key`): a catalogue
  /// on a database server has no folder of its own.
  public func signingKeyPath(url: String) -> String {
    SigningKey.path(
      forDatabase: Workspace(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        .databasePath)
  }

  /// A server's catalogue is always there to ask; opening it says when it is not.
  public func hasCatalogue(url: String) -> Bool { true }
}

/// What `exhibit init` did to a server's database.
public struct CatalogueInitialization: Sendable {
  /// The database, without its password.
  public let location: String
  /// The schema versions applied now, oldest first; empty when it was up to date.
  public let applied: [Int]
  /// The schema's version now.
  public let version: Int
  /// Whether the catalogue was made now (not only brought up to date).
  public let created: Bool

  /// Describes what was done.
  public init(location: String, applied: [Int], version: Int, created: Bool) {
    self.location = location
    self.applied = applied
    self.version = version
    self.created = created
  }
}
