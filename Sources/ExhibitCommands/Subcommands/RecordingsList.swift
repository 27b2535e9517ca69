import ArgumentParser
import ExhibitKit

/// `exhibit recordings list`
struct RecordingsList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List catalogued recordings (all statuses unless --status is given).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "Only this component (native/checkbox, or a bare name).")
  var component: String?
  @Option(help: "Only recordings of this platform.")
  var platform: Platform?
  @Option(help: "Only recordings with this status: ok, truncated or error.")
  var status: RecordingStatus?
  @Flag(help: "Only recordings Exhibit could not place under a component.")
  var unattributed = false

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let resolved: ComponentID? =
      if let component { try await catalogue.resolveComponent(component) } else { nil }
    try show(
      try await catalogue.recordings(
        component: resolved, platform: platform, status: status, unattributed: unattributed))
  }

  /// The HEARD column: how many phrases were heard, or that a recording with sound was not listened to.
  private static func heard(_ recording: RecordingSummary) -> String {
    if let phrases = recording.heardPhrases { return "\(phrases) heard" }
    return recording.audioCodec == nil ? "" : "not heard"
  }

  /// Prints the recordings, as a table or JSON.
  private func show(_ recordings: [RecordingSummary]) throws {
    if output.json {
      try Console.json(recordings)
      return
    }
    let rows = recordings.map { recording in
      [
        recording.component ?? "(unattributed)",
        recording.platform ?? "", recording.assistiveTech ?? "",
        recording.durationSeconds.map { "\($0.decimalText(places: 3)) s" } ?? "",
        recording.missing ? "missing" : recording.status.rawValue,
        Self.heard(recording),
        String((recording.sha256 ?? "").prefix(12)),
        recording.path,
      ]
    }
    Console.out(
      Table.render(
        header: ["COMPONENT", "PLATFORM", "SCREEN READER", "DURATION", "STATUS", "HEARD", "SHA-256", "PATH"],
        rows: rows))
    if recordings.isEmpty { Console.out("no recordings match; run `exhibit catalog PATH`") }
  }
}
