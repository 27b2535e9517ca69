import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit link RECORDING ITEM --verdict V`
struct Link: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "link",
    abstract:
      "Link a recording, seconds of it, a screenshot or an observation to a criterion with a verdict.",
    discussion: """
      The recording is its path or a SHA-256 prefix (8 hex digits or more); a screenshot (PNG, \
      JPEG, WebP) is named the same way once catalogued, and is linked whole. The item is its key, \
      e.g. native/checkbox#screenreader.role. For an item no recording shows well, \
      `exhibit link --observation ITEM --verdict V --note TEXT --platform P` records what you \
      observed, with no file. The link pins the criteria revision it was judged against. The \
      auditor is --auditor, else $EXHIBIT_AUDITOR, else the login name.
      """)
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(
    help: "The recording or screenshot: its path, or a prefix of its SHA-256 (the item, with --observation).")
  var recording: String
  @Argument(help: "The criteria item's key, e.g. native/checkbox#screenreader.role.")
  var item: String?
  @Flag(help: "Judge an observation: no file, the note says what was seen (name only the item).")
  var observation = false
  @Option(help: "The platform an observation was made on (ios, android, macos, windows).")
  var platform: Platform?
  @Option(help: "The screen reader an observation was made with, if any.")
  var screenReader: AssistiveTech?
  @Option(help: "pass, fail, not-applicable or untested.")
  var verdict: Verdict
  @Option(
    help: "Start of the segment: seconds (2.5 or 2,5) or minutes:seconds (0:02.5).",
    transform: { try SegmentTime.seconds($0) })
  var from: Double?
  @Option(
    help: "End of the segment, written as --from is.", transform: { try SegmentTime.seconds($0) })
  var to: Double?
  @Option(help: "Who judged (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?
  @Option(help: "A note on the verdict.")
  var note: String = ""
  @Flag(help: "Link an item that does not apply to the recording's platform (recorded as an override).")
  var otherPlatform = false
  @Flag(help: "Link a recording attributed to another component (recorded as an override).")
  var otherComponent = false
  @Flag(help: "Link a component outside the audit's scope (recorded on the link).")
  var outsideScope = false
  @Option(
    help: "Where it was judged, e.g. 'iOS 17.4, VoiceOver, iPhone 13' (screen reader, OS, browser, device).")
  var env: String?
  @Option(help: "The screen reader's version.")
  var screenReaderVersion: String?
  @Option(help: "The OS and its version, e.g. 'iOS 17.4'.")
  var os: String?
  @Option(help: "The browser and its version, e.g. 'Chrome 126'.")
  var browser: String?
  @Option(help: "The device, e.g. 'iPhone 13'.")
  var device: String?

  /// `--env` with each field given on its own laid over it.
  var environment: LinkEnvironment {
    let environment = LinkEnvironment(describing: env ?? "")
    let os = os.map { LinkEnvironment(describing: $0) }
    let browser = browser.map { LinkEnvironment(describing: $0) }
    return LinkEnvironment(
      assistiveTech: environment.assistiveTech,
      assistiveTechVersion: screenReaderVersion ?? environment.assistiveTechVersion,
      os: os?.os ?? self.os ?? environment.os, osVersion: os?.osVersion ?? environment.osVersion,
      browser: browser?.browser ?? self.browser ?? environment.browser,
      browserVersion: browser?.browserVersion ?? environment.browserVersion,
      device: device ?? environment.device)
  }

  func validate() throws {
    if observation {
      guard item == nil else {
        throw ValidationError(
          "an observation rests on no file: name only the item (exhibit link --observation ITEM)")
      }
      guard from == nil, to == nil else {
        throw ValidationError("an observation has no time: leave out --from and --to")
      }
    } else {
      guard item != nil else {
        throw ValidationError(
          "name the item after the recording, or pass --observation to judge without a file")
      }
      guard platform == nil, screenReader == nil else {
        throw ValidationError("--platform and --screen-reader are for observations; a recording says its own")
      }
    }
  }

  func run(on catalogue: any CatalogueStorage) async throws {
    var request = LinkRequest(
      recording: observation ? nil : recording, item: item ?? recording, verdict: verdict, from: from,
      to: to,
      auditor: CommandActor.current(explicit: auditor),
      note: note,
      overridePlatform: otherPlatform, overrideComponent: otherComponent, audit: audits.audit,
      environment: environment)
    request.observedPlatform = platform
    request.observedAssistiveTech = screenReader
    request.outsideScope = outsideScope
    let link = try await catalogue.link(request)
    if output.json {
      try Console.json(link)
    } else {
      let segment =
        link.startSeconds.map {
          " \($0.decimalText(places: 3))–\((link.endSeconds ?? $0).decimalText(places: 3)) s"
        } ?? ""
      Console.out(
        "link \(link.id): \(link.item) (revision \(link.revision)) \(link.verdict.rawValue) by \(link.auditor)"
          + " — \(link.evidence == .observation ? "observation on \(link.observedPlatform?.displayName ?? "")" : link.recordingPath)\(segment)"
          + (link.platformOverride ? " [platform override]" : "")
          + (link.componentOverride ? " [component override]" : "")
          + (link.environment.map { " [\($0.summary)]" } ?? "") + " in audit \(link.audit)")
    }
  }
}

extension Verdict: WordChoice {}
