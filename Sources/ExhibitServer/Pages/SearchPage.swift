import ExhibitKit

/// `/search?q=…`: hits grouped by component as the CLI prints them; a caption hit opens the
/// recording page playing from its cue.
struct SearchPage {
  /// The form's values.
  struct Query: Sendable {
    var text = ""
    var component: String?
    var platform: Platform?
    var kind: SearchKind?

    /// What identifies the query's results in the read cache.
    var cacheKey: String {
      "search \(text.count) \(text) \(component ?? "") \(platform?.rawValue ?? "") \(kind?.rawValue ?? "")"
    }
  }

  let query: Query
  /// The results, nil before anything was searched.
  let results: SearchResults?
  let visitor: Visitor
  var error: String?

  var html: HTML {
    Layout(
      title: query.text.isEmpty ? "Search" : "Search: \(query.text)", visitor: visitor, current: "/search"
    )
    .document(
      """
      <h1>Search</h1>
      \(form)
      \(error.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      \(results.map(hits) ?? .empty)
      """)
  }

  private var form: HTML {
    let platforms = Platform.allCases.map { platform -> HTML in
      "<option value=\"\(platform.rawValue)\"\(selected(query.platform == platform))>\(platform.displayName)</option>"
    }
    let kinds = SearchKind.allCases.map { kind -> HTML in
      "<option value=\"\(kind.rawValue)\"\(selected(query.kind == kind))>\(kind.rawValue)</option>"
    }
    return """
      <form class="filters" method="get" action="/search" role="search" aria-label="Search the workspace">
      <div><label for="search-q">Words</label>
      <input id="search-q" name="q" type="search" value="\(query.text)" required aria-describedby="search-hint"></div>
      <div><label for="search-component">Component</label>
      <input id="search-component" name="component" value="\(query.component ?? "")" placeholder="native/checkbox"></div>
      <div><label for="search-platform">Platform</label>
      <select id="search-platform" name="platform"><option value="">Any platform</option>\(platforms)</select></div>
      <div><label for="search-kind">In</label>
      <select id="search-kind" name="kind"><option value="">Everything</option>\(kinds)</select></div>
      <div><button type="submit">Search</button></div>
      </form>
      <p id="search-hint" class="muted">Words match their stems; "quoted words" match a phrase; che* matches a prefix.</p>
      """
  }

  private func hits(_ results: SearchResults) -> HTML {
    guard !results.hits.isEmpty else { return "<p role=\"status\">Nothing matches “\(results.query)”.</p>" }
    var groups: [(component: ComponentID?, hits: [SearchHit])] = []
    for hit in results.hits {
      if let last = groups.last, last.component == hit.component {
        groups[groups.count - 1].hits.append(hit)
      } else {
        groups.append((hit.component, [hit]))
      }
    }
    let sections = groups.map { group -> HTML in
      let heading: HTML =
        group.component.map { component in
          "<a href=\"/components/\(component.family.rawValue)/\(URLText.encode(component.slug))\">\(component.description)</a>"
        } ?? "No component"
      return "<section><h2>\(heading)</h2>\(group.hits.map(hit))</section>"
    }
    let capped = results.cappedKinds.map { kind -> HTML in
      "<p class=\"muted\">More than \(SearchRequest.candidateCap) \(kind.rawValue) entries match; add words, a component or a platform to rank them all.</p>"
    }
    return """
      <p role="status">\(SearchResultsCount.words(results)) for “\(results.query)”.</p>
      \(sections)\(capped)
      """
  }

  /// Where a hit came from; a heard phrase says it was heard by Exhibit, not captioned.
  private func source(_ hit: SearchHit) -> HTML {
    guard hit.kind == .heard else { return "\(hit.source)" }
    let sure = hit.confidence.map { ", confidence \(Int(($0 * 100).rounded()))%" } ?? ""
    return "<span class=\"heard-mark\">heard by Exhibit, not captioned\(sure)</span>"
  }

  private func hit(_ hit: SearchHit) -> HTML {
    let platform = (hit.platform.map { [$0] } ?? hit.platforms).map(\.rawValue).joined(separator: ", ")
    return """
      <article class="hit"><h3>\(destination(hit))</h3>
      <p>\(hit.snippet)</p>
      <p class="muted">\(source(hit))\(platform.isEmpty ? "" : " · \(platform)")\(hit.assistiveTech.map { " · \($0)" } ?? "")</p></article>
      """
  }

  /// The hit's title as a link to where it is: the player at its second, or the item's row.
  private func destination(_ hit: SearchHit) -> HTML {
    if let recording = hit.recording {
      let at = hit.startSeconds.map { String($0) }
      let href =
        URLText.with("/recordings/\(recording.sha256)", query: [("t", at), ("play", at == nil ? nil : "1")])
        + (at == nil ? "" : "#player")
      let time = hit.startSeconds.map { " at \(DisplayText.clock($0))" } ?? ""
      return "<a href=\"\(href)\">\(hit.title)\(time)</a>"
    }
    if let item = hit.item {
      let component = item.component
      let href =
        "/components/\(component.family.rawValue)/\(URLText.encode(component.slug))#\(ComponentPage.anchor(item))"
      return "<a href=\"\(href)\">\(hit.title)</a>"
    }
    return "\(hit.title)"
  }
}
