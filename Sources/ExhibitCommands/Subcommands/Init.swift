import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit init`: make the current folder a workspace.
struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Create Media/ and the database in the current folder (existing ones are kept).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  struct Report: Encodable {
    let mediaPath: String
    let databasePath: String
    let createdMedia: Bool
    let createdDatabase: Bool
    let schemaVersion: Int
  }

  func run() throws {
    try reportingFailures {
      let workspace = Workspace(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      let result = try workspace.initialize(databasePath: global.databasePath)
      let report = Report(
        mediaPath: result.mediaPath, databasePath: result.databasePath,
        createdMedia: result.createdMedia, createdDatabase: result.createdDatabase,
        schemaVersion: Schema.migrator.latestVersion)
      if output.json {
        try Console.json(report)
      } else {
        Console.out("\(result.createdMedia ? "created" : "kept   ") \(result.mediaPath)/")
        Console.out(
          "\(result.createdDatabase ? "created" : "kept   ") \(result.databasePath) "
            + "(schema version \(report.schemaVersion))")
      }
    }
  }
}
