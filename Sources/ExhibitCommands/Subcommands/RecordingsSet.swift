import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit recordings set RECORDING [--component C] [--platform P] …`
struct RecordingsSet: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Correct what a recording is of, by hand.",
    discussion: """
      Each field given replaces what Exhibit inferred from the criteria, tags, folders and file \
      name; a later catalogue or import never changes it. The change is an audit event.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The recording: its path, or a prefix of its SHA-256.")
  var recording: String
  @Option(help: "The component it shows (native/checkbox, or a bare name).")
  var component: String?
  @Option(help: "The platform it was recorded on.")
  var platform: Platform?
  @Option(help: "The screen reader it was recorded with.")
  var screenReader: AssistiveTech?
  @Option(help: "The browser it was recorded in.")
  var browser: Browser?
  @Option(help: "The OS version or build it was recorded on, e.g. \"iOS 17.4\".")
  var osVersion: String?
  @Option(help: "The phone, tablet or computer it was recorded on.")
  var device: String?
  @Option(help: "Who sets it, for the audit trail (default: the current user).")
  var auditor: String?

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    let here = FileManager.default.currentDirectoryPath
    try await catalogue.setRecording(
      recording, correction, actor: CommandActor.current(explicit: auditor), currentDirectory: here)
    try RecordingText.print(
      try await catalogue.recordingDetail(recording, currentDirectory: here), json: output.json)
  }

  /// The fields given, as one correction.
  private var correction: RecordingCorrection {
    RecordingCorrection(
      component: component, platform: platform, assistiveTech: screenReader, browser: browser,
      osVersion: osVersion, device: device)
  }
}
