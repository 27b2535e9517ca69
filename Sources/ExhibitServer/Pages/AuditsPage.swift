import ExhibitKit

/// `/audits`: every product with its audits (releases and rounds), each with its tallies.
struct AuditsPage {
  let products: [Product]
  let audits: [Audit]
  let visitor: Visitor

  var html: HTML {
    let sections = products.map { product -> HTML in
      let rows = audits.filter { $0.product == product.name }.reversed().map(row)
      return """
        <section aria-labelledby="product-\(product.id)">
        <h2 id="product-\(product.id)">\(product.name)</h2>
        <p class="muted">Ships on \(product.platforms.isEmpty ? "every platform" : product.platforms.map(\.rawValue).joined(separator: ", "))\
        \(product.url.map { " · \($0)" } ?? "")</p>
        <div class="table-scroll" role="region" tabindex="0" aria-label="Audits of \(product.name)"><table>
        <caption>Audits of \(product.name), newest first</caption>
        <thead><tr><th scope="col">Release</th><th scope="col">State</th><th scope="col">Retest of</th>\
        <th scope="col">Tested</th><th scope="col">Pass</th><th scope="col">Fail</th><th scope="col">Carried</th>\
        <th scope="col">Gaps</th><th scope="col">Opened</th><th scope="col">Compare</th></tr></thead>
        <tbody>\(rows)</tbody></table></div>
        </section>
        """
    }
    return Layout(title: "Audits", visitor: visitor, current: "/audits").document(
      """
      <h1>Audits</h1>
      <p class="lede">Each audit is one product at one release. A retest carries the earlier round's verdicts \
      until they are judged again; <code>exhibit audit new PRODUCT --release R --from AUDIT</code> opens one.</p>
      \(products.isEmpty ? "<p>No audit yet. The first link you save opens one.</p>" as HTML : .empty)
      \(sections)
      """)
  }

  private func row(_ audit: Audit) -> HTML {
    let tallies = audit.tallies ?? AuditTallies()
    let compare: HTML =
      audit.from.map { "<a href=\"/audits/\(audit.id)/compare?from=\($0.id)\">with \($0.release)</a>" } ?? "–"
    return """
      <tr><th scope="row"><a href="/audits/\(audit.id)">\(audit.release)</a> <span class="muted">(audit \(audit.id))</span></th>
      <td>\(AuditBadge.state(audit.state))</td><td>\(audit.from.map { "\($0.release)" } ?? "–")</td>
      <td>\(tallies.tested) of \(tallies.items)</td><td>\(tallies.passed)</td><td>\(tallies.failed)</td>
      <td>\(tallies.carried)</td><td>\(tallies.gaps)</td><td>\(String(audit.openedAt.prefix(10)))</td><td>\(compare)</td></tr>
      """
  }
}

/// How an audit's state and progress are drawn: words first, colour as well.
enum AuditBadge {
  /// `open` or `closed`, as a badge.
  static func state(_ state: AuditState) -> HTML {
    "<span class=\"badge badge-\(state.rawValue)\">\(state == .open ? "Open" : "Closed")</span>"
  }

  /// A bar of passed, failed and not applicable items over all of them (the rest are gaps),
  /// drawn as SVG, with the numbers in words beside it.
  static func progress(_ tallies: AuditTallies, label: String) -> HTML {
    let total = Double(max(tallies.items, 1))
    var x = 0.0
    let parts = [
      ("bar-pass", tallies.passed), ("bar-fail", tallies.failed + tallies.conflicts),
      ("bar-na", tallies.notApplicable),
    ].map { css, count -> HTML in
      let width = Double(count) * 100 / total
      defer { x += width }
      return "<rect class=\"\(css)\" x=\"\(x)\" y=\"0\" width=\"\(width)\" height=\"10\"/>"
    }
    return """
      <svg class="progress" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="\(label): \
      \(tallies.tested) of \(tallies.items) items tested"><rect class="bar-gap" x="0" y="0" width="100" height="10"/>\(parts)</svg>
      <p class="progress-words">\(tallies.tested) of \(tallies.items) items tested · \(tallies.passed) pass · \
      \(tallies.failed + tallies.conflicts) fail · \(tallies.notApplicable) not applicable · \
      \(tallies.carried) carried, not retested · \(tallies.gaps) with gaps</p>
      """
  }
}
