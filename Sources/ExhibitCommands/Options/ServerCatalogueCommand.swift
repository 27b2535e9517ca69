import ExhibitKit
import Foundation

/// A command that runs on a catalogue on a database server as well as on a SQLite workspace.
/// Every other command opens its database as a SQLite file, which refuses a server's URL naming
/// these.
protocol ServerCatalogueCommand {
  /// The command's database options.
  var global: GlobalOptions { get }
  /// Whether this invocation runs on the server's catalogue: its database is one (and, for
  /// `verify`, no bag is named).
  var runsOnServerCatalogue: Bool { get }
  /// Runs the command on the catalogue `opener` opens.
  func runOnServer(_ opener: any CatalogueOpener) async throws
}

extension ServerCatalogueCommand {
  var runsOnServerCatalogue: Bool { global.isServerDatabase }
}

extension Init: ServerCatalogueCommand {}
extension CatalogueCommand: ServerCatalogueCommand {}
extension RecordingsList: ServerCatalogueCommand {}
extension RecordingsShow: ServerCatalogueCommand {}
extension RecordingsSet: ServerCatalogueCommand {}
extension CriteriaImport: ServerCatalogueCommand {}
extension CriteriaList: ServerCatalogueCommand {}
extension CriteriaShow: ServerCatalogueCommand {}
extension WCAGMap: ServerCatalogueCommand {}
extension UsersAdd: ServerCatalogueCommand {}
extension UsersRemove: ServerCatalogueCommand {}
extension UsersList: ServerCatalogueCommand {}
extension Bundle: ServerCatalogueCommand {}

extension Verify: ServerCatalogueCommand {
  /// A bag checked alone or against a named SQLite file needs no server.
  var runsOnServerCatalogue: Bool { againstDb == nil && !withoutDb && global.isServerDatabase }
}

extension Search: ServerCatalogueCommand {
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await invocation.runOnServer(opener)
  }
}

/// The signing key of the workspace in the current folder (`Database/exhibit-signing.key`): what
/// `bundle` signs with on a catalogue on a database server, and what `verify` checks a bag's
/// signature against there.
var serverCatalogueSigningKey: String {
  SigningKey.path(
    forDatabase: Workspace(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).databasePath)
}
