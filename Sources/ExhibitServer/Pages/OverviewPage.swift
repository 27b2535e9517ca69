import ExhibitKit

/// `/`: how far the audit has come, as a dashboard. First a progress bar per platform and
/// screen reader over every component shown, and the components that fail most; then the
/// filters (family, platform, screen reader, has recordings, has verdicts, has fails) and the
/// sort (title, gaps, fails); then the full matrix, one collapsible table per family.
struct OverviewPage {
  /// The filters from the query string.
  struct Filters: Sendable {
    var family: Family?
    var platform: Platform?
    var assistiveTech: String?
    /// Whether to list the recordings Exhibit could not place under a component.
    var unattributed = false
    /// Only components with recordings, with a deciding verdict, with a failure.
    var hasRecordings = false
    var hasVerdicts = false
    var hasFails = false
    var sort: Sort = .title

    /// Whether any filter narrows the components shown.
    var narrows: Bool { family != nil || hasRecordings || hasVerdicts || hasFails }
  }

  /// The order of the matrix's rows.
  enum Sort: String, Sendable, CaseIterable {
    case title, gaps, fails

    var words: String {
      switch self {
      case .title: "Title"
      case .gaps: "Most gaps first"
      case .fails: "Most fails first"
      }
    }
  }

  /// Rows a family's table shows open; a longer one starts collapsed.
  static let openRows = 30

  let components: [ComponentOverview]
  let filters: Filters
  let visitor: Visitor
  /// What a catalogue run from the page did, after its redirect.
  var notice: String?
  /// The recordings no component claims.
  var unattributed: [RecordingSummary] = []

  /// The components the filters keep, in the order asked for.
  var shown: [ComponentOverview] {
    let kept = components.filter { component in
      let total = component.total
      return (filters.family == nil || component.family == filters.family)
        && (!filters.hasRecordings || component.recordings > 0)
        && (!filters.hasVerdicts || total.items > total.gaps)
        && (!filters.hasFails || total.fail + total.conflicts > 0)
        && (filters.platform == nil || component.platforms.contains { $0.platform == filters.platform })
    }
    switch filters.sort {
    case .title:
      return kept.sorted { ($0.title.lowercased(), $0.component) < ($1.title.lowercased(), $1.component) }
    case .gaps:
      return kept.sorted { ($1.total.gaps, $0.title.lowercased()) < ($0.total.gaps, $1.title.lowercased()) }
    case .fails:
      return kept.sorted {
        ($1.total.fail + $1.total.conflicts, $0.title.lowercased())
          < ($0.total.fail + $0.total.conflicts, $1.title.lowercased())
      }
    }
  }

  var html: HTML {
    Layout(title: "Overview", visitor: visitor, current: "/", wide: true).document(
      """
      <h1>Coverage overview</h1>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      \(rendered ?? content)
      \(unattributedSection)
      \(catalogueForm)
      """)
  }

  /// The page's body as it would be rendered now; the route renders it through the read cache.
  var rendered: HTML?

  /// Where the audit's name comes into the page: " in Acme App 1.0".
  private var auditLabel: String {
    visitor.audits.current.map { " in \($0.product) \($0.release)" } ?? ""
  }

  /// What the content depends on besides the database: the filters and the audit's name. The
  /// content holds nothing of the visitor's own (no name, no CSRF token), so every visitor with
  /// the same query shares it until the database changes.
  var cacheKey: String {
    [
      "overview-page", auditLabel, filters.family?.rawValue ?? "", filters.platform?.rawValue ?? "",
      filters.assistiveTech ?? "", filters.unattributed ? "u" : "", filters.hasRecordings ? "r" : "",
      filters.hasVerdicts ? "v" : "", filters.hasFails ? "f" : "", filters.sort.rawValue,
    ].joined(separator: "\u{1F}")
  }

  /// The summary, the filters and the matrix.
  var content: HTML {
    let shown = self.shown
    let columns = Self.columns(of: shown).filter { column in
      (filters.platform == nil || column.platform == filters.platform)
        && (filters.assistiveTech == nil || column.assistiveTech == filters.assistiveTech)
    }
    return """
      <p class="lede">\(shown.count) of \(components.count) components\(auditLabel). Every item counts once per \
      platform and screen reader it applies to.</p>
      <div class="dashboard">
      \(OverviewProgress(components: shown.filter(\.inAuditScope), columns: columns, platform: filters.platform).html)
      \(failing(shown))
      </div>
      \(filterForm)
      \(legend)
      \(shown.isEmpty ? "<p>No component matches. Import criteria with <code>exhibit criteria import</code>, or loosen the filters.</p>" : families(shown, columns))
      """
  }

