import ExhibitKit

/// `/components/FAMILY/SLUG[?platform=P]`: a component's checklist for one platform (items,
/// expectations, verdicts, gaps, conflicts, stale links), its recordings with their attribution,
/// and the suggestions waiting for a decision.
struct ComponentPage {
  let data: ComponentPageData
  let visitor: Visitor
  var notice: String?
  /// The page's body as rendered for every visitor with the same rights (``shared``), cut where
  /// the visitor's CSRF token goes (``pieces``), when the route took it from the read cache;
  /// else it is rendered now (``content``).
  var rendered: [String]?

  private var path: String {
    "/components/\(data.component.family.rawValue)/\(URLText.encode(data.component.slug))"
  }

  var html: HTML {
    let scope = data.platform?.displayName ?? "all platforms"
    return Layout(title: "\(data.criteria.document.title) (\(scope))", visitor: visitor).document(
      """
      <h1>\(data.criteria.document.title) <span class="muted">on \(scope)</span></h1>
      <p class="lede">\(data.component.description) · \(data.criteria.document.family.rawValue) · revision \
      \(data.criteria.document.revision) · <a href="\(URLText.with("/history", query: [("subject", data.component.description)]))">history</a></p>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      \(rendered.map { HTML(markup: $0.joined(separator: visitor.csrfToken)) } ?? content)
      """)
  }

  /// Everything under the notice: what the catalogue holds, and the forms the visitor's rights
  /// allow.
  var content: HTML {
    """
    \(closedNote)
    \(platformLinks)
    \(summary)
    \(checklist)
    \(problems)
    \(observationForm)
    \(recordings)
    \(suggestions)
    """
  }

  /// What ``content`` depends on besides the data: the visitor's rights, the audit they work in
  /// and, for an auditor, their name (they are not offered to approve what they judged); never
  /// their token.
  var cacheKey: String {
    let audit = visitor.audits.current
    return [
      "component-page", data.component.description, data.platform?.rawValue ?? "",
      audit.map { String($0.id) } ?? "",
      audit?.state.rawValue ?? "", visitor.mayWrite ? "w" : "", visitor.mayJudge ? "j" : "",
      visitor.mayWrite ? visitor.name ?? "" : "",
    ].joined(separator: "\u{1F}")
  }

  /// This page for any visitor with the same rights: the forms carry ``tokenStandIn`` where the
  /// visitor's CSRF token goes, put back per request (``pieces``).
  var shared: ComponentPage {
    var visitor = Visitor(
      name: self.visitor.mayWrite ? self.visitor.name : nil, role: self.visitor.role,
      csrfToken: Self.tokenStandIn)
    visitor.audits = self.visitor.audits
    return ComponentPage(data: data, visitor: visitor)
  }

  /// A stand-in for the CSRF token in shared bodies: random for each process, so no text from the
  /// catalogue can spell it and be replaced.
  static let tokenStandIn = SessionTokens.random()

  /// ``content`` cut at each stand-in for the token, to be joined with a visitor's: joining is
  /// a copy, where Foundation's search and replace over the page cost more than rendering it.
  var pieces: [String] {
    content.markup.components(separatedBy: Self.tokenStandIn)
  }

  /// In a closed audit, that its verdicts are final.
  private var closedNote: HTML {
    guard let audit = visitor.audits.current, audit.state == .closed else { return .empty }
    return
      "<p class=\"notice\">Audit \(audit.id) (\(audit.product) \(audit.release)) is closed: these verdicts are final.</p>"
  }

  /// The platforms the component's criteria apply to: no other is offered.
  private var platforms: [Platform] {
    Platform.allCases.filter { platform in data.criteria.items.contains { $0.platforms.contains(platform) } }
  }

  private var platformLinks: HTML {
    let platforms = self.platforms
    let links = [(nil as Platform?, "All platforms")] + platforms.map { ($0, $0.displayName) }
    let items = links.map { platform, label -> HTML in
      let href = URLText.with(path, query: [("platform", platform?.rawValue)])
      return platform == data.platform
        ? "<li><a href=\"\(href)\" aria-current=\"page\">\(label)</a></li>"
        : "<li><a href=\"\(href)\">\(label)</a></li>"
    }
    return "<nav aria-label=\"Platform\"><ul class=\"legend\">\(items)</ul></nav>"
  }

