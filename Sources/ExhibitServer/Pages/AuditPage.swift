import ExhibitKit

/// `/audits/ID`: an audit's scope and progress, as a matrix of components by platform and screen
/// reader, each cell linking to the component's checklist.
struct AuditPage {
  let progress: AuditProgress
  let visitor: Visitor

  var html: HTML {
    let audit = progress.audit
    let tallies = audit.tallies ?? AuditTallies()
    let scope = audit.scope.isEmpty ? "every component that applies" : audit.scope.joined(separator: ", ")
    let retest: HTML =
      audit.from.map {
        "<li>Retest of <a href=\"/audits/\($0.id)\">\($0.product) \($0.release)</a> · <a href=\"/audits/\(audit.id)/compare?from=\($0.id)\">what changed</a></li>"
      } ?? .empty
    return Layout(title: "\(audit.product) \(audit.release)", visitor: visitor, current: "/audits").document(
      """
      <h1>\(audit.product) \(audit.release) <span class="muted">audit \(audit.id)</span></h1>
      <ul class="facts">
      <li>\(AuditBadge.state(audit.state)) · opened \(String(audit.openedAt.prefix(10))) by \(audit.openedBy)\
      \(audit.closedAt.map { " · closed \(String($0.prefix(10))) by \(audit.closedBy ?? "")" } ?? "")</li>
      <li>Scope: \(scope) on \(audit.platforms.map(\.rawValue).joined(separator: ", "))</li>
      \(retest)
      <li><a href="/audits/\(audit.id)/findings">Findings</a>: what its fails set in motion, filed to the developers and followed to a retest</li>
      <li><a href="/audits/\(audit.id)/acr">Conformance report (VPAT)</a>: levels per WCAG criterion, drafted from the verdicts</li>
      <li>\(tallies.links) links judged in this round, \(tallies.carriedLinks) carried\
      \((audit.auditors ?? []).isEmpty ? "" : "; tested by \((audit.auditors ?? []).joined(separator: ", "))")</li>
      </ul>
      <h2>Progress</h2>
      \(AuditBadge.progress(tallies, label: "Progress of the whole audit"))
      \(matrix)
      """)
  }

  private var matrix: HTML {
    let headers = progress.columns.map { "<th scope=\"col\">\(CoverageBadge.columnName($0))</th>" as HTML }
    let totals = progress.columnTotals.map { "<td>\(cell($0))</td>" as HTML }
    let rows = progress.rows.map { row -> HTML in
      let path = "/components/\(row.component.family.rawValue)/\(URLText.encode(row.component.slug))"
      let cells = zip(progress.columns, row.cells).map { column, tally -> HTML in
        guard let tally else { return "<td class=\"muted\">not in scope</td>" }
        return
          "<td><a href=\"\(URLText.with(path, query: [("platform", column.platform.rawValue)]))\">\(cell(tally))</a></td>"
      }
      return """
        <tr><th scope="row"><a href="\(path)">\(row.title.isEmpty ? row.component.description : row.title)</a>\
        <br><span class="muted sha">\(row.component)</span></th>\(cells)<td>\(cell(row.total))</td></tr>
        """
    }
    return """
      <div class="table-scroll" role="region" tabindex="0" aria-label="Progress by component"><table class="matrix">
      <caption>Items by component, platform and screen reader: pass, fail, carried and gaps</caption>
      <thead><tr><th scope="col">Component</th>\(headers)<th scope="col">All</th></tr></thead>
      <tbody>\(rows)</tbody>
      <tfoot><tr><th scope="row">Every component</th>\(totals)<td></td></tr></tfoot>
      </table></div>
      """
  }

  private func cell(_ tally: CoverageTally) -> HTML {
    let carried: HTML = tally.carried > 0 ? " · \(tally.carried) carried" : .empty
    return
      "\(CoverageBadge.badge(tally.state)) <span class=\"counts\">\(tally.pass) pass · \(tally.fail + tally.conflicts) fail · \(tally.gaps) gaps\(carried)</span>"
  }
}
