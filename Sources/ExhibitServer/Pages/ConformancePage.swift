import ExhibitKit

/// `/audits/ID/acr`: the audit's conformance report as it stands. For each A and AA criterion the
/// drafted and decided level per component type with the remarks, warnings where a decision
/// contradicts the evidence, and the evidence one click away (the items' checklists and the
/// seconds of video); a form to decide a level (auditors, open audits); downloads of the OpenACR
/// YAML and the readable VPAT.
struct ConformancePage {
  let audit: Audit
  /// Nil when the audit has no verdict yet.
  let draft: ACRDraft?
  let visitor: Visitor
  /// A criterion and type to prefill the form with (`?criterion=&type=`).
  var chosen: (criterion: String, type: ACRComponentType)?
  var notice: String?

  private var path: String { "/audits/\(audit.id)/acr" }

  var html: HTML {
    Layout(
      title: "Conformance report: \(audit.product) \(audit.release)", visitor: visitor, current: "/audits",
      wide: true
    )
    .document(
      """
      <h1>Conformance report <span class="muted">\(audit.product) \(audit.release)</span></h1>
      <p class="lede"><a href="/audits/\(audit.id)">Audit \(audit.id)</a>, \(audit.state.rawValue). Levels are drafted from \
      the verdicts through the WCAG mapping (<code>exhibit wcag</code>): a failed item necessary to a criterion lowers \
      its level; a pass shows only that no failure was found in what was tested.</p>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      \(draft.map(body) ?? "<p>Audit \(audit.id) has no verdicts yet: there is nothing to report.</p>")
      """)
  }

  private func body(_ draft: ACRDraft) -> HTML {
    """
    \(summary(draft))
    \(downloads)
    \(decideForm(draft))
    \(table(draft, .a))
    \(table(draft, .aa))
    """
  }

  private func summary(_ draft: ACRDraft) -> HTML {
    let rows = draft.rows.filter { $0.criterion.level != .aaa }
    let warnings = rows.filter { !$0.warnings.isEmpty }.count
    let counts =
      ([ConformanceLevel.supports, .partiallySupports, .doesNotSupport, .notApplicable] as [ConformanceLevel?]
      + [nil])
      .map { level -> HTML in
        "<li>\(level?.label ?? "Not evaluated"): \(rows.filter { $0.level == level }.count)</li>"
      }
    return """
      <h2 id="acr-summary">Summary</h2>
      <ul class="facts">\(HTML.join(counts))</ul>
      \(warnings > 0 ? "<p class=\"error-message\" role=\"alert\">\(warnings) decided \(warnings == 1 ? "level contradicts" : "levels contradict") the evidence: see the warnings below.</p>" as HTML : .empty)
      \(draft.unmapped.isEmpty ? HTML.empty : "<p class=\"muted\">\(draft.unmapped.count) items are mapped to no criterion; their verdicts count towards none (<code>exhibit wcag show</code>).</p>")
      """
  }

  private var downloads: HTML {
    """
    <h2 id="acr-downloads">Download</h2>
    <form method="get" action="\(path)/download" class="inline-form">
    <div><label for="acr-author">Author (name and e-mail, as OpenACR requires)</label>
    <input id="acr-author" name="author" required size="34" placeholder="Ada Lovelace &lt;ada@example.org&gt;"></div>
    <div><label for="acr-edition">Edition</label>
    <select id="acr-edition" name="edition">\(HTML.join(ACREdition.allCases.map { "<option value=\"\($0.rawValue)\">\($0.title)</option>" as HTML }))</select></div>
    <button type="submit" name="format" value="openacr">OpenACR (YAML)</button>
    <button type="submit" name="format" value="html" class="secondary">Readable VPAT (HTML)</button>
    </form>
    """
  }

  private func decideForm(_ draft: ACRDraft) -> HTML {
    guard visitor.mayWrite, audit.state == .open else {
      return audit.state == .closed
        ? "<p class=\"notice\">Audit \(audit.id) is closed: its conformance report is final.</p>" : .empty
    }
    let criteria = WCAG22.criteria.filter { $0.level != nil && $0.level != .aaa }.map { criterion -> HTML in
      "<option value=\"\(criterion.number)\"\(selected(chosen?.criterion == criterion.number))>\(criterion.number) \(criterion.handle)</option>"
    }
    let types = ACRComponentType.allCases.filter { type in draft.rows.contains { $0.componentType == type } }
      .map { type -> HTML in
        "<option value=\"\(type.rawValue)\"\(selected(chosen?.type == type))>\(type.label)</option>"
      }
    let levels = ConformanceLevel.allCases.filter { $0 != .notEvaluated }.map { level -> HTML in
      "<option value=\"\(level.rawValue)\">\(level.label)</option>"
    }
    return """
      <h2 id="decide">Decide a level</h2>
      <form method="post" action="\(path)" class="judge-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div class="row">
      <div><label for="decide-criterion">Criterion</label><select id="decide-criterion" name="criterion" required>\(HTML.join(criteria))</select></div>
      <div><label for="decide-type">Component type</label><select id="decide-type" name="type" required>\(HTML.join(types))</select></div>
      <div><label for="decide-level">Level</label><select id="decide-level" name="level" required>\(HTML.join(levels))</select></div>
      </div>
      <div class="row"><div class="grow"><label for="decide-remarks">Remarks (empty keeps the draft's)</label>
      <textarea id="decide-remarks" name="remarks" rows="2" cols="60"></textarea></div>
      <div><button type="submit">Decide</button></div></div>
      </form>
      """
  }

