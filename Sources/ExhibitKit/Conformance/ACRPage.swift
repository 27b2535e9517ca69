import Crypto
import Foundation

/// The readable VPAT: product and report information, a summary of levels, then Table 1 (Level A)
/// and Table 2 (Level AA) with Criteria, Conformance Level and Remarks and Explanations for each
/// component type. Each remark lists the items behind the level, and each segment links to the
/// seconds of video that show it (`evidenceBase`: the web workspace, or a bag's report). One
/// self-contained file with no script, its one stylesheet named by a Content-Security-Policy as
/// the bundle report's is, accessible and printable (every row printed, headers repeated).
public struct ACRPage {
  /// Where the page's evidence links go.
  public enum EvidenceLinks: Sendable, Equatable {
    /// Into a web workspace at this address (empty: links relative to a page it serves).
    case workspace(String)
    /// Into the bag the page is in: segments to its recordings, items to its report.
    case bag
  }

  public let audit: ACRHeading
  public let draft: ACRDraft
  public let author: OpenACRDocument.Author
  public let date: String
  public let links: EvidenceLinks
  public let edition: ACREdition
  /// The Evaluation Methods Used (``ACRMethods/description``); nil gives the one sentence bags of
  /// layouts 1 to 5 carry.
  public let evaluationMethods: String?

  public init(
    audit: ACRHeading, draft: ACRDraft, author: OpenACRDocument.Author, date: String,
    links: EvidenceLinks = .workspace(""), edition: ACREdition = .wcag, evaluationMethods: String? = nil
  ) {
    self.edition = edition
    self.evaluationMethods = evaluationMethods
    self.audit = audit
    self.draft = draft
    self.author = author
    self.date = date
    if case .workspace(let base) = links, base.hasSuffix("/") {
      self.links = .workspace(String(base.dropLast()))
    } else {
      self.links = links
    }
  }

  /// The page's markup.
  public var html: String { page.markup }

  private var title: String { "\(audit.product) \(audit.release): Accessibility Conformance Report" }

