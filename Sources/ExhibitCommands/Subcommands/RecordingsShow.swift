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
      let detail = try store.recordingDetail(id: try store.resolveRecording(recording))
      if output.json {
        try Console.json(detail)
        return
      }
      for line in RecordingText.lines(detail) { Console.out(line) }
    }
  }

}
