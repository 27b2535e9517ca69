import ExhibitKit
import Foundation

/// The reviewer's page as `show` prints it: criteria and verdicts, then each recording with
/// its cues and live links.
enum ReviewerPageText {
  static func lines(_ page: ReviewerPage) -> [String] {
    var lines: [String] = []
    lines.append("\(page.title) (\(page.component), revision \(page.revision))")
    lines.append("")
    lines.append("Criteria and verdicts")
    for line in CoverageText.lines(page.coverage).dropFirst() { lines.append(line) }
    let verdicts = page.coverage.items.flatMap { item in
      item.cells.flatMap { cell in cell.segments.map { (item.key, cell, $0) } }
    }
    if !verdicts.isEmpty {
      lines.append("")
      lines.append("Verdicts and their notes")
      for (key, cell, segment) in verdicts {
        let column = ColumnText.name(platform: cell.platform.rawValue, assistiveTech: cell.assistiveTech)
        let evidence: String
        switch segment.evidence {
        case .observation: evidence = "observation"
        case .screenshot:
          evidence = "screenshot \(PathName.last(segment.recording.path))"
        case .recording:
          evidence =
            PathName.last(segment.recording.path)
            + (segment.fromSeconds.map {
              " \(DisplayText.clock($0))–\(DisplayText.clock(segment.toSeconds ?? $0))"
            } ?? "")
        }
        lines.append(
          "  \(key) \(column): \(segment.verdict.rawValue) by \(segment.auditor), \(evidence)"
            + (segment.note.isEmpty ? "" : ": \u{201C}\(segment.note)\u{201D}")
            + (segment.carriedFrom.map { " (carried from link \($0), not retested)" } ?? ""))
      }
    }
    lines.append("")
    lines.append(page.recordings.isEmpty ? "No recordings catalogued for \(page.component)." : "Recordings")
    for entry in page.recordings {
      let recording = entry.recording
      lines.append("")
      lines.append("  \(recording.path)" + (recording.missing ? "  (missing)" : ""))
      lines.append(
        "    \(recording.platform ?? "?") / \(recording.assistiveTech ?? "?")"
          + (recording.browser.map { " / \($0)" } ?? "")
          + (recording.durationSeconds.map { ", \($0.decimalText(places: 3)) s" } ?? "")
          + ", \(recording.status.rawValue)")
      for cue in entry.cues {
        lines.append("    \(cue.startSeconds.decimalText(places: 2, width: 7))  " + cue.text)
      }
      for link in entry.links {
        let segment =
          link.startSeconds.map {
            " \($0.decimalText(places: 2))–\((link.endSeconds ?? $0).decimalText(places: 2)) s"
          } ?? ""
        lines.append(
          "    link \(link.id): \(link.item)\(segment) \(link.verdict.rawValue) by \(link.auditor)"
            + (link.note.isEmpty ? "" : ": \u{201C}\(link.note)\u{201D}")
            + (link.environment.map { " [\($0)]" } ?? "")
            + (link.carriedFrom.map { " (carried from link \($0), not retested)" } ?? ""))
      }
    }
    return lines
  }
}
