import ExhibitKit

/// `/audits/ID/findings`: what the audit's fails set in motion. Counts by status and severity,
/// filters by status, severity and component, a row per finding with where it stands and where
/// it was filed; auditors merge findings here and file them to the team's tracker.
struct FindingsPage {
  let audit: Audit
  /// Every finding the audit lists (the default filter), for the counts and the component choices.
  let all: [Finding]
  /// Those the filter admits.
  let shown: [Finding]
  let filter: FindingFilter
  let visitor: Visitor
  /// Where the server files findings (`github:acme/mobile`), nil when it does not.
  let trackerTarget: String?
  /// What the last form did, said at the top.
  var notice: String?

  var html: HTML {
    Layout(title: "Findings of \(audit.product) \(audit.release)", visitor: visitor, current: "/audits")
      .document(
        """
        <h1>Findings <span class="muted">\(audit.product) \(audit.release), audit \(String(audit.id))</span></h1>
        \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
        <p class="lede">Each failing verdict opens a finding for the developers, followed until a retest verifies the fix. \
        <a href="/audits/\(String(audit.id))">Back to the audit</a>.</p>
        \(counts)
        \(filters)
        \(table)
        \(visitor.mayWrite ? actions : .empty)
        """)
  }

  private var counts: HTML {
    let byStatus = FindingStatus.allCases.compactMap { status -> HTML? in
      let count = all.filter { $0.status == status }.count
      return count == 0 ? nil : "<li>\(Self.statusBadge(status)) \(count)</li>"
    }
    let bySeverity = FindingSeverity.allCases.compactMap { severity -> HTML? in
      let count = all.filter { $0.severity == severity }.count
      return count == 0 ? nil : "<li>\(severity.rawValue): \(count)</li>"
    }
    guard !all.isEmpty else {
      return "<p>No finding yet: no verdict of this audit or an earlier round failed.</p>"
    }
    return """
      <h2 id="counts-heading">\(all.count) \(all.count == 1 ? "finding" : "findings")</h2>
      <ul class="legend" aria-label="By status">\(byStatus)</ul>
      <ul class="legend" aria-label="By severity">\(bySeverity)</ul>
      """
  }

  private var filters: HTML {
    func options<Value: RawRepresentable>(_ values: [Value], selected: Value?) -> HTML
    where Value.RawValue == String {
      let any: HTML =
        selected == nil ? "<option value=\"\" selected>any</option>" : "<option value=\"\">any</option>"
      let rest = HTML.join(
        values.map { value in
          value.rawValue == selected?.rawValue
            ? "<option value=\"\(value.rawValue)\" selected>\(value.rawValue)</option>"
            : "<option value=\"\(value.rawValue)\">\(value.rawValue)</option>"
        })
      return "\(any)\(rest)"
    }
    let components = Array(Set(all.compactMap(\.component?.description))).sorted()
    let componentOptions = HTML.join(
      components.map { name in
        name == filter.component?.description
          ? "<option value=\"\(name)\" selected>\(name)</option>"
          : "<option value=\"\(name)\">\(name)</option>"
      })
    let anyComponent: HTML =
      filter.component == nil ? "<option value=\"\" selected>any</option>" : "<option value=\"\">any</option>"
    return """
      <form class="filters" method="get" action="/audits/\(String(audit.id))/findings">
      <div><label for="filter-status">Status</label>
      <select id="filter-status" name="status">\(options(FindingStatus.allCases, selected: filter.status))</select></div>
      <div><label for="filter-severity">Severity</label>
      <select id="filter-severity" name="severity">\(options(FindingSeverity.allCases, selected: filter.severity))</select></div>
      <div><label for="filter-component">Component</label>
      <select id="filter-component" name="component">\(anyComponent)\(componentOptions)</select></div>
      <div><button type="submit">Show</button></div>
      </form>
      """
  }

  private var table: HTML {
    guard !shown.isEmpty else {
      return all.isEmpty ? .empty : "<p>No finding matches these filters.</p>"
    }
    let rows = shown.map { finding -> HTML in
      let place =
        [finding.component?.description, finding.platform?.displayName]
        .compactMap { $0 }.joined(separator: " on ")
        + (finding.assistiveTech.map { " with \(AssistiveTech(rawValue: $0)?.displayName ?? $0)" } ?? "")
      return """
        <tr><th scope="row"><a href="/findings/\(finding.reference)">\(finding.reference)</a></th>\
        <td>\(finding.title)</td><td>\(finding.severity.rawValue)</td><td>\(Self.statusBadge(finding.status))</td>\
        <td>\(place.isEmpty ? "merged" : place)</td><td>\(finding.wcag.joined(separator: ", "))</td>\
        <td>\(Self.tracker(finding.tracker))</td></tr>
        """
    }
    return """
      <div class="table-scroll" role="region" tabindex="0" aria-label="Findings"><table>
      <caption>Findings shown: \(String(shown.count)) of \(String(all.count))</caption>
      <thead><tr><th scope="col">Finding</th><th scope="col">Title</th><th scope="col">Severity</th>\
      <th scope="col">Status</th><th scope="col">Where</th><th scope="col">WCAG</th><th scope="col">Tracker</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  /// Merging, and filing when the server files.
  private var actions: HTML {
    let open = all.filter { $0.status != .merged && $0.status != .withdrawn }
    guard open.count >= 1 else { return .empty }
    let survivors = HTML.join(
      open.map { "<option value=\"\($0.reference)\">\($0.reference): \($0.title)</option>" })
    let checks = HTML.join(
      open.map { finding in
        """
        <label><input type="checkbox" name="merge" value="\(finding.reference)"> \(finding.reference)</label>
        """
      })
    let merge: HTML =
      open.count < 2
      ? .empty
      : """
      <form class="filters" method="post" action="/audits/\(String(audit.id))/findings/merge">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div><label for="merge-into">Keep</label>
      <select id="merge-into" name="into">\(survivors)</select></div>
      <fieldset class="checks"><legend>Merge into it (one problem seen in several places)</legend>\(checks)</fieldset>
      <div><button type="submit">Merge findings</button></div>
      </form>
      """
    let outstanding = all.filter(\.status.isOutstanding).count
    let file: HTML =
      trackerTarget.map { target in
        """
        <form class="filters" method="post" action="/audits/\(String(audit.id))/findings/file">
        <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
        <p>\(String(outstanding)) outstanding \(outstanding == 1 ? "finding" : "findings") (open, filed or regressed): \
        each is filed once to \(target), and updated when filed again.</p>
        <div><button type="submit">File to \(target)</button></div>
        </form>
        """
      }
      ?? "<p class=\"muted\">This server files no findings: start it with --file-to to file them from here, or run exhibit findings file.</p>"
    return """
      <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Merge and file</h2>
      \(merge)
      \(file)
      </section>
      """
  }

  /// A status as a badge.
  static func statusBadge(_ status: FindingStatus) -> HTML {
    "<span class=\"badge finding-\(status.rawValue)\">\(status.rawValue)</span>"
  }

  /// Where a finding was filed, linked.
  static func tracker(_ tracker: FindingTracker?) -> HTML {
    guard let tracker else { return "not filed" }
    return tracker.url.isEmpty ? "\(tracker.key)" : "<a href=\"\(tracker.url)\">\(tracker.key)</a>"
  }
}
