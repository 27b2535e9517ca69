import ExhibitKit
import ExhibitModel

/// What `exhibit link` was asked, read by the parser (``Link``) or from a plain line
/// (``Link/plainWork(_:)``): both make their link here, so both make the same one.
struct LinkWords: Sendable {
  var recording: String
  var item: String?
  var observation = false
  var platform: Platform?
  var screenReader: AssistiveTech?
  var verdict: Verdict
  var from: Double?
  var to: Double?
  var auditor: String?
  var note = ""
  var otherPlatform = false
  var otherComponent = false
  var outsideScope = false
  var env: String?
  var screenReaderVersion: String?
  var os: String?
  var browser: String?
  var device: String?
  var audit: String?
  var json = false

  /// Why the words do not make a link, in the parser's words; nil when they do.
  var problem: String? {
    if observation {
      if item != nil {
        return "an observation rests on no file: name only the item (exhibit link --observation ITEM)"
      }
      if from != nil || to != nil { return "an observation has no time: leave out --from and --to" }
    } else {
      if item == nil {
        return "name the item after the recording, or pass --observation to judge without a file"
      }
      if platform != nil || screenReader != nil {
        return "--platform and --screen-reader are for observations; a recording says its own"
      }
    }
    return nil
  }

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

  /// The link these words ask the catalogue for.
  var request: LinkRequest {
    var request = LinkRequest(
      recording: observation ? nil : recording, item: item ?? recording, verdict: verdict, from: from,
      to: to, auditor: CommandActor.current(explicit: auditor), note: note,
      overridePlatform: otherPlatform, overrideComponent: otherComponent, audit: audit,
      environment: environment)
    request.observedPlatform = platform
    request.observedAssistiveTech = screenReader
    request.outsideScope = outsideScope
    return request
  }

  /// Records the link and prints it.
  func link(on catalogue: any CatalogueStorage) async throws {
    let link = try await catalogue.link(request)
    if json { return try Console.json(link) }
    let segment =
      link.startSeconds.map {
        " \($0.decimalText(places: 3))–\((link.endSeconds ?? $0).decimalText(places: 3)) s"
      } ?? ""
    let evidence =
      link.evidence == .observation
      ? "observation on \(link.observedPlatform?.displayName ?? "")" : link.recordingPath
    Console.out(
      "link \(link.id): \(link.item) (revision \(link.revision)) \(link.verdict.rawValue) by \(link.auditor)"
        + " — \(evidence)\(segment)"
        + (link.platformOverride ? " [platform override]" : "")
        + (link.componentOverride ? " [component override]" : "")
        + (link.environment.map { " [\($0.summary)]" } ?? "") + " in audit \(link.audit)")
  }
}
