import ExhibitModel

/// A finding as an issue for the developers' tracker: a title, a Markdown body with what was
/// expected, what each failing verdict observed (the note, the captions in its seconds, a link to
/// those seconds of video), the steps, the environment, the WCAG criteria and the severity, and
/// labels. The body carries the finding's id in a marker line, so an issue is recognised as the
/// finding's own.
public struct TrackerIssue: Sendable, Equatable, Encodable {
  public let finding: String
  public let title: String
  public let body: String
  public let labels: [String]
  /// Jira's priority for its severity (Highest, High, Medium, Low).
  public let priority: String

  /// The marker line a body starts with: `<!-- exhibit finding F-12 -->`.
  public static func marker(_ reference: String) -> String { "<!-- exhibit finding \(reference) -->" }

  // Long: one Markdown document, section by section, in the order developers read a bug report.
  /// The issue of `detail`, its links to video under `publicURL` (the team's Exhibit), when given.
  public init(_ detail: FindingDetail, publicURL: String?) {
    let finding = detail.finding
    self.finding = finding.reference
    title = "[\(finding.reference)] \(finding.title)"
    let base = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    var lines = [
      Self.marker(finding.reference),
      "**Accessibility finding \(finding.reference)**, severity **\(finding.severity.rawValue)**"
        + (finding.wcag.isEmpty ? "" : ", WCAG \(finding.wcag.joined(separator: ", "))")
        + ", found in audit \(finding.audit) (\(finding.auditName)).",
      "", "### Expected",
    ]
    for expectation in detail.expected {
      lines.append("- **\(expectation.label)** (`\(expectation.item)`): \(expectation.expectation)")
    }
    lines += ["", "### Observed"]
    let fails = detail.evidence.filter { $0.verdict == .fail }
    for evidence in fails {
      let tech = evidence.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 }
      let place = [Platform(rawValue: evidence.platform)?.displayName ?? evidence.platform, tech]
        .compactMap { $0 }.joined(separator: " with ")
      var line = "- \(place), audit \(evidence.audit): failed"
      if !evidence.note.isEmpty { line += ": \(evidence.note)" }
      lines.append(line)
      if !evidence.captions.isEmpty {
        lines.append("  - The screen reader said: \"\(evidence.captions.joined(separator: " / "))\"")
      }
      if let sha = evidence.sha256, let recording = evidence.recording {
        let name = recording.split(separator: "/").last.map(String.init) ?? recording
        let from = evidence.startSeconds ?? 0
        let span =
          evidence.endSeconds.map { "\(SegmentTime.text(from))–\(SegmentTime.text($0)) s" }
          ?? "from \(SegmentTime.text(from)) s"
        if let base {
          // The recording's page on the team's Exhibit, its player at the segment's first second.
          lines.append(
            "  - Video: [\(span) of \(name)](\(base)/recordings/\(sha)?t=\(SegmentTime.text(from)))")
        } else {
          lines.append("  - Video: \(span) of `\(name)` (SHA-256 `\(sha.prefix(12))`)")
        }
      }
    }
    lines += ["", "### Steps to reproduce"]
    for (number, expectation) in detail.expected.enumerated() {
      let column = finding.columns.first { $0.item.description == expectation.item }
      let tech = column?.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 }
      let on = column.map { $0.platform.displayName } ?? "the platform"
      lines.append(
        "\(number + 1). On \(on)" + (tech.map { ", with \($0) on" } ?? "")
          + ", go to the \(Self.component(expectation.item)) and check \(expectation.label.lowercased()): "
          + expectation.expectation)
    }
    lines += ["", "### Environment"]
    lines += detail.environment.map { "- \($0)" }
    if !finding.wcag.isEmpty {
      lines += ["", "### WCAG 2.2"]
      for number in finding.wcag {
        let criterion = WCAG22.criterion(number)
        lines.append(
          "- [\(number) \(criterion?.handle ?? "")](\(criterion?.url ?? "https://www.w3.org/TR/WCAG22/"))"
            + (criterion?.level.map { " (Level \($0.rawValue))" } ?? ""))
      }
    }
    lines += ["", "Filed by Exhibit; the finding's history: `exhibit history \(finding.reference)`."]
    body = lines.joined(separator: "\n") + "\n"
    labels =
      ["accessibility", "severity: \(finding.severity.rawValue)"] + finding.wcag.map { "wcag \($0)" }
    priority = FindingExport.priority(finding.severity)
  }

  /// The component an item key names (`native/checkbox`).
  private static func component(_ item: String) -> String {
    item.split(separator: "#").first.map { "`\($0)` component" } ?? "component"
  }
}