  private var summary: HTML {
    let coverage = data.coverage
    let tallies = (data.platform.map { [$0] } ?? Platform.allCases).compactMap { platform -> HTML? in
      guard coverage.items.contains(where: { $0.platforms.contains(platform) }) else { return nil }
      let tally = coverage.tally(platform: platform)
      return
        "<li>\(platform.displayName): \(CoverageBadge.badge(tally.state)) \(CoverageBadge.counts(tally))</li>"
    }
    return """
      <h2>Summary</h2>
      <ul>\(tallies)</ul>
      <p>All together: \(CoverageBadge.counts(coverage.tally)) · \
      \(coverage.stale.count) stale links · \(coverage.unavailable.count) links whose recording is unavailable.</p>
      """
  }

  private var checklist: HTML {
    let expectations = Dictionary(
      data.criteria.items.map { ($0.key, $0.expectation) }, uniquingKeysWith: { a, _ in a })
    let sections = CriteriaSection.allCases.compactMap { section -> HTML? in
      let items = data.coverage.items.filter { $0.section == section }
      guard !items.isEmpty else { return nil }
      let rows = items.map { item -> HTML in
        let evidence = item.cells.filter { $0.links > 0 }.map { cell -> HTML in
          let column = CoverageBadge.columnName(platform: cell.platform, assistiveTech: cell.assistiveTech)
          let segments = cell.segments.map { segment -> HTML in "<li>\(segmentLink(segment))</li>" }
          let carried: HTML =
            cell.carried
            ? " <strong class=\"carried\">Carried from the earlier round, not retested</strong>" : .empty
          let approved: HTML =
            cell.approvedBy.map {
              " <span class=\"approved\">approved by \($0) on \(String(cell.approvedAt?.prefix(10) ?? ""))</span>"
            } ?? .empty
          return
            "<li>\(column): \(CoverageBadge.badge(cell.verdict))\(carried)\(approved)<ul>\(segments)</ul>\(approveForm(item, cell))</li>"
        }
        let gaps = item.gapColumns.map(CoverageBadge.columnName).joined(separator: ", ")
        return """
          <tr id="\(Self.anchor(item.key))"><th scope="row">\(item.label)<br><span class="muted sha">\(item.key)</span>\
          \(wcag(item.key))<span class="expectation-inline">\(expectations[item.key] ?? "")</span></th>
          <td class="col-expectation">\(expectations[item.key] ?? "")</td>
          <td>\(item.notApplicable ? "<p>\(CoverageBadge.badge(CombinedVerdict.notApplicable)) by the criteria</p>" as HTML : .empty)\
          \(evidence.isEmpty ? HTML.empty : "<ul>\(evidence)</ul>")\
          \(item.conflict ? "<p><strong>Evidence conflicts.</strong></p>" as HTML : .empty)\
          \(gaps.isEmpty ? HTML.empty : "<p>\(CoverageBadge.badge(nil as CombinedVerdict?)) gap on \(gaps)</p>")\
          \(confirmForm(item))</td></tr>
          """
      }
      return """
        <div class="table-scroll" role="region" tabindex="0" aria-label="\(section.rawValue.capitalized)"><table class="checklist"><caption>\(section.rawValue.capitalized)</caption>
        <thead><tr><th scope="col">Item</th><th scope="col" class="col-expectation">Expectation</th><th scope="col">Evidence</th></tr></thead>
        <tbody>\(rows)</tbody></table></div>
        """
    }
    return "<h2>Checklist</h2>\(sections)"
  }

  /// A button per column in which an item's verdict is carried, confirming it in this round,
  /// for an auditor in an open audit: each names its column, and confirms only that one.
  private func confirmForm(_ item: Coverage.Item) -> HTML {
    HTML.join(
      item.cells.filter(\.carried).map {
        columnForm(
          item, $0, action: "confirm", button: "Confirm carried verdict", hidden: "of \(item.label),")
      })
  }