  /// The components with the most failing items, each linking to its checklist.
  private func failing(_ shown: [ComponentOverview]) -> HTML {
    let failing = shown.filter { $0.total.fail + $0.total.conflicts > 0 }
      .sorted {
        ($1.total.fail + $1.total.conflicts, $0.title) < ($0.total.fail + $0.total.conflicts, $1.title)
      }
    guard !failing.isEmpty else {
      return """
        <section aria-labelledby="failing-heading" class="failing"><h2 id="failing-heading">Where it fails</h2>
        <p>No component has a failing item\(filters.narrows ? " among those shown" : "").</p></section>
        """
    }
    let top = failing.prefix(6).map { component -> HTML in
      let fails = component.total.fail + component.total.conflicts
      let columns = component.columns.filter { $0.tally.fail + $0.tally.conflicts > 0 }
        .map { CoverageBadge.columnName($0.column) }
      return """
        <li><a href="\(Self.link(component))">\(component.title)</a> \
        <span class="muted">\(fails) failing \(fails == 1 ? "item" : "items")\
        \(columns.isEmpty ? "" : " on \(columns.joined(separator: ", "))")</span></li>
        """
    }
    let more: HTML =
      failing.count > 6
      ? "<p><a href=\"\(URLText.with("/", query: [("fails", "1"), ("sort", "fails")]))#matrix\">All \(failing.count) failing components</a></p>"
      : .empty
    return """
      <section aria-labelledby="failing-heading" class="failing"><h2 id="failing-heading">Where it fails</h2>
      <ol>\(top)</ol>\(more)</section>
      """
  }

  /// A component's checklist, for the platform filtered on.
  static func link(_ component: ComponentOverview) -> String {
    "/components/\(component.component.family.rawValue)/\(URLText.encode(component.component.slug))"
  }

  private var filterForm: HTML {
    let families = Family.allCases.map { family -> HTML in
      "<option value=\"\(family.rawValue)\"\(selected(filters.family == family))>\(family.rawValue)</option>"
    }
    let platforms = Platform.allCases.map { platform -> HTML in
      "<option value=\"\(platform.rawValue)\"\(selected(filters.platform == platform))>\(platform.displayName)</option>"
    }
    let techs = AssistiveTech.allCases.map { tech -> HTML in
      "<option value=\"\(tech.rawValue)\"\(selected(filters.assistiveTech == tech.rawValue))>\(tech.displayName)</option>"
    }
    let sorts = Sort.allCases.map { sort -> HTML in
      "<option value=\"\(sort.rawValue)\"\(selected(filters.sort == sort))>\(sort.words)</option>"
    }
    func check(_ id: String, _ name: String, _ words: String, _ on: Bool) -> HTML {
      "<label for=\"filter-\(id)\"><input type=\"checkbox\" id=\"filter-\(id)\" name=\"\(name)\" value=\"1\"\(on ? " checked" as HTML : .empty)> \(words)</label>"
    }
    return """
      <h2 id="filters-heading" class="visually-hidden">Filters</h2>
      <form class="filters" method="get" action="/" aria-labelledby="filters-heading">
      <div><label for="filter-family">Family</label>
      <select id="filter-family" name="family"><option value="">All families</option>\(families)</select></div>
      <div><label for="filter-platform">Platform</label>
      <select id="filter-platform" name="platform"><option value="">All platforms</option>\(platforms)</select></div>
      <div><label for="filter-at">Screen reader</label>
      <select id="filter-at" name="at"><option value="">All screen readers</option>\(techs)</select></div>
      <div><label for="filter-sort">Sort</label>
      <select id="filter-sort" name="sort">\(sorts)</select></div>
      <fieldset class="checks"><legend>Only components</legend>
      \(check("has-recordings", "recordings", "with recordings", filters.hasRecordings))
      \(check("has-verdicts", "verdicts", "with verdicts", filters.hasVerdicts))
      \(check("has-fails", "fails", "with fails", filters.hasFails))
      </fieldset>
      <div><label for="filter-unattributed"><input type="checkbox" id="filter-unattributed" name="unattributed" value="1"\(filters.unattributed ? " checked" as HTML : .empty)> \
      List recordings not placed under a component</label></div>
      <div><button type="submit">Filter</button></div>
      </form>
      """
  }

