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
      FindingsCommand.self, Frame.self, KeysCommand.self, ApproveCommand.self, Serve.self, Users.self,
      Migrate.self, ListenCommand.self,
      ProbeHelperCommand.self,
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
    opener: any EvidenceStoreOpener, catalogueOpener: any CatalogueOpener = TeamBinaryHandOver(),
    trackerOpener: any TrackerOpener = TeamBinaryHandOver()
  ) async {
    Self.opener = opener
    Self.catalogueOpener = catalogueOpener
    Self.trackerOpener = trackerOpener
    do {
      // The root's help and version, and the plain lines of the commands that read and print,
      // are answered without parsing: the parser's reflection on the command tree (a check for
      // a completion-script request among it) is most of their time. The root's help is the
      // parser's page written from the subcommands' configurations (``RootHelp``, whose tests
      // compare the two), unless `$COLUMNS` or a narrow terminal asks the parser for another.
      let arguments = CommandLine.arguments.dropFirst()
      if arguments.count == 1, let only = arguments.first,
        only == "--help" || only == "-h" || only == "--version"
      {
        print(only == "--version" ? configuration.version : RootHelp.forThisTerminal() ?? helpMessage())
        return
      }
      if let plain = PlainCommands.work(for: Array(arguments)) {
        let opener = openerOf(plain.databasePath, writes: plain.writes)
        if opener is WorkspaceCatalogueOpener || opener is TeamBinaryHandOver {
          // A workspace file's catalogue never waits, and the hand-over to exhibit-team replaces
          // this process before anything waits: the work runs here, without starting the pool.
          try CallerThreadExecutor.run { try await plain.run(with: opener) }
        } else {
          try await plain.run(with: opener)
        }
        return
      }
      var command = try parseAsRoot()
      // The concrete type: a cast to a protocol the command does not conform to costs the Swift
      // runtime a search of every conformance in the binary (a twentieth of a millisecond).
      if let catalogue = command as? CatalogueCommand {
        try await catalogue.run(with: openerOf(catalogue.global.databasePath, writes: true))
      } else if let migrate = command as? Migrate {
        try await migrate.run()
      } else if let written = command as? any CatalogueCommandBody {
        let opener = openerOf(written.global.databasePath, writes: written.writes)
        if opener is TeamBinaryHandOver {
          try CallerThreadExecutor.run { try await written.run(with: opener) }
        } else {
          try await written.run(with: opener)
        }
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }

  /// The opener of the catalogue `databasePath` names: a database server's (``catalogueOpener``),
  /// or the SQLite workspace file's.
  /// - Parameters:
  ///   - databasePath: `--db`, `$EXHIBIT_DB` or the current folder's database.
  ///   - writes: Whether the command writes, so a missing workspace database is made.
  /// - Returns: The opener to hand the command.
  static func openerOf(_ databasePath: String, writes: Bool) -> any CatalogueOpener {
    DatabaseURL.isPostgres(databasePath)
      ? catalogueOpener : WorkspaceCatalogueOpener(access: writes ? .write : .read)
  }

  /// How this binary opens the evidence store a command names (``main(opener:catalogueOpener:)`` sets it).
  nonisolated(unsafe) static var opener: any EvidenceStoreOpener = TeamBinaryHandOver()

  /// How this binary opens a catalogue on a database server (``main(opener:catalogueOpener:)`` sets it).
  nonisolated(unsafe) static var catalogueOpener: any CatalogueOpener = TeamBinaryHandOver()

  /// How this binary reaches a developers' tracker (``main(opener:catalogueOpener:trackerOpener:)`` sets it).
  nonisolated(unsafe) static var trackerOpener: any TrackerOpener = TeamBinaryHandOver()

  public init() {}
}
