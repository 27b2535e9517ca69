import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit recordings show RECORDING`
struct RecordingsShow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show every field of a recording, its captions and its evidence links.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The recording: its path, or a prefix of its SHA-256.")
  var recording: String

  func run() throws {
    try reportingFailures {
      let store = try global.openForReading()
      try RecordingText.print(
        try store.recordingDetail(id: try store.resolveRecording(recording)), json: output.json)
    }
  }

  /// `recordings show` on a catalogue on a database server.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      let (recording, here) = (self.recording, FileManager.default.currentDirectoryPath)
      try RecordingText.print(
        try await opener.withCatalogue(url: global.databasePath) { catalogue in
          try await catalogue.recordingDetail(recording, currentDirectory: here)
        }, json: output.json)
    }
  }

}