  private func table(_ draft: ACRDraft, _ level: SuccessCriterion.Level) -> HTML {
    let types = ACRComponentType.allCases.filter { type in draft.rows.contains { $0.componentType == type } }
    let rows = WCAG22.criteria(at: level).map { criterion -> HTML in
      let cells = types.map { type -> HTML in
        guard
          let row = draft.rows.first(where: {
            $0.criterion.number == criterion.number && $0.componentType == type
          })
        else { return "<td></td>" }
        return cell(row)
      }
      return """
        <tr id="sc-\(criterion.number)"><th scope="row"><a href="\(criterion.url)">\(criterion.number) \(criterion.handle)</a></th>\
        \(HTML.join(cells))</tr>
        """
    }
    let headers = types.map { "<th scope=\"col\">\($0.label)</th>" as HTML }
    let label = level.rawValue
    return """
      <h2 id="level-\(label)">Level \(label)</h2>
      <div class="table-scroll" role="region" tabindex="0" aria-labelledby="level-\(label)">
      <table class="acr"><caption>WCAG 2.2 Level \(label): the level per component type, its remarks and the evidence</caption>
      <thead><tr><th scope="col">Criterion</th>\(HTML.join(headers))</tr></thead>
      <tbody>\(HTML.join(rows))</tbody></table></div>
      """
  }

  private func cell(_ row: ACRDraft.Row) -> HTML {
    let level: HTML = "<strong>\(row.level?.label ?? "Not evaluated")</strong>"
    let draft: HTML =
      row.decided == nil
      ? " <span class=\"muted\">(draft)</span>"
      : " <span class=\"muted\">(decided by \(row.decided?.actor ?? "")\(row.signOff.map { ", \($0.words)" } ?? ""); draft: \(row.draft?.label ?? "none"))</span>"
    let warnings = row.warnings.map { "<p class=\"error-message\">Warning: \($0)</p>" as HTML }
    let evidence = row.evidence.filter { $0.verdict != nil && $0.verdict != .untested }.map { item -> HTML in
      let page = "/components/\(item.component.family.rawValue)/\(URLText.encode(item.component.slug))"
      let segments = item.segments.compactMap { segment -> HTML? in
        guard segment.evidence != .observation else { return "<li>link \(segment.link): observed</li>" }
        let time = segment.fromSeconds.map { DisplayText.clock($0) } ?? "whole"
        let href = URLText.with(
          "/recordings/\(segment.recording.sha256)", query: [("t", segment.fromSeconds.map { String($0) })])
        return
          "<li><a href=\"\(href)#desk\">link \(segment.link): \(segment.verdict.rawValue) at \(time)</a></li>"
      }
      return """
        <li><a href="\(page)">\(item.title) · \(item.label)</a> (\(item.relation.rawValue)): \
        \(item.verdict?.rawValue ?? "untested")\(segments.isEmpty ? HTML.empty : "<ul>\(HTML.join(segments))</ul>")</li>
        """
    }
    let decide: HTML =
      visitor.mayWrite && audit.state == .open
      ? " <a href=\"\(URLText.with(path, query: [("criterion", row.criterion.number), ("type", row.componentType.rawValue)]))#decide\">Decide<span class=\"visually-hidden\"> \(row.criterion.number) \(row.componentType.label)</span></a>"
      : .empty
    return """
      <td>\(level)\(draft)\(decide)\(approveForm(row))<p>\(row.remarks)</p>\(HTML.join(warnings))\
      \(evidence.isEmpty ? HTML.empty : "<details><summary>Evidence (\(evidence.count))<span class=\"visually-hidden\"> for \(row.criterion.number) \(row.componentType.label)</span></summary><ul>\(HTML.join(evidence))</ul></details>")</td>
      """
  }

  /// A button approving a decided level, for an auditor in an open audit who did not decide it,
  /// while nobody has approved it as it stands (`exhibit approve --acr`).
  private func approveForm(_ row: ACRDraft.Row) -> HTML {
    guard visitor.mayWrite, audit.state == .open, let decided = row.decided, row.signOff == nil,
      decided.actor != visitor.name
    else { return .empty }
    return """
      <form method="post" action="\(path)/approve" class="inline-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="criterion" value="\(row.criterion.number)">
      <input type="hidden" name="type" value="\(row.componentType.rawValue)">
      <button type="submit" class="secondary">Approve<span class="visually-hidden"> the level of \(row.criterion.number) \(row.componentType.label)</span></button>
      </form>
      """
  }
}