  /// How many recordings no component claims, and with the filter on, which: each links to its
  /// page, where an auditor says what it is of.
  private var unattributedSection: HTML {
    guard !unattributed.isEmpty else { return .empty }
    let count = unattributed.count
    let summary: HTML = """
      <p id="unattributed">\(count) \(count == 1 ? "recording" : "recordings") could not be placed under a component \
      (its name, folder and tags name none the criteria know).\
      \(filters.unattributed ? HTML.empty : " <a href=\"/?unattributed=1#unattributed\">List them</a>." as HTML)</p>
      """
    guard filters.unattributed else { return summary }
    let rows = unattributed.map { recording -> HTML in
      let name = URLText.fileName(recording.path)
      let cell: HTML =
        recording.sha256.map { "<a href=\"/recordings/\($0)\">\(name)</a>" as HTML } ?? "\(name)"
      return """
        <tr><th scope="row">\(cell)<br><span class="muted">\(recording.path)</span></th>\
        <td>\(recording.platform ?? "unknown")</td><td>\(recording.assistiveTech ?? "unknown")</td>\
        <td>\(recording.status.rawValue)</td></tr>
        """
    }
    return """
      \(summary)
      <div class="table-scroll" role="region" aria-labelledby="unattributed-caption" tabindex="0">
      <table><caption id="unattributed-caption">Recordings not placed under a component</caption>
      <thead><tr><th scope="col">Recording</th><th scope="col">Platform</th><th scope="col">Screen reader</th>\
      <th scope="col">Status</th></tr></thead><tbody>\(rows)</tbody></table></div>
      """
  }

  /// For auditors: catalogue the workspace's `Media/` again, after adding recordings.
  private var catalogueForm: HTML {
    guard visitor.mayWrite else { return .empty }
    return """
      <form method="post" action="/catalog" class="inline-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <button type="submit" class="secondary">Catalogue Media/ again</button>
      <span class="muted">after adding or moving recordings (as <code>exhibit catalog</code>)</span>
      </form>
      """
  }

  private var legend: HTML {
    let states: [CoverageTally.State] = [.pass, .fail, .gaps, .notApplicable, .empty]
    let items = states.map { state -> HTML in "<li>\(CoverageBadge.badge(state))</li>" }
    return """
      <h2 id="legend-heading">Key</h2>
      <ul class="legend" aria-labelledby="legend-heading">\(items)</ul>
      <p class="muted">A cell fails when any item fails or its evidence conflicts; it has gaps while any item has \
      no deciding verdict; it passes when every item is decided and none fails.</p>
      """
  }

  /// One table per family, open while it is short or filtered to.
  private func families(_ shown: [ComponentOverview], _ columns: [Coverage.Column]) -> HTML {
    let groups = Family.allCases.compactMap { family -> HTML? in
      let rows = shown.filter { $0.family == family }
      guard !rows.isEmpty else { return nil }
      var total = CoverageTally()
      for row in rows { total.add(row.total) }
      let open = rows.count <= Self.openRows || filters.family == family
      return """
        <details class="family"\(open ? " open" as HTML : .empty)>
        <summary><span class="family-name">\(family.rawValue) components: \(rows.count)</span> <span class="muted">\(CoverageBadge.counts(total))</span></summary>
        \(matrix(rows, columns, family: family))
        </details>
        """
    }
    return """
      <h2 id="matrix">Every component</h2>
      \(HTML.join(groups))
      """
  }

  private func matrix(_ shown: [ComponentOverview], _ columns: [Coverage.Column], family: Family) -> HTML {
    let headings = columns.map { column -> HTML in
      "<th scope=\"col\">\(CoverageBadge.columnName(column))</th>"
    }
    let rows = shown.map { component -> HTML in
      let cells = columns.map { column -> HTML in
        guard let tally = component.columns.first(where: { $0.column == column })?.tally else {
          let applies = component.platforms.contains { $0.platform == column.platform }
          return
            "<td class=\"matrix-cell\">\(applies ? CoverageBadge.badge(.gaps) : CoverageBadge.badge(.empty))</td>"
        }
        return """
          <td class="matrix-cell">\(CoverageBadge.badge(tally.state))\
          <span class="counts">\(CoverageBadge.counts(tally))</span></td>
          """
      }
      let recordings: HTML =
        component.recordings == 0
        ? "no recordings"
        : "\(component.recordings) \(component.recordings == 1 ? "recording" : "recordings")"
      return """
        <tr><th scope="row"><a href="\(Self.link(component))">\(component.title)</a>
        <span class="muted">\(component.component.description) · \(recordings)</span></th>
        \(cells)</tr>
        """
    }
    return """
      <div class="table-scroll" role="region" aria-labelledby="matrix-caption-\(family.rawValue)" tabindex="0">
      <table class="matrix"><caption id="matrix-caption-\(family.rawValue)">\(family.rawValue) components by platform and screen reader</caption>
      <thead><tr><th scope="col">Component</th>\(headings)</tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  /// Every column any component has, platforms in order, screen readers as first seen.
  static func columns(of components: [ComponentOverview]) -> [Coverage.Column] {
    var columns: [Coverage.Column] = []
    for component in components {
      for entry in component.columns where !columns.contains(entry.column) { columns.append(entry.column) }
    }
    return Platform.allCases.flatMap { platform in columns.filter { $0.platform == platform } }
  }
}

/// ` selected` for the option that is chosen.
func selected(_ isSelected: Bool) -> HTML {
  isSelected ? " selected" : ""
}
