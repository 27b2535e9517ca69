import ArgumentParser
import ExhibitKit

/// The `exhibit` command: audit evidence for accessibility testing. Two binaries run it: `exhibit`,
/// which hands a command that names an evidence store to `exhibit-team` beside it, and
/// `exhibit-team`, which links the S3 client (SwiftNIO, async-http-client) that `exhibit` stays
/// free of, so that every other command starts without it.
public struct Exhibit: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "exhibit",
    abstract: "Audit evidence for accessibility testing: criteria, recordings, verdicts, bundles.",
    discussion: """
      The database is --db PATH, else $EXHIBIT_DB, else ./Database/exhibit.sqlite.
      Run `exhibit init` in a folder to make it a workspace.
      """,
    version: ExhibitModel.Exhibit.version,
    subcommands: [
      Init.self, CriteriaCommand.self, CatalogueCommand.self, RecordingsCommand.self, Link.self, Unlink.self,
      Suggest.self, CoverageCommand.self, History.self, Show.self, Search.self, Bundle.self, Verify.self,
      ProductCommand.self, AuditCommand.self, RetestCommand.self, WCAGCommand.self, ACRCommand.self,
      Serve.self, Users.self, Migrate.self, ProbeHelperCommand.self,
    ]
  )

  /// Parses the arguments and runs the command on the main thread, with `opener` for the
  /// evidence store a command names.
  ///
  /// Swift's thread pool starts only for the commands that wait on concurrent work (`catalog`,
  /// `migrate`); the others are synchronous and run where they were parsed, which saves the
  /// pool's threads and a hop to one of them, about a millisecond of every command's start. The
  /// main actor's isolation keeps it so: the binaries' top-level code calls it without a hop.
  @MainActor
  public static func main(
    opener: any EvidenceStoreOpener, catalogueOpener: any CatalogueOpener = TeamBinaryHandOver()
  ) async {
    Self.opener = opener
    Self.catalogueOpener = catalogueOpener
    do {
      // The root's help and version, and a plain search, are answered without parsing: the
      // parser's reflection on the command tree (a check for a completion-script request among
      // it) is most of their time (``StartupTests``).
      let arguments = CommandLine.arguments.dropFirst()
      if arguments.count == 1, let only = arguments.first,
        only == "--help" || only == "-h" || only == "--version"
      {
        print(only == "--version" ? configuration.version : helpMessage())
        return
      }
      if arguments.first == "search", let search = SearchInvocation(plain: Array(arguments.dropFirst())) {
        if DatabaseURL.isPostgres(search.databasePath) {
          try await search.runOnServer(catalogueOpener)
        } else {
          try search.run()
        }
        return
      }
      var command = try parseAsRoot()
      // The concrete type: a cast to a protocol the command does not conform to costs the Swift
      // runtime a search of every conformance in the binary (a twentieth of a millisecond).
      if let catalogue = command as? CatalogueCommand {
        if catalogue.runsOnServerCatalogue {
          try await catalogue.runOnServer(catalogueOpener)
        } else {
          try await catalogue.run()
        }
      } else if let migrate = command as? Migrate {
        try await migrate.run()
      } else if try await runOnServerCatalogue(command) {
        return
      } else if let shared = command as? any CatalogueStorageCommand {
        try await shared.runOnWorkspace()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }

  /// How this binary opens the evidence store a command names (``main(opener:catalogueOpener:)`` sets it).
  nonisolated(unsafe) static var opener: any EvidenceStoreOpener = TeamBinaryHandOver()

  /// How this binary opens a catalogue on a database server (``main(opener:catalogueOpener:)`` sets it).
  nonisolated(unsafe) static var catalogueOpener: any CatalogueOpener = TeamBinaryHandOver()

  /// Runs `command` on a catalogue on a database server when it is one of the commands that run
  /// there (``ServerCatalogueCommand``) and its database is one.
  /// - Returns: Whether the command ran.
  private static func runOnServerCatalogue(_ command: any ParsableCommand) async throws -> Bool {
    guard GlobalOptions.serverDatabaseNamed, let served = command as? any ServerCatalogueCommand,
      served.runsOnServerCatalogue
    else { return false }
    try await served.runOnServer(catalogueOpener)
    return true
  }

  public init() {}
}
