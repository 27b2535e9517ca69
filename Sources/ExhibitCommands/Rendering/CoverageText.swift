import ExhibitKit

/// The coverage matrix as `coverage` and `show` print it: a table of items by platform and
/// screen reader, then gaps, conflicts, stale and unavailable links.
enum CoverageText {
  static func lines(_ coverage: Coverage) -> [String] {
    let header =
      ["ITEM"] + coverage.columns.map(ColumnText.name) + ["GAPS"]
    let rows = coverage.items.map { item in
      [item.key.description]
        + item.cells.map { cell in
          guard let verdict = cell.verdict else {
            // A column the item is not judged in (another section's) is left blank.
            return !item.platforms.contains(cell.platform) ? "n/a" : cell.required ? "-" : ""
          }
          return "\(verdict.rawValue) (\(cell.links))" + (cell.carried ? " carried" : "")
        } + [
          item.notApplicable
            ? "n/a"
            : item.gapColumns.map(ColumnText.name).joined(
              separator: ",")
        ]
    }
    var lines = [
      "\(coverage.component) revision \(coverage.revision)", Table.render(header: header, rows: rows),
    ]
    lines.append(SummaryText.line(coverage.tally))
    if !coverage.conflicts.isEmpty {
      lines.append("conflicting verdicts: \(coverage.conflicts.map(\.description).joined(separator: ", "))")
    }
    for stale in coverage.stale {
      lines.append(
        "link \(stale.link) (\(stale.item), \(stale.verdict.rawValue)) is pinned to superseded revision \(stale.revision)"
      )
    }
    for link in coverage.unavailable {
      lines.append(
        "link \(link.link) (\(link.item), \(link.verdict.rawValue)) does not count, \(link.state.rawValue): \(link.recording); "
          + link.advice)
    }
    return lines
  }
}
