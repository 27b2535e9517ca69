/// Findings written out for other tools: CSV that Jira's importer reads (one row a finding, a
/// Labels column per label), and a Markdown list for a pull request or an email.
public enum FindingExport {
  /// Jira's priority for a severity.
  static func priority(_ severity: FindingSeverity) -> String {
    switch severity {
    case .critical: "Highest"
    case .serious: "High"
    case .moderate: "Medium"
    case .minor: "Low"
    }
  }

  /// The findings as CSV (RFC 4180: a header row, fields quoted where needed, CRLF line ends).
  ///
  /// - Parameters:
  ///   - details: The findings, with what they rest on.
  ///   - publicURL: The team's Exhibit, for links to seconds of video in the descriptions.
  /// - Returns: The CSV text.
  public static func csv(_ details: [FindingDetail], publicURL: String?) -> String {
    let issues = details.map { TrackerIssue($0, publicURL: publicURL) }
    let labelColumns = max(1, issues.map(\.labels.count).max() ?? 1)
    let header =
      [
        "Finding", "Summary", "Issue Type", "Priority", "Status", "Component", "Platform", "Screen reader",
        "WCAG",
      ]
      + Array(repeating: "Labels", count: labelColumns) + ["Tracker", "Description"]
    var rows = [header]
    for (detail, issue) in zip(details, issues) {
      let finding = detail.finding
      let labels = issue.labels + Array(repeating: "", count: labelColumns - issue.labels.count)
      rows.append(
        [
          finding.reference, issue.title, "Bug", priority(finding.severity), finding.status.rawValue,
          finding.component?.description ?? "", finding.platform?.rawValue ?? "", finding.assistiveTech ?? "",
          finding.wcag.joined(separator: " "),
        ] + labels.map { $0.replacingOccurrences(of: " ", with: "-") } + [
          finding.tracker?.key ?? "", issue.body,
        ])
    }
    return rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  /// The findings as a Markdown list: id, severity and status, title, WCAG and tracker.
  /// - Returns: The Markdown text.
  public static func markdown(_ findings: [Finding], heading: String) -> String {
    var lines = ["## \(heading)", ""]
    if findings.isEmpty { lines.append("No findings.") }
    for finding in findings {
      var line =
        "- **\(finding.reference)** (\(finding.severity.rawValue), \(finding.status.rawValue)): \(finding.title)"
      if !finding.wcag.isEmpty { line += "; WCAG \(finding.wcag.joined(separator: ", "))" }
      if let tracker = finding.tracker { line += "; [\(tracker.key)](\(tracker.url))" }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One CSV field, quoted when it holds a comma, a quote or a line break (quotes doubled).
  private static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