  /// A button approving a column's verdicts, for an auditor in an open audit who judged none of
  /// them, while nobody has approved them as they stand (`exhibit approve`).
  private func approveForm(_ item: Coverage.Item, _ cell: Coverage.Cell) -> HTML {
    let deciding = cell.segments.filter { $0.verdict != .untested }
    guard cell.approvedBy == nil, !deciding.isEmpty, !deciding.contains(where: { $0.auditor == visitor.name })
    else { return .empty }
    return columnForm(
      item, cell, action: "approve", button: "Approve", hidden: "the verdicts of \(item.label),")
  }

  /// A form posting one column of an item to `/audits/ID/ACTION` (back to this page), for an
  /// auditor in an open audit: its button says `button`, the column, and to a screen reader
  /// `hidden` between them.
  private func columnForm(
    _ item: Coverage.Item, _ cell: Coverage.Cell, action: String, button: String, hidden: String
  ) -> HTML {
    guard visitor.mayWrite, let audit = visitor.audits.current, audit.state == .open else { return .empty }
    let column = CoverageBadge.columnName(platform: cell.platform, assistiveTech: cell.assistiveTech)
    let back = URLText.with(path, query: [("platform", data.platform?.rawValue)])
    let reader: HTML =
      cell.assistiveTech.map { "<input type=\"hidden\" name=\"screen_reader\" value=\"\($0)\">" } ?? .empty
    return """
      <form method="post" action="/audits/\(audit.id)/\(action)" class="inline-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="item" value="\(item.key)">
      <input type="hidden" name="platform" value="\(cell.platform.rawValue)">
      \(reader)<input type="hidden" name="back" value="\(back)">
      <button type="submit" class="secondary">\(button)<span class="visually-hidden"> \(hidden)</span> \(column)</button>
      </form>
      """
  }

  private func segmentLink(_ segment: Coverage.Segment) -> HTML {
    let note: HTML =
      segment.note.isEmpty ? .empty : "<q class=\"verdict-note\">\(segment.note)</q>"
    let judged: HTML =
      segment.auditor.isEmpty ? .empty : " <span class=\"muted\">by \(segment.auditor)</span>"
    switch segment.evidence {
    case .observation:
      let environment: HTML = segment.environment.map { " <span class=\"muted\">\($0)</span>" } ?? .empty
      return
        "<span class=\"observation\">Link \(segment.link): observed, not recorded</span> \(CoverageBadge.badge(segment.verdict))\(judged)\(environment) \(note)"
    case .screenshot:
      let name = URLText.fileName(segment.recording.path)
      return
        "<a href=\"/recordings/\(segment.recording.sha256)\">link \(segment.link): screenshot \(name)</a> \(CoverageBadge.badge(segment.verdict))\(judged) \(note)"
    case .recording:
      return recordingSegmentLink(segment, judged: judged, note: note)
    }
  }

  private func recordingSegmentLink(_ segment: Coverage.Segment, judged: HTML, note: HTML) -> HTML {
    let name = URLText.fileName(segment.recording.path)
    let time =
      segment.fromSeconds.map {
        " \(DisplayText.clock($0))–\(DisplayText.clock(segment.toSeconds ?? $0))"
      } ?? ""
    let href = URLText.with(
      "/recordings/\(segment.recording.sha256)", query: [("t", segment.fromSeconds.map { String($0) })])
    let carried: HTML =
      segment.carriedFrom.map { " <span class=\"muted\">(carried from link \($0))</span>" } ?? .empty
    let environment: HTML = segment.environment.map { " <span class=\"muted\">\($0)</span>" } ?? .empty
    return
      "<a href=\"\(href)\">link \(segment.link): \(name)\(time)</a> \(CoverageBadge.badge(segment.verdict))\(judged)\(environment)\(carried) \(note)"
  }

