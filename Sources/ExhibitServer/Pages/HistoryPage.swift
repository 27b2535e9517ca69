import ExhibitKit

/// `/history[?subject=…]`: the audit trail of everything, a component, a recording or an item,
/// newest first, and whether the chain of event hashes is intact.
struct HistoryPage {
  let subject: String?
  let events: [AuditEvent]
  let chain: AuditChainReport
  let visitor: Visitor

  var html: HTML {
    let rows = events.reversed().map { event -> HTML in
      let json = [event.before.map { "before: \($0)" }, event.after.map { "after: \($0)" }].compactMap { $0 }
        .joined(separator: "\n")
      let details: HTML =
        json.isEmpty
        ? .empty
        : "<details><summary>JSON<span class=\"visually-hidden\"> of event \(event.id)</span></summary><pre class=\"sha\">\(json)</pre></details>"
      return """
        <tr><th scope="row">\(event.id)</th><td>\(event.at)</td>\
        <td><p class="sentence">\(EventSentence.text(event))</p>\(details)</td><td class="muted">\(event.action)</td></tr>
        """
    }
    let chainLine: HTML =
      chain.valid
      ? "<p class=\"notice\" role=\"status\">\(CoverageBadge.verified("Intact")) The audit chain is intact: \(chain.events) events, head <span class=\"sha\">\(chain.headHash)</span>.</p>"
      : "<div class=\"error-message\" role=\"alert\"><p>The audit chain is broken:</p><ul>\(chain.problems.map { "<li>\($0.path): \($0.problem)</li>" as HTML })</ul></div>"
    return Layout(
      title: subject.map { "History of \($0)" } ?? "History", visitor: visitor, current: "/history"
    )
    .document(
      """
      <h1>History\(subject.map { " of \($0)" as HTML } ?? .empty)</h1>
      \(chainLine)
      <form class="filters" method="get" action="/history">
      <div><label for="history-subject">Subject</label>
      <input id="history-subject" name="subject" value="\(subject ?? "")" aria-describedby="history-hint"></div>
      <div><button type="submit">Show</button></div></form>
      <p id="history-hint" class="muted">A component (native/checkbox), an item (native/checkbox#screenreader.role), \
      a recording's SHA-256 or path; empty for everything.</p>
      <div class="table-scroll" role="region" tabindex="0" aria-label="\(events.count) events, newest first"><table><caption>\(events.count) events, newest first</caption>
      <thead><tr><th scope="col">#</th><th scope="col">At</th><th scope="col">What happened</th>\
      <th scope="col">Action</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """)
  }
}
