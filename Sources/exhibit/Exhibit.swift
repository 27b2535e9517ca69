import ArgumentParser

/// The `exhibit` command: audit evidence for accessibility testing.
@main
struct Exhibit: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exhibit",
    abstract: "Audit evidence for accessibility testing: criteria, recordings, verdicts, bundles.",
    discussion: """
      The database is --db PATH, else $EXHIBIT_DB, else ./Database/exhibit.sqlite.
      Run `exhibit init` in a folder to make it a workspace.
      """,
    subcommands: [
      Init.self, CriteriaCommand.self, CatalogueCommand.self, RecordingsCommand.self, Link.self, Unlink.self,
      Suggest.self, CoverageCommand.self, History.self, Show.self, Search.self, Bundle.self, Verify.self,
      Serve.self, Users.self,
    ]
  )
}
