import ExhibitKit

/// Audits as `audit show` and `audit compare` print them.
enum AuditText {
  /// `ios,android,web`, or `all` when a product names none.
  static func platforms(_ platforms: [ProductPlatform]) -> String {
    platforms.isEmpty ? "all" : platforms.map(\.rawValue).joined(separator: ",")
  }

  /// The audit's heading, tallies and its matrix of components by platform and screen reader.
  static func lines(_ progress: AuditProgress) -> [String] {
    let audit = progress.audit
    let tallies = audit.tallies ?? AuditTallies()
    var lines = [
      "audit \(audit.id): \(audit.product) \(audit.release) (\(audit.state.rawValue)), \(audit.name)",
      "opened \(audit.openedAt) by \(audit.openedBy)"
        + (audit.closedAt.map { ", closed \($0) by \(audit.closedBy ?? "")" } ?? ""),
      "scope: \(audit.scope.isEmpty ? "every component that applies" : audit.scope.joined(separator: ", ")) "
        + "on \(platforms(audit.platforms))",
    ]
    if let from = audit.from { lines.append("retest of audit \(from.id) (\(from.handle))") }
    if let auditors = audit.auditors, !auditors.isEmpty {
      lines.append("tested by \(auditors.joined(separator: ", "))")
    }
    lines.append(
      "\(tallies.components) components, \(tallies.items) items: \(tallies.tested) tested, \(tallies.passed) pass, "
        + "\(tallies.failed) fail, \(tallies.conflicts) conflicting, \(tallies.carried) carried, not retested, "
        + "\(tallies.gaps) with gaps; \(tallies.links) links judged in this round, \(tallies.carriedLinks) carried"
    )
    let header =
      ["COMPONENT"] + progress.columns.map(ColumnText.name) + ["ALL"]
    let rows = progress.rows.map { row in
      [row.component.description] + row.cells.map { $0.map(cell) ?? "" } + [cell(row.total)]
    }
    lines.append(Table.render(header: header, rows: rows))
    return lines
  }

  /// `3 pass 1 fail 2 gap`, then the carried ones when there are any.
  private static func cell(_ tally: CoverageTally) -> String {
    var parts = ["\(tally.pass) pass", "\(tally.fail + tally.conflicts) fail", "\(tally.gaps) gap"]
    if tally.carried > 0 { parts.append("\(tally.carried) carried") }
    return parts.joined(separator: " ")
  }

  /// The comparison: one row per item and column that changed or was judged, then the counts.
  static func lines(_ comparison: AuditComparison) -> [String] {
    let old = comparison.old
    let new = comparison.new
    var lines = [
      "audit \(old.id) (\(old.handle), \(old.state.rawValue)) → audit \(new.id) (\(new.handle), \(new.state.rawValue))"
    ]
    let rows = comparison.rows.map { row -> [String] in
      [
        row.change.rawValue, row.component.description,
        ColumnText.name(platform: row.platform.rawValue, assistiveTech: row.assistiveTech),
        row.item.name, row.oldVerdict?.rawValue ?? "-", row.newVerdict?.rawValue ?? "-",
        segments(row.oldLinks),
        segments(row.newLinks)
          + (row.environments.map {
            " [environment was \($0.old.joined(separator: "; ")), now \($0.new.joined(separator: "; "))]"
          } ?? "")
          + (row.sameEvidence
            ? " [the same recording and segment that failed, judged again: not a fix shown]" : ""),
      ]
    }
    lines.append(
      Table.render(
        header: ["CHANGE", "COMPONENT", "COLUMN", "ITEM", "OLD", "NEW", "OLD EVIDENCE", "NEW EVIDENCE"],
        rows: rows))
    let counts = comparison.counts
    lines.append(
      AuditComparison.Change.allCases.compactMap { change in counts[change].map { "\($0) \(change.rawValue)" }
      }
      .joined(separator: ", "))
    if let findings = comparison.findings, !findings.isEmpty {
      let parts = [
        ("fixed", findings.fixed), ("verified", findings.verified), ("regressed", findings.regressed),
        ("still open", findings.open),
      ].filter { !$0.1.isEmpty }.map { "\($0.1.count) \($0.0) (\($0.1.joined(separator: ", ")))" }
      lines.append("findings: " + parts.joined(separator: ", "))
    }
    return lines
  }

  /// `link 4 1.5–3.5 s` for each link behind a verdict.
  private static func segments(_ links: [AuditComparison.Evidence]) -> String {
    links.isEmpty
      ? "-"
      : links.map { link in
        "link \(link.link)"
          + (link.fromSeconds.map {
            " \($0.decimalText(places: 1))–\((link.toSeconds ?? $0).decimalText(places: 1)) s"
          } ?? "")
      }.joined(separator: ", ")
  }
}
