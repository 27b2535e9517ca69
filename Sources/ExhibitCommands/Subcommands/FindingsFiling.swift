import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit findings file [F...] --to github:OWNER/REPO [--api-url URL] [--public-url URL] [--dry-run]`
struct FindingsFile: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "file",
    abstract:
      "File findings to the developers' tracker (a GitHub issue each), or update the issues they have.",
    discussion: """
      Without findings named, every open, filed or regressed finding of the audit is filed. A \
      finding is filed once: its issue key is stored and its id is in the issue, so filing again \
      updates the issue, and a finding merged into another comments on its own issue. The body says \
      what was expected, what the screen reader said, the steps, the environment, the WCAG criteria \
      and the severity, with a link to its seconds of video on --public-url (the team's Exhibit). \
      The token is $GITHUB_TOKEN or --token-file; --dry-run prints what would be filed and sends nothing.
      """)
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @OptionGroup var tracker: TrackerOptions
  @Argument(help: "The findings, e.g. F-1 F-3 (default: every outstanding one of the audit).")
  var findings: [String] = []
  @Option(help: "Where to file: github:OWNER/REPO, or jira:PROJECT with --jira-url.")
  var to: String
  @Option(help: "The team's Exhibit, e.g. https://exhibit.example.org, for links to the seconds of video.")
  var publicURL: String?
  @Flag(help: "Print what would be filed; send nothing and store nothing.")
  var dryRun = false
  @Option(help: "Who files (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func validate() throws { _ = try target() }

  /// `--to` read: the tracker's kind and project.
  private func target() throws -> (kind: String, project: String) {
    guard let target = TrackerDestination.Settings.target(to) else {
      throw ValidationError(
        "--to names a GitHub repository (github:OWNER/REPO) or a Jira project (jira:PROJECT)")
    }
    if target.kind == "jira", tracker.jiraURL == nil {
      throw ValidationError("--to jira:PROJECT needs --jira-url (the Jira site)")
    }
    return target
  }

  func run(on catalogue: any CatalogueStorage) async throws {
    let actor = CommandActor.current(explicit: auditor)
    let details = try await catalogue.findingsToFile(audit: audits.audit, references: findings, actor: actor)
    if dryRun {
      let issues = details.map { TrackerIssue($0, publicURL: publicURL) }
      return try FindingText.printDryRun(zip(details, issues), to: to, json: output.json)
    }
    let (kind, project) = try target()
    let client = try await Exhibit.trackerOpener.open(try tracker.destination(kind: kind, project: project))
    ProbeDeadline.boxProbes()
    let filer = FindingFiler(tracker: client, publicURL: publicURL)
    var filed: [FindingFiler.Filed] = []
    var failed = 0
    for detail in details {
      do {
        if let done = try await filer.file(
          detail, catalogue: catalogue, actor: actor, warn: { Console.warning($0) })
        {
          filed.append(done)
          if !output.json {
            Console.out("\(done.finding) \(done.action) \(done.tracker.key) \(done.tracker.url)")
          }
        }
      } catch {
        failed += 1
        Console.error(String(describing: error))
      }
    }
    await client.shutdown()
    if output.json { try Console.json(filed) }
    if failed > 0 { throw ExitCode.failure }
  }
}

/// `exhibit findings sync [--api-url URL] [--jira-url URL] [--token-file F]`
struct FindingsSync: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Read each filed finding's issue back: closed makes it fixed, reopened makes it open again.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @OptionGroup var tracker: TrackerOptions

  func run(on catalogue: any CatalogueStorage) async throws {
    let actor = CommandActor.current()
    // One list (brought up to date once): the findings a tracker's word can move.
    let followed: Set<FindingStatus> = [.filed, .fixed, .open, .regressed]
    let filed = try await catalogue.findings(audit: audits.audit, filter: FindingFilter(), actor: actor)
      .findings
      .filter { $0.tracker != nil && followed.contains($0.status) }
    var clients: [String: any IssueTracker] = [:]
    var moved: [SyncedFinding] = []
    var failed = 0
    for finding in filed.sorted(by: { $0.id < $1.id }) {
      guard let issue = finding.tracker else { continue }
      // GitHub's keys are OWNER/REPO#12, Jira's PROJ-12.
      let project =
        issue.kind == "jira"
        ? String(issue.key.split(separator: "-").dropLast().joined(separator: "-"))
        : String(issue.key.split(separator: "#").first ?? "")
      do {
        let client: any IssueTracker
        if let open = clients["\(issue.kind):\(project)"] {
          client = open
        } else {
          // A Jira issue's address is SITE/browse/KEY.
          let site = issue.url.range(of: "/browse/").map { String(issue.url[..<$0.lowerBound]) }
          client = try await Exhibit.trackerOpener.open(
            try tracker.destination(kind: issue.kind, project: project, site: site))
          clients["\(issue.kind):\(project)"] = client
        }
        let closed: Bool
        do {
          closed = try await client.isClosed(issue)
        } catch let error as TrackerError {
          throw TrackerError(tracker: error.tracker, finding: finding.reference, reason: error.reason)
        }
        if let status = try await catalogue.recordTrackerState(
          finding.reference, closed: closed, actor: actor)
        {
          moved.append(SyncedFinding(finding: finding.reference, status: status, tracker: issue))
          if !output.json {
            Console.out(
              "\(finding.reference) \(status.rawValue) (\(issue.key) is \(closed ? "closed" : "open"))")
          }
        }
      } catch {
        failed += 1
        Console.error(String(describing: error))
      }
    }
    for client in clients.values { await client.shutdown() }
    if output.json {
      try Console.json(moved)
    } else if moved.isEmpty, failed == 0 {
      Console.out("\(filed.count) filed findings read; none moved")
    }
    if failed > 0 { throw ExitCode.failure }
  }
}

/// What `findings sync --json` prints for each finding that moved.
struct SyncedFinding: Encodable {
  let finding: String
  let status: FindingStatus
  let tracker: FindingTracker
}

/// `exhibit findings export --format csv|markdown|json`
struct FindingsExport: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write an audit's findings as CSV (Jira's importer reads it), a Markdown list, or JSON.")
  var writes: Bool { true }

  /// The export's formats.
  enum Format: String, WordChoice {
    case csv, markdown, json
  }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var audits: AuditOption
  @Option(help: "csv, markdown or json.")
  var format: Format = .markdown
  @Option(help: "Only this status (default: all but merged and withdrawn).")
  var status: FindingStatus?
  @Option(help: "The team's Exhibit, for links to seconds of video in the CSV's descriptions.")
  var publicURL: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    let listed = try await catalogue.findings(
      audit: audits.audit, filter: FindingFilter(status: status), actor: CommandActor.current())
    switch format {
    case .json:
      try Console.json(listed.findings)
    case .markdown:
      Console.document(
        FindingExport.markdown(listed.findings, heading: "Findings of \(listed.audit.name)"))
    case .csv:
      var details: [FindingDetail] = []
      for finding in listed.findings { details.append(try await catalogue.finding(finding.reference)) }
      Console.document(FindingExport.csv(details, publicURL: publicURL))
    }
  }
}
