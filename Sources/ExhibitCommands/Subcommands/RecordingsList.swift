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
    try await Self.list(
      component: component, platform: platform, status: status, unattributed: unattributed,
      json: output.json, on: catalogue)
  }

  /// Prints the recordings of `catalogue` that match, as a table or JSON.
  static func list(
    component: String?, platform: Platform?, status: RecordingStatus?, unattributed: Bool, json: Bool,
    on catalogue: any CatalogueStorage
  ) async throws {
    let resolved: ComponentID? =
      if let component { try await catalogue.resolveComponent(component) } else { nil }
    try show(
      try await catalogue.recordings(
        component: resolved, platform: platform, status: status, unattributed: unattributed),
      json: json)
  }

  /// The HEARD column: how many phrases were heard, or that a recording with sound was not listened to.
  private static func heard(_ recording: RecordingSummary) -> String {
    if let phrases = recording.heardPhrases { return "\(phrases) heard" }
    return recording.audioCodec == nil ? "" : "not heard"
  }

  /// Prints the recordings, as a table or JSON.
  private static func show(_ recordings: [RecordingSummary], json: Bool) throws {
    if json {
      try Console.json(recordings)
      return
    }
    let rows = recordings.map { recording in
      [
        recording.component ?? "(unattributed)",
        recording.platform ?? "", recording.assistiveTech ?? "",
        recording.durationSeconds.map { "\($0.decimalText(places: 3)) s" } ?? "",
        recording.missing ? "missing" : recording.status.rawValue,
        heard(recording),
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

extension RecordingsList: PlainReadable {
  static let plainPath = ["recordings", "list"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 0...0, options: ["--db", "--component", "--platform", "--status"],
    flags: ["--json", "--unattributed"])

  static func plainWork(_ line: PlainLine) -> PlainWork? {
    guard let platform = line.choice("--platform", as: Platform.self),
      let status = line.choice("--status", as: RecordingStatus.self)
    else { return nil }
    let component = line.value("--component")
    let unattributed = line.has("--unattributed")
    let json = line.has("--json")
    return PlainWork(db: line.value("--db"), writes: false) {
      try await list(
        component: component, platform: platform, status: status, unattributed: unattributed, json: json,
        on: $0)
    }
  }
}
