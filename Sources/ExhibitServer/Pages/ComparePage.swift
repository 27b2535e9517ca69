import ExhibitKit

/// `/audits/NEW/compare?from=OLD`: two rounds side by side, fixed, regressed and still failing
/// first, each verdict with the segments behind it, each segment opening the player there.
struct ComparePage {
  let comparison: AuditComparison
  /// Recording paths by SHA-256, for the segments' names.
  let names: [String: String]
  let visitor: Visitor
  /// The change whose every row is shown; the others show their first ``shownRows``.
  var expanded: AuditComparison.Change?

  /// How many rows a section shows until it is opened in full.
  static let shownRows = 200

  /// The order changes are shown in, and how each is headed.
  static let sections: [(AuditComparison.Change, String)] = [
    (.regressed, "Regressed: passed, now fails"), (.stillFailing, "Still failing"),
    (.fixed, "Fixed: failed, now passes"), (.carried, "Carried, not retested"),
    (.newlyTested, "Newly tested"), (.noLongerTested, "No longer tested"),
    (.unchangedPass, "Unchanged pass"), (.unchangedOther, "Unchanged, other"),
  ]

  var html: HTML {
    let old = comparison.old
    let new = comparison.new
    let counts = comparison.counts
    let summary = Self.sections.map { change, heading -> HTML in
      "<li><a href=\"#change-\(change.rawValue)\">\(heading)</a>: \(counts[change] ?? 0)</li>"
    }
    let sections = Self.sections.compactMap { change, heading -> HTML? in
      let rows = comparison.rows.filter { $0.change == change }
      guard !rows.isEmpty else { return nil }
      let shown = expanded == change ? rows[...] : rows.prefix(Self.shownRows)
      let more: HTML =
        shown.count < rows.count
        ? "<p><a href=\"\(URLText.with("/audits/\(new.id)/compare", query: [("from", String(old.id)), ("all", change.rawValue)]))#change-\(change.rawValue)\">Show all \(rows.count) rows</a> (the first \(shown.count) are shown)</p>"
        : .empty
      return """
        <section aria-labelledby="change-\(change.rawValue)">
        <h2 id="change-\(change.rawValue)">\(heading) <span class="muted">(\(rows.count))</span></h2>
        <div class="table-scroll" role="region" tabindex="0" aria-label="\(heading)"><table class="compare">
        <caption>\(heading): \(old.release) against \(new.release)</caption>
        <thead><tr><th scope="col">Item</th><th scope="col">Column</th><th scope="col">\(old.release)</th>\
        <th scope="col">\(new.release)</th></tr></thead>
        <tbody>\(shown.map(row))</tbody></table></div>
        \(more)</section>
        """
    }
    return Layout(
      title: "\(new.product): \(old.release) against \(new.release)", visitor: visitor, current: "/audits"
    )
    .document(
      """
      <h1>\(new.product): what changed from \(old.release) to \(new.release)</h1>
      <p class="lede"><a href="/audits/\(old.id)">Audit \(old.id), \(old.release)</a> (\(old.state.rawValue)) against \
      <a href="/audits/\(new.id)">audit \(new.id), \(new.release)</a> (\(new.state.rawValue)).</p>
      <ul class="legend">\(summary)</ul>
      \(findings)
      \(comparison.rows.isEmpty ? "<p>Neither audit has a verdict yet.</p>" as HTML : .empty)
      \(sections)
      """)
  }

  /// Where the findings stand after the newer round, each linked to its page.
  private var findings: HTML {
    guard let moves = comparison.findings, !moves.isEmpty else { return .empty }
    let lists: [(String, [String])] = [
      ("Verified by this round", moves.verified), ("Regressed", moves.regressed),
      ("Fixed, waiting for a retest", moves.fixed), ("Still open", moves.open),
    ]
    let rows = lists.map { label, references -> HTML in
      let links = references.map { "<a href=\"/findings/\($0)\">\($0)</a>" as HTML }
      return "<li>\(label): \(references.isEmpty ? "none" as HTML : HTML.join(links, separator: ", "))</li>"
    }
    return """
      <section aria-labelledby="findings-heading">
      <h2 id="findings-heading">Findings after \(comparison.new.release)</h2>
      <ul>\(rows)</ul>
      <p><a href="/audits/\(String(comparison.new.id))/findings">Every finding of \(comparison.new.release)</a></p>
      </section>
      """
  }

  private func row(_ row: AuditComparison.Row) -> HTML {
    let path = "/components/\(row.component.family.rawValue)/\(URLText.encode(row.component.slug))"
    let environment: HTML =
      row.environments.map {
        "<p class=\"muted\">Environment changed: \($0.old.joined(separator: "; ")) → \($0.new.joined(separator: "; "))</p>"
      } ?? .empty
    return """
      <tr><th scope="row"><a href="\(URLText.with(path, query: [("platform", row.platform.rawValue)]))#\(ComponentPage.anchor(row.item))">\(row.item)</a></th>
      <td>\(CoverageBadge.columnName(platform: row.platform, assistiveTech: row.assistiveTech))</td>
      <td>\(verdict(row.oldVerdict, row.oldLinks))</td><td>\(verdict(row.newVerdict, row.newLinks))\(environment)</td></tr>
      """
  }

  private func verdict(_ verdict: CombinedVerdict?, _ links: [AuditComparison.Evidence]) -> HTML {
    let segments = links.map { link -> HTML in
      let time =
        link.fromSeconds.map { " \(DisplayText.clock($0))–\(DisplayText.clock(link.toSeconds ?? $0))" } ?? ""
      let href = URLText.with(
        "/recordings/\(link.recording)",
        query: [("t", link.fromSeconds.map { String($0) }), ("play", link.fromSeconds == nil ? nil : "1")])
      let carried: HTML =
        link.carriedFrom.map { " <span class=\"carried\">carried from link \($0)</span>" } ?? .empty
      return
        "<li><a href=\"\(href)\">link \(link.link): \(URLText.fileName(names[link.recording] ?? link.recording))\(time)</a>\(carried)</li>"
    }
    return "\(CoverageBadge.badge(verdict))\(segments.isEmpty ? HTML.empty : "<ul>\(segments)</ul>")"
  }
}