  /// For items no recording shows well (focus order, text resize): a verdict on what the
  /// auditor observed, with a note saying what, on a platform the criteria apply to.
  private var observationForm: HTML {
    guard visitor.mayJudge, !data.criteria.items.isEmpty else { return .empty }
    let items = data.criteria.items.filter { item in data.platform.map(item.platforms.contains) ?? true }
    let options = items.map { item -> HTML in
      "<option value=\"\(item.key)\">\(item.section.rawValue): \(item.label)</option>"
    }
    let platformOptions = (data.platform.map { [$0] } ?? platforms).map { platform -> HTML in
      "<option value=\"\(platform.rawValue)\">\(platform.displayName)</option>"
    }
    let readers = AssistiveTech.allCases.map { tech -> HTML in
      "<option value=\"\(tech.rawValue)\">\(tech.displayName)</option>"
    }
    let verdicts = [Verdict.pass, .fail, .notApplicable].map { verdict -> HTML in
      let id = "observe-verdict-\(verdict.rawValue)"
      return
        "<label for=\"\(id)\"><input type=\"radio\" id=\"\(id)\" name=\"verdict\" value=\"\(verdict.rawValue)\" required> \(verdict.rawValue)</label>"
    }
    return """
      <section aria-labelledby="observe-heading">
      <h2 id="observe-heading">Record an observation</h2>
      <details><summary>Judge an item without a recording</summary>
      <p class="muted">For what a recording cannot show well, such as focus order with a keyboard or text at 200%: \
      the note is the evidence, so say what you observed. Attach a screenshot instead by cataloguing it and linking it from its page.</p>
      <form method="post" action="\(path)/observations" class="judge-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div class="row"><div><label for="observe-item">Item</label>
      <select id="observe-item" name="item" required><option value="">Choose an item</option>\(options)</select></div>
      <div><label for="observe-platform">Platform</label><select id="observe-platform" name="platform" required>\(platformOptions)</select></div>
      <div><label for="observe-reader">Screen reader</label><select id="observe-reader" name="screen_reader">\
      <option value="">None</option>\(readers)</select></div>
      <div><label for="observe-environment">Environment</label><input id="observe-environment" name="environment" placeholder="iOS 17.4, iPhone 13"></div></div>
      <fieldset><legend>Verdict</legend><div class="verdicts">\(verdicts)</div></fieldset>
      <div class="row"><div><label for="observe-note">What you observed</label>
      <textarea id="observe-note" name="note" rows="2" cols="60" required></textarea></div></div>
      <button type="submit">Save observation</button>
      </form></details>
      </section>
      """
  }

  /// The success criteria an item bears on, each linking to the standard, or that it is unmapped.
  private func wcag(_ key: ItemKey) -> HTML {
    let rows = data.mapping.rows(for: key).filter { $0.relation != .none }
    guard !rows.isEmpty else { return "<br><span class=\"muted wcag\">WCAG: unmapped</span>" }
    let links = rows.compactMap { row -> HTML? in
      guard let criterion = WCAG22.criterion(row.criterion) else { return nil }
      return
        "<a href=\"\(criterion.url)\" title=\"\(row.rationale)\">\(criterion.number)</a> \(row.relation.rawValue)"
    }
    return "<br><span class=\"wcag\">WCAG \(HTML.join(links, separator: ", "))</span>"
  }

  private var problems: HTML {
    guard !data.coverage.stale.isEmpty || !data.coverage.unavailable.isEmpty else { return .empty }
    let stale = data.coverage.stale.map { link -> HTML in
      "<li>Link \(link.link) on \(link.item) judged revision \(link.revision) (\(link.verdict.rawValue)): the criteria changed since; judge it again.</li>"
    }
    let unavailable = data.coverage.unavailable.map { link -> HTML in
      "<li>Link \(link.link) on \(link.item): \(link.state.rawValue). \(link.advice)</li>"
    }
    return "<h2>Links to look at again</h2><ul>\(stale)\(unavailable)</ul>"
  }

