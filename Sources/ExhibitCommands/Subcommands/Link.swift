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

  /// The words the parser read.
  var words: LinkWords {
    LinkWords(
      recording: recording, item: item, observation: observation, platform: platform,
      screenReader: screenReader,
      verdict: verdict, from: from, to: to, auditor: auditor, note: note, otherPlatform: otherPlatform,
      otherComponent: otherComponent, outsideScope: outsideScope, env: env,
      screenReaderVersion: screenReaderVersion, os: os, browser: browser, device: device, audit: audits.audit,
      json: output.json)
  }

  func validate() throws {
    if let problem = words.problem { throw ValidationError(problem) }
  }

  func run(on catalogue: any CatalogueStorage) async throws { try await words.link(on: catalogue) }
}

extension Link: PlainReadable {
  static let plainPath = ["link"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 1...2,
    options: [
      "--db", "--audit", "--platform", "--screen-reader", "--verdict", "--from", "--to", "--auditor",
      "--note",
      "--env", "--screen-reader-version", "--os", "--browser", "--device",
    ],
    flags: ["--json", "--observation", "--other-platform", "--other-component", "--outside-scope"])

  /// The link a plain line asks; nil (for the parser, which reports it) when a value is not one it
  /// takes or the words do not make a link.
  static func plainWork(_ line: PlainLine) -> PlainWork? {
    guard let recording = line.argument(0), let verdict = line.choice("--verdict", as: Verdict.self) ?? nil,
      let platform = line.choice("--platform", as: Platform.self),
      let screenReader = line.choice("--screen-reader", as: AssistiveTech.self),
      let from = seconds(line.value("--from")), let to = seconds(line.value("--to"))
    else { return nil }
    let words = LinkWords(
      recording: recording, item: line.argument(1), observation: line.has("--observation"),
      platform: platform,
      screenReader: screenReader, verdict: verdict, from: from, to: to, auditor: line.value("--auditor"),
      note: line.value("--note") ?? "", otherPlatform: line.has("--other-platform"),
      otherComponent: line.has("--other-component"), outsideScope: line.has("--outside-scope"),
      env: line.value("--env"), screenReaderVersion: line.value("--screen-reader-version"),
      os: line.value("--os"),
      browser: line.value("--browser"), device: line.value("--device"), audit: line.value("--audit"),
      json: line.has("--json"))
    guard words.problem == nil else { return nil }
    return PlainWork(db: line.value("--db"), writes: true) { try await words.link(on: $0) }
  }

  /// A time word read as `--from` and `--to` read it: `.some(nil)` when not given, nil when the
  /// parser would refuse it.
  private static func seconds(_ word: String?) -> Double?? {
    guard let word else { return .some(nil) }
    return (try? SegmentTime.seconds(word)).map { .some($0) } ?? nil
  }
}

extension Verdict: WordChoice {}
