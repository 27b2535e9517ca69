import ExhibitKit

/// `/`: every component with its family, and a coverage matrix of components by platform and
/// screen reader, filtered by family, platform and screen reader.
struct OverviewPage {
  /// The filters from the query string.
  struct Filters: Sendable {
    var family: Family?
    var platform: Platform?
    var assistiveTech: String?
    /// Whether to list the recordings Exhibit could not place under a component.
    var unattributed = false
  }

  let components: [ComponentOverview]
  let filters: Filters
  let visitor: Visitor
  /// What a catalogue run from the page did, after its redirect.
  var notice: String?
  /// The recordings no component claims.
  var unattributed: [RecordingSummary] = []

  var html: HTML {
    let shown = components.filter { filters.family == nil || $0.family == filters.family }
    let columns = Self.columns(of: shown).filter { column in
      (filters.platform == nil || column.platform == filters.platform)
        && (filters.assistiveTech == nil || column.assistiveTech == filters.assistiveTech)
    }
    return Layout(title: "Overview", visitor: visitor, current: "/").document(
      """
      <h1>Coverage overview</h1>
      <p class="lede">\(components.count) components imported. Each cell counts a component's criteria items \
      on one platform with one screen reader by what the evidence says.</p>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      \(filterForm)
      \(catalogueForm)
      \(unattributedSection)
      \(legend)
      \(shown.isEmpty ? "<p>No component matches. Import criteria with <code>exhibit criteria import</code>.</p>" : matrix(shown, columns))
      """)
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
    return """
      <form class="filters" method="get" action="/" aria-label="Filter the matrix">
      <div><label for="filter-family">Family</label>
      <select id="filter-family" name="family"><option value="">All families</option>\(families)</select></div>
      <div><label for="filter-platform">Platform</label>
      <select id="filter-platform" name="platform"><option value="">All platforms</option>\(platforms)</select></div>
      <div><label for="filter-at">Screen reader</label>
      <select id="filter-at" name="at"><option value="">All screen readers</option>\(techs)</select></div>
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

  private func matrix(_ shown: [ComponentOverview], _ columns: [Coverage.Column]) -> HTML {
    let headings = columns.map { column -> HTML in
      "<th scope=\"col\">\(CoverageBadge.columnName(column))</th>"
    }
    let rows = shown.map { component -> HTML in
      let cells = columns.map { column -> HTML in
        guard let tally = component.columns.first(where: { $0.column == column })?.tally else {
          return "<td class=\"matrix-cell\">\(CoverageBadge.badge(.empty))</td>"
        }
        return """
          <td class="matrix-cell">\(CoverageBadge.badge(tally.state))\
          <span class="counts">\(CoverageBadge.counts(tally))</span></td>
          """
      }
      let platforms = component.platforms.map { entry -> HTML in
        "<li>\(entry.platform.displayName): \(CoverageBadge.counts(entry.tally))</li>"
      }
      let link =
        "/components/\(component.component.family.rawValue)/\(URLText.encode(component.component.slug))"
      return """
        <tr><th scope="row"><a href="\(link)">\(component.title)</a>
        <span class="muted">\(component.component.description) · \(component.family.rawValue)</span>
        <details><summary>Per platform</summary><ul class="counts">\(platforms)</ul></details></th>
        \(cells)</tr>
        """
    }
    return """
      <div class="table-scroll" role="region" aria-labelledby="matrix-caption" tabindex="0">
      <table class="matrix"><caption id="matrix-caption">Components by platform and screen reader</caption>
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
