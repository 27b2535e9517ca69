import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit init`: make the current folder a workspace.
struct Init: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Create Media/ and the database in the current folder (existing ones are kept).",
    discussion: """
      With a PostgreSQL catalogue (--db or $EXHIBIT_DB a postgres:// URL), makes the schema in \
      the database, which must exist, or brings it up to date; the connecting role owns it.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(
    help: ArgumentHelp(
      "On PostgreSQL: the role the other commands connect as, given only the rights they need.",
      valueName: "role"))
  var grant: String?

  struct Report: Encodable {
    let mediaPath: String
    let databasePath: String
    let createdMedia: Bool
    let createdDatabase: Bool
    let schemaVersion: Int
  }

  func validate() throws {
    if grant != nil && !global.isServerDatabase {
      throw ValidationError("--grant is for a PostgreSQL catalogue (--db or $EXHIBIT_DB a postgres:// URL)")
    }
  }

  var writes: Bool { true }

  /// `Media/` here, the catalogue where the database names it: a workspace file, or the schema
  /// in a server's database.
  func body(with opener: any CatalogueOpener) async throws {
    // Handed over before Media/ is made, or `exhibit-team` would find it made and say kept.
    try opener.prepare()
    let workspace = Workspace(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let createdMedia = try workspace.initializeMedia()
    let done = try await opener.initialize(url: global.databasePath, grantingTo: grant)
    try show(
      Report(
        mediaPath: workspace.mediaPath, databasePath: done.location, createdMedia: createdMedia,
        createdDatabase: done.created, schemaVersion: done.version))
  }

  private func show(_ report: Report) throws {
    if output.json {
      try Console.json(report)
    } else {
      Console.out("\(report.createdMedia ? "created" : "kept   ") \(report.mediaPath)/")
      Console.out(
        "\(report.createdDatabase ? "created" : "kept   ") \(report.databasePath) "
          + "(schema version \(report.schemaVersion))")
    }
  }
}