  private var page: HTML {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(HTML(markup: Self.contentSecurityPolicy))">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(title)</title>
    <style>\(HTML(markup: Self.style))</style>
    </head>
    <body>
    <header>
    <h1>\(audit.product) Accessibility Conformance Report</h1>
    <p>\(edition.title), against \(edition.against). Release \(audit.release), \(date).</p>
    \(provisional)</header>
    <main>
    \(information)
    \(summary)
    \(table(.a, number: 1))
    \(table(.aa, number: 2))
    \(HTML.join(edition.chapters.map(chapterTable)))
    \(unmappedSection)
    </main>
    <footer><p>Drafted by Exhibit \(Exhibit.version) from the verdicts of audit \(String(audit.audit)); \
    the same report as OpenACR YAML: \(links == .bag ? "acr.yaml beside this page" : "<code>exhibit acr \(String(audit.audit))\(edition == .wcag ? "" : " --edition \(edition.rawValue)") --format openacr</code>" as HTML).</p></footer>
    </body>
    </html>

    """
  }

  /// An open audit's report, outside a bag (whose pages stay as they were made), says it may
  /// still change.
  private var provisional: HTML {
    if case .bag = links { return .empty }
    guard audit.state == .open else { return .empty }
    return "<p class=\"notice\" role=\"note\">\(ACRHeading.provisionalNotice(audit))</p>\n"
  }

  private var information: HTML {
    let decided = draft.rows.filter { $0.decided != nil }.count
    return """
      <section aria-labelledby="information-heading">
      <h2 id="information-heading">Product and report</h2>
      <dl>
      <dt>Product</dt><dd>\(audit.product)</dd>
      <dt>Version</dt><dd>\(audit.release)</dd>
      <dt>Report date</dt><dd>\(date)</dd>
      <dt>Author</dt><dd>\(author.name.map { "\($0), " } ?? "")\(author.email)</dd>
      <dt>Audit</dt><dd>Audit \(String(audit.audit)), \(audit.state.rawValue)\(audit.opened.map { ", opened \($0)" } ?? "")\
      \(audit.closed.map { ", closed \($0)" } ?? "")</dd>
      <dt>Evaluation methods</dt><dd>\(evaluationMethods ?? ACRMethods(draft: draft).summarySentence)</dd>
      <dt>Levels</dt><dd>Drafted from the verdicts: a failed item necessary to a criterion lowers its level; \
      \(String(decided)) \(decided == 1 ? "level was" : "levels were") decided by an auditor.</dd>
      </dl>
      </section>
      """
  }

  private var summary: HTML {
    let types = ACRComponentType.allCases.filter { type in draft.rows.contains { $0.componentType == type } }
    let levels: [ConformanceLevel?] = ConformanceLevel.allCases.filter { $0 != .notEvaluated } + [nil]
    let header = types.map { "<th scope=\"col\">\($0.label)</th>" as HTML }
    let rows = levels.map { level -> HTML in
      let counts = types.map { type -> HTML in
        let count = draft.rows.filter {
          $0.componentType == type && $0.criterion.level != .aaa && $0.level == level
        }.count
        return "<td>\(String(count))</td>"
      }
      return "<tr><th scope=\"row\">\(level?.label ?? "Not evaluated")</th>\(HTML.join(counts))</tr>"
    }
    return """
      <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <table class="summary"><caption>Level A and AA criteria by conformance level</caption>
      <thead><tr><th scope="col">Conformance level</th>\(HTML.join(header))</tr></thead>
      <tbody>\(HTML.join(rows))</tbody></table>
      </section>
      """
  }

  private func table(_ level: SuccessCriterion.Level, number: Int) -> HTML {
    let rows = draft.rows(at: level)
    let body = WCAG22.criteria(at: level).map { criterion -> HTML in
      let (levels, remarks) = cells(rows.filter { $0.criterion.number == criterion.number })
      return """
        <tr id="sc-\(criterion.number)"><th scope="row"><a href="\(criterion.url)">\(criterion.number) \(criterion.handle)</a> \
        (Level \(criterion.level?.rawValue ?? ""))</th>\
        <td><ul class="levels">\(levels)</ul></td><td>\(remarks)</td></tr>
        """
    }
    let label = level == .a ? "A" : "AA"
    return """
      <section aria-labelledby="table-\(label)-heading">
      <h2 id="table-\(label)-heading">Table \(String(number)): Success Criteria, Level \(label)</h2>
      <table class="criteria"><caption>WCAG 2.2 Level \(label): conformance level and remarks for each criterion</caption>
      <thead><tr><th scope="col">Criteria</th><th scope="col">Conformance Level</th>\
      <th scope="col">Remarks and Explanations</th></tr></thead>
      <tbody>\(HTML.join(body))</tbody></table>
      </section>
      """
  }

  /// A criterion's Conformance Level cell (each component type's level) and its Remarks and
  /// Explanations cell (each type's remarks, warnings and evidence).
  private func cells<Row: ACRLevelRow>(_ mine: [Row]) -> (levels: HTML, remarks: HTML) {
    let levels = mine.map { row -> HTML in
      let approved = row.signOff.map { ", \($0.words)" } ?? ""
      let decided: HTML = row.decided == nil ? .empty : " <span class=\"decided\">(decided\(approved))</span>"
      return
        "<li>\(row.componentType.label): <strong>\(row.level?.label ?? "Not evaluated")</strong>\(decided)</li>"
    }
    let remarks = mine.map { row -> HTML in
      let warnings = row.warnings.map { "<p class=\"warning\"><strong>Warning:</strong> \($0)</p>" as HTML }
      return """
        <div class="remark"><p>\(mine.count > 1 ? "\(row.componentType.label): " : "")\(row.remarks)</p>\
        \(HTML.join(warnings))\(evidence(row))</div>
        """
    }
    return (HTML.join(levels), HTML.join(remarks))
  }

  /// A Section 508 or EN 301 549 chapter as the VPAT lays it out, after the WCAG tables.
  private func chapterTable(_ chapter: ACRChapter) -> HTML {
    let rows = draft.clauses(in: chapter)
    let body = chapter.clauses.map { clause -> HTML in
      let (levels, remarks) = cells(rows.filter { $0.clause == clause })
      return """
        <tr id="clause-\(clause.number)"><th scope="row">\(clause.number) \(clause.handle)</th>\
        <td><ul class="levels">\(levels)</ul></td><td>\(remarks)</td></tr>
        """
    }
    let note: HTML = ACRChapterNotes.standsForWCAG[chapter.id].map { "<p>\($0)</p>" } ?? .empty
    let table: HTML =
      chapter.clauses.isEmpty
      ? .empty
      : """
      <table class="criteria"><caption>\(chapter.standard.label), \(chapter.label): conformance level and remarks for each criterion</caption>
      <thead><tr><th scope="col">Criteria</th><th scope="col">Conformance Level</th>\
      <th scope="col">Remarks and Explanations</th></tr></thead>
      <tbody>\(HTML.join(body))</tbody></table>
      """
    return """
      <section aria-labelledby="chapter-\(chapter.id)-heading">
      <h2 id="chapter-\(chapter.id)-heading">\(chapter.standard.label) Report: \(chapter.label)</h2>
      \(note)\(table)
      </section>
      """
  }

  /// The items behind a row and, for each, the seconds of video (or screenshot, or observation).
  private func evidence<Row: ACRLevelRow>(_ row: Row) -> HTML {
    let items = row.evidence.filter { $0.verdict != nil && $0.verdict != .untested }
    guard !items.isEmpty else { return .empty }
    let entries = items.map { item -> HTML in
      let segments = item.segments.map { segment -> HTML in
        let words: String
        switch segment.evidence {
        case .recording:
          words =
            segment.fromSeconds.map {
              "\(DisplayText.clock($0))–\(DisplayText.clock(segment.toSeconds ?? $0))"
            }
            ?? "whole recording"
        case .screenshot: words = "screenshot"
        case .observation: words = "observation"
        }
        let name = (segment.recording.path as NSString).lastPathComponent
        let label =
          "\(segment.verdict.rawValue), \(name.isEmpty ? "" : "\(name) ")\(words)"
          + (item.signOffs[segment.link].map { ", \($0.words)" } ?? "")
        guard segment.evidence != .observation else {
          return
            "<li>link \(String(segment.link)): \(label)\(segment.note.isEmpty ? "" : ": \u{201C}\(segment.note)\u{201D}")</li>"
        }
        return "<li><a href=\"\(href(segment))\">link \(String(segment.link)): \(label)</a></li>"
      }
      let page: String
      switch links {
      case .workspace(let base):
        page = "\(base)/components/\(item.component.family.rawValue)/\(item.component.slug)"
      case .bag: page = "report.html#\(Self.itemAnchor(item.item.description))"
      }
      return """
        <li><a href="\(page)">\(item.title)</a> · \(item.label) (\(item.relation.rawValue)): \
        \(item.verdict?.rawValue ?? "untested")<ul>\(HTML.join(segments))</ul></li>
        """
    }
    return
      "<details open><summary>Evidence</summary><ul class=\"evidence\">\(HTML.join(entries))</ul></details>"
  }

  /// Where a segment's link opens it: the workspace's player at its second, or the bag's copy of
  /// the recording with a media fragment.
  private func href(_ segment: Coverage.Segment) -> String {
    switch links {
    case .workspace(let base):
      let time = segment.fromSeconds.map { "?t=\(String($0))" } ?? ""
      return "\(base)/recordings/\(segment.recording.sha256)\(time)"
    case .bag:
      let fragment = segment.fromSeconds.map { "#t=\(String($0)),\(String(segment.toSeconds ?? $0))" } ?? ""
      return segment.recording.path + fragment
    }
  }

  /// The `id` of an item's row in a bag's report: `item-native-checkbox-screenreader-role`.
  static func itemAnchor(_ key: String) -> String {
    "item-" + String(key.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }

  private var unmappedSection: HTML {
    guard !draft.unmapped.isEmpty else { return .empty }
    let items = draft.unmapped.map { "<li><code>\($0.description)</code></li>" as HTML }
    return """
      <section aria-labelledby="unmapped-heading">
      <h2 id="unmapped-heading">Items not mapped to WCAG</h2>
      <p>No row of the mapping names these items, so their verdicts count towards no criterion; \
      <code>exhibit wcag map ITEM CRITERION --relation necessary --reason TEXT</code> maps one.</p>
      <ul>\(HTML.join(items))</ul>
      </section>
      """
  }

  /// The page's stylesheet, named by its hash in the policy.
  static let style = """

    body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #ffffff;
      max-width: 70rem; margin: 0 auto; padding: 1rem; }
    a { color: #0645ad; }
    a:focus, summary:focus { outline: 3px solid #1a1a1a; outline-offset: 2px; }
    h1, h2, td, th, dd, li, p { overflow-wrap: anywhere; }
    dt { font-weight: bold; }
    dd { margin: 0 0 0.4rem 1.5rem; }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: left; font-weight: bold; padding: 0.4rem 0; }
    th, td { border: 1px solid #595959; padding: 0.4rem; text-align: left; vertical-align: top; }
    table.criteria { table-layout: fixed; }
    table.criteria th:nth-child(1) { width: 24%; }
    table.criteria th:nth-child(2) { width: 20%; }
    ul.levels { list-style: none; margin: 0; padding: 0; }
    .decided { font-size: 0.9em; }
    .warning { border-left: 4px solid #a50000; padding-left: 0.5rem; color: #7a0000; }
    .remark + .remark { border-top: 1px solid #c9ced6; margin-top: 0.4rem; }
    .remark p { margin: 0.2rem 0; }
    ul.evidence { margin: 0.2rem 0; padding-left: 1.2rem; font-size: 0.95em; }
    ul.evidence li { margin: 0.2rem 0; }
    ul.evidence a, th a { display: inline-block; min-height: 24px; padding: 0.1rem 0; vertical-align: top; }
    summary { cursor: pointer; }
    @media (max-width: 40rem) {
      body { padding: 0.5rem; }
      table.criteria, table.criteria tbody, table.criteria tr, table.criteria th, table.criteria td { display: block; width: auto; }
      table.criteria th:nth-child(1), table.criteria th:nth-child(2) { width: auto; }
      table.criteria thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      table.criteria tr { border: 1px solid #595959; margin-bottom: 0.75rem; }
      table.criteria th, table.criteria td { border: none; }
    }
    @media print {
      body { max-width: none; padding: 0; font-size: 10pt; }
      a { color: #1a1a1a; }
      details > summary { display: none; }
      tr { break-inside: avoid; }
      thead { display: table-header-group; }
      h2 { break-after: avoid; }
      section[aria-labelledby^="table-"] { break-before: page; }
    }

    """

  /// Nothing from the network, no script, and only this stylesheet.
  static let contentSecurityPolicy =
    "default-src 'none'; style-src 'sha256-\(Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString())'; "
    + "base-uri 'none'; form-action 'none'"
}
