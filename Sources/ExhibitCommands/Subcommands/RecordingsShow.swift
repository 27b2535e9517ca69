import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit recordings show RECORDING`
struct RecordingsShow: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show every field of a recording, its captions and its evidence links.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The recording: its path, or a prefix of its SHA-256.")
  var recording: String

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let here = FileManager.default.currentDirectoryPath
    try RecordingText.print(
      try await catalogue.recordingDetail(recording, currentDirectory: here), json: output.json)
  }
}
