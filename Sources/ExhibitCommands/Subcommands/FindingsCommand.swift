import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit findings [list] | show | set | merge | file | sync | export`
struct FindingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "findings",
    abstract: "Findings: the problems an audit's fails start, followed round by round until verified.",
    discussion: """
      Each fail starts a finding (F-12) per item, platform and screen reader, numbered across every \
      round of the product; an auditor merges one problem seen in several places (findings merge). \
      A later round's pass verifies it, a fail reopens it (regressed once it was verified). Every \
      change is in the audit trail; `exhibit verify` replays them.
      """,
    subcommands: [
      FindingsList.self, FindingsShow.self, FindingsSet.self, FindingsMerge.self, FindingsFile.self,
      FindingsSync.self, FindingsExport.self,
    ],
    defaultSubcommand: FindingsList.self)
}

/// `exhibit findings list [--audit A] [--status S] [--severity S] [--component C]`
struct FindingsList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List an audit's findings: those it found and those still followed from earlier rounds.")
  // The list is brought up to date with the audit's verdicts first, which writes what changed.
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Option(help: "Only this status: open, filed, fixed, verified, regressed, accepted, withdrawn, merged.")
  var status: FindingStatus?
  @Option(help: "Only this severity: critical, serious, moderate, minor.")
  var severity: FindingSeverity?
  @Option(help: "Only findings on this component.")
  var component: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    var component: ComponentID?
    if let name = self.component { component = try await catalogue.resolveComponent(name) }
    let listed = try await catalogue.findings(
      audit: audits.audit, filter: FindingFilter(status: status, severity: severity, component: component),
      actor: CommandActor.current())
    if output.json { return try Console.json(FindingList(findings: listed.findings)) }
    for line in FindingText.list(listed.findings, audit: listed.audit) { Console.out(line) }
  }
}

/// `findings list --json`: an object with `findings`.
private struct FindingList: Encodable {
  let findings: [Finding]
}

/// `exhibit findings show F [--frame FILE.png]`
struct FindingsShow: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a finding: what was expected, what each round observed, where, and its frame.")
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var media: MediaOptions
  @Argument(help: "The finding, e.g. F-12.")
  var finding: String
  @Option(help: "Also write its still frame (the start of its failing segment) to this PNG file.")
  var frame: String?

  func validate() throws {
    if let frame, !frame.lowercased().hasSuffix(".png") {
      throw ValidationError("--frame names a PNG file: end it in .png")
    }
  }

  func body(with opener: any CatalogueOpener) async throws {
    let reference = finding
    let wantsFrame = frame != nil
    let (detail, recording) = try await opener.withCatalogue(url: global.databasePath) { catalogue in
      let detail = try await catalogue.finding(reference)
      guard wantsFrame, let still = detail.finding.frame else { return (detail, RecordingSummary?.none) }
      return (detail, try await catalogue.recordingDetail(still.sha256, currentDirectory: "/").recording)
    }
    if let out = frame {
      guard let still = detail.finding.frame, let recording else {
        throw ValidationError(
          "\(detail.finding.reference) has no frame: no failing verdict of it rests on a video")
      }
      _ = try await media.withStorage { storage in
        try StillFrameFile.write(recording, atSeconds: still.atSeconds, to: out, storage: storage)
      }
    }
    if output.json { return try Console.json(detail) }
    for line in FindingText.detail(detail) { Console.out(line) }
    if let out = frame { Console.out("Frame written   \(out)") }
  }
}

/// `exhibit findings set F [--title T] [--severity S] [--status fixed|accepted --reason TEXT]`
struct FindingsSet: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Set a finding's title, severity, or status (fixed, or accepted with a reason).")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The finding, e.g. F-12.")
  var finding: String
  @Option(help: "Its title.")
  var title: String?
  @Option(help: "critical, serious, moderate or minor.")
  var severity: FindingSeverity?
  @Option(help: "fixed (the developers say so), or accepted (won't fix; needs --reason).")
  var status: FindingStatus?
  @Option(help: "Why: required to accept a finding.")
  var reason: String?
  @Option(help: "Who sets it (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func validate() throws {
    guard title != nil || severity != nil || status != nil else {
      throw ValidationError("say what to set: --title, --severity or --status")
    }
  }

  func run(on catalogue: any CatalogueStorage) async throws {
    let set = try await catalogue.setFinding(
      finding, title: title, severity: severity, status: status, reason: reason,
      actor: CommandActor.current(explicit: auditor))
    if output.json { return try Console.json(set) }
    Console.out("\(set.reference) \(set.status.rawValue), \(set.severity.rawValue): \(set.title)")
  }
}

/// `exhibit findings merge F F...`
struct FindingsMerge: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge findings into the first: one problem seen on several items, platforms or components.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The finding that stays, then those merged into it.")
  var findings: [String]
  @Option(help: "Who merges (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func validate() throws {
    guard findings.count >= 2 else {
      throw ValidationError("name the finding that stays and at least one other")
    }
  }

  func run(on catalogue: any CatalogueStorage) async throws {
    let kept = try await catalogue.mergeFindings(
      findings[0], Array(findings.dropFirst()), actor: CommandActor.current(explicit: auditor))
    if output.json { return try Console.json(kept) }
    Console.out(
      "\(kept.reference) now rests on \(kept.columns.count) columns: "
        + kept.columns.map(\.description).joined(separator: ", "))
  }
}
