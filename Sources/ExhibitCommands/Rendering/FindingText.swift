import ExhibitKit
import ExhibitModel

/// How findings read on a terminal.
enum FindingText {
  /// An audit's findings as a table, with a count by status above it.
  static func list(_ findings: [Finding], audit: Audit) -> [String] {
    guard !findings.isEmpty else { return ["no findings in audit \(audit.id) (\(audit.name))"] }
    var counts: [FindingStatus: Int] = [:]
    for finding in findings { counts[finding.status, default: 0] += 1 }
    let summary = FindingStatus.allCases.compactMap { status in
      counts[status].map { "\($0) \(status.rawValue)" }
    }
    let rows = findings.map { finding in
      [
        finding.reference, finding.status.rawValue, finding.severity.rawValue,
        finding.wcag.joined(separator: " "), finding.tracker?.key ?? "", finding.title,
      ]
    }
    return ["audit \(audit.id) (\(audit.name)): " + summary.joined(separator: ", "), ""]
      + [Table.render(header: ["FINDING", "STATUS", "SEVERITY", "WCAG", "TRACKER", "TITLE"], rows: rows)]
  }

  /// One finding: its fields, what was expected, each verdict of its columns, its frame.
  static func detail(_ detail: FindingDetail) -> [String] {
    let finding = detail.finding
    var lines = [
      "\(finding.reference)  \(finding.title)",
      "Status          \(finding.status.rawValue)" + (finding.reason.isEmpty ? "" : " (\(finding.reason))")
        + " by \(finding.statusBy)",
      "Severity        \(finding.severity.rawValue)",
      "Found in        audit \(finding.audit) (\(finding.auditName))",
      "WCAG            \(finding.wcag.isEmpty ? "none mapped" : finding.wcag.joined(separator: ", "))",
      "Columns         \(finding.columns.map(\.description).joined(separator: ", "))",
    ]
    if let into = finding.mergedInto { lines.append("Merged into     \(Finding.reference(into))") }
    if let tracker = finding.tracker { lines.append("Tracker         \(tracker.key)  \(tracker.url)") }
    if let frame = finding.frame {
      lines.append("Frame           \(frame.recording) at \(SegmentTime.text(frame.atSeconds)) s")
    }
    for line in detail.environment { lines.append("Environment     \(line)") }
    lines.append("")
    lines.append("Expected")
    for expectation in detail.expected { lines.append("  \(expectation.label): \(expectation.expectation)") }
    lines.append("")
    lines.append("Evidence")
    for evidence in detail.evidence {
      let span =
        evidence.startSeconds.map { start in
          "\(SegmentTime.text(start))–\(evidence.endSeconds.map(SegmentTime.text) ?? "end") s of "
        } ?? ""
      lines.append(
        "  link \(evidence.link), audit \(evidence.audit): \(evidence.verdict.rawValue) by \(evidence.auditor), "
          + span + (evidence.recording ?? "an observation"))
      if !evidence.note.isEmpty { lines.append("    note: \(evidence.note)") }
      if !evidence.captions.isEmpty {
        lines.append("    captions: " + evidence.captions.joined(separator: " / "))
      }
    }
    return lines
  }

  /// What `findings file --dry-run` prints: each issue as it would be filed (JSON: an array of them).
  static func printDryRun(
    _ pairs: Zip2Sequence<[FindingDetail], [TrackerIssue]>, to destination: String, json: Bool
  ) throws {
    let issues = pairs.map(\.1)
    if json { return try Console.json(issues) }
    if issues.isEmpty { return Console.out("nothing to file to \(destination)") }
    for (detail, issue) in pairs {
      let action = detail.finding.tracker.map { "would update \($0.key)" } ?? "would file to \(destination)"
      Console.out("\(detail.finding.reference) \(action): \(issue.title)")
      Console.out("labels: \(issue.labels.joined(separator: ", "))")
      Console.out(issue.body)
    }
  }
}
