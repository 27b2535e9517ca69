import ArgumentParser
import ExhibitKit

/// `exhibit recordings list`
struct RecordingsList: ParsableCommand {
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

  func run() throws {
    try reportingFailures {
      let store = try global.openForReading()
      try show(
        try store.recordings(
          component: try component.map(store.resolveComponent), platform: platform, status: status,
          unattributed: unattributed))
    }
  }

  /// `recordings list` on a catalogue on a database server.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      let (component, platform, status, unattributed) = (
        self.component, self.platform, self.status, self.unattributed
      )
      try show(
        try await opener.withCatalogue(url: global.databasePath) { catalogue in
          var resolved: ComponentID?
          if let component { resolved = try await catalogue.resolveComponent(component) }
          return try await catalogue.recordings(
            component: resolved, platform: platform, status: status, unattributed: unattributed)
        })
    }
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
        String((recording.sha256 ?? "").prefix(12)),
        recording.path,
      ]
    }
    Console.out(
      Table.render(
        header: ["COMPONENT", "PLATFORM", "SCREEN READER", "DURATION", "STATUS", "SHA-256", "PATH"],
        rows: rows))
    if recordings.isEmpty { Console.out("no recordings match; run `exhibit catalog PATH`") }
  }
}