  private var recordings: HTML {
    guard !data.recordings.isEmpty else {
      return
        "<h2>Recordings</h2><p>No recording of this component\(data.platform.map { " on \($0.displayName)" } ?? "") is catalogued.</p>"
    }
    let rows = data.recordings.map { recording -> HTML in
      let name = URLText.fileName(recording.path)
      let title: HTML =
        recording.sha256.map { "<a href=\"/recordings/\($0)\">\(name)</a>" } ?? "\(name)"
      let tech =
        recording.assistiveTech.flatMap { AssistiveTech(rawValue: $0)?.displayName }
        ?? recording.assistiveTech
      return """
        <tr><th scope="row">\(title)</th><td>\(recording.platform.flatMap { Platform(rawValue: $0)?.displayName } ?? "unknown")</td>
        <td>\(tech ?? "unknown")</td><td>\(recording.durationSeconds.map { DisplayText.clock($0) } ?? "")</td>
        <td>\(recording.captionCues)</td><td>\(recording.missing ? "missing" : recording.status.rawValue)</td></tr>
        """
    }
    return """
      <h2>Recordings</h2>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Recordings of this component"><table><caption>Recordings of this component</caption>
      <thead><tr><th scope="col">Recording</th><th scope="col">Platform</th><th scope="col">Screen reader</th>\
      <th scope="col">Duration</th><th scope="col">Caption cues</th><th scope="col">Status</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  private var suggestions: HTML {
    guard !data.suggestions.isEmpty else {
      return "<h2 id=\"suggestions-heading\">Suggestions</h2><p>No suggestion is waiting for a decision.</p>"
    }
    let rows = data.suggestions.enumerated().map { index, suggestion -> HTML in
      let name = URLText.fileName(suggestion.recording.path)
      let time =
        suggestion.fromSeconds.map {
          "\(DisplayText.clock($0))–\(DisplayText.clock(suggestion.toSeconds ?? $0))"
        }
        ?? "whole recording"
      let open = URLText.with(
        "/recordings/\(suggestion.recording.sha256)",
        query: [
          ("item", suggestion.item.description), ("from", suggestion.fromSeconds.map { String($0) }),
          ("to", suggestion.toSeconds.map { String($0) }), ("t", suggestion.fromSeconds.map { String($0) }),
        ])
      let back = URLText.with(path, query: [("platform", data.platform?.rawValue)]) + "#suggestions-heading"
      let decide = SuggestionDecisionForm(suggestion: suggestion, visitor: visitor, back: back, index: index)
        .html
      let accept: HTML =
        visitor.mayJudge && suggestion.acceptedLink == nil
        ? """
        <form method="post" action="\(path)/suggestions/accept" class="inline-form">
        <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
        <input type="hidden" name="recording" value="\(suggestion.recording.sha256)">
        <input type="hidden" name="item" value="\(suggestion.item)">
        <input type="hidden" name="from" value="\(suggestion.fromSeconds.map { String($0) } ?? "")">
        <input type="hidden" name="platform" value="\(data.platform?.rawValue ?? "")">
        <button type="submit" class="secondary">Accept as untested link</button></form>
        """ : .empty
      return """
        <tr><td>\(suggestion.item)</td><td><a href="\(open)">\(name) at \(time)</a></td>
        <td>\(suggestion.heard ? "<span class=\"heard-mark\">Heard by Exhibit, not captioned:</span> " as HTML : .empty)\(suggestion.reason)\(suggestion.acceptedLink.map { "<br>\(CoverageBadge.badge(Verdict.untested)) as link \($0)" as HTML } ?? .empty)</td>\
        <td>\(suggestion.acceptedLink == nil ? "\(Int((suggestion.confidence * 100).rounded()))%" : "accepted")</td><td>\(decide)\(accept)</td></tr>
        """
    }
    return """
      <h2 id="suggestions-heading">Suggestions</h2>
      <p>Cues whose words match an item (in a recording without captions, what Exhibit heard), and untested links nobody judged yet. Decide each here (pass, fail, \
      not applicable, or not evidence), or open it to judge it in the player. An untested link is not evidence.</p>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Suggestions waiting for a decision"><table><caption>Suggestions waiting for a decision</caption>
      <thead><tr><th scope="col">Item</th><th scope="col">Where</th><th scope="col">Why</th>\
      <th scope="col">Confidence</th><th scope="col">Decide</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  /// The element id of an item's row.
  static func anchor(_ key: ItemKey) -> String {
    "item-" + key.description.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
  }
}
