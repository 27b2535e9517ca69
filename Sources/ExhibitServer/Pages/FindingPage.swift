import ExhibitKit
import Foundation

/// `/findings/F-12`: one finding. Its still frame and a link that plays the recording from its
/// second, where it stands and where it was filed, what was expected, every verdict of its columns
/// in every round with what the captions say there, and its history; auditors set its title,
/// severity and status here.
struct FindingPage {
  let detail: FindingDetail
  /// The recording of its frame, for the picture's size and name.
  let framed: RecordingSummary?
  /// Its audit events, oldest first.
  let history: [AuditEvent]
  let visitor: Visitor
  /// What the last form did, said at the top.
  var notice: String?

  private var finding: Finding { detail.finding }

  var html: HTML {
    Layout(title: "\(finding.reference): \(finding.title)", visitor: visitor, current: "/audits").document(
      """
      <h1>\(finding.reference): \(finding.title)</h1>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      <p class="lede"><a href="/audits/\(String(finding.audit))/findings">Findings of \(finding.auditName)</a></p>
      <div class="finding">
      \(frame)
      \(facts)
      </div>
      \(expected)
      \(evidence)
      \(visitor.mayWrite && finding.status != .merged ? form : .empty)
      \(trail)
      """)
  }

  private var facts: HTML {
    let place =
      [finding.component?.description, finding.platform?.displayName].compactMap { $0 }.joined(
        separator: " on ")
      + (finding.assistiveTech.map { " with \(AssistiveTech(rawValue: $0)?.displayName ?? $0)" } ?? "")
    let wcag = finding.wcag.map { number -> HTML in
      guard let criterion = WCAG22.criterion(number) else { return "\(number)" }
      return
        "<a href=\"\(criterion.url)\">\(criterion.number) \(criterion.handle)</a> (Level \(criterion.level?.rawValue ?? ""))"
    }
    let reason: HTML = finding.reason.isEmpty ? .empty : ": \(finding.reason)"
    let merged: HTML =
      finding.mergedInto.map {
        "<dt>Merged into</dt><dd><a href=\"/findings/F-\(String($0))\">F-\(String($0))</a></dd>"
      }
      ?? .empty
    return """
      <dl class="finding-facts">
      <dt>Status</dt><dd>\(FindingsPage.statusBadge(finding.status))\(reason) <span class="muted">(set by \(finding.statusBy))</span></dd>
      <dt>Severity</dt><dd>\(finding.severity.rawValue)</dd>
      <dt>Where</dt><dd>\(place.isEmpty ? "its columns moved to the finding it was merged into" : place)</dd>
      <dt>WCAG 2.2</dt><dd>\(wcag.isEmpty ? "none mapped" : HTML.join(wcag, separator: "; "))</dd>
      <dt>Tracker</dt><dd>\(FindingsPage.tracker(finding.tracker))</dd>
      <dt>Environment</dt><dd>\(detail.environment.isEmpty ? "not stated" : detail.environment.joined(separator: "; "))</dd>
      <dt>Found in</dt><dd><a href="/audits/\(String(finding.audit))">\(finding.auditName)</a></dd>\(merged)
      </dl>
      """
  }

  /// The still frame, and the player from its second.
  private var frame: HTML {
    guard let still = finding.frame else {
      return "<p class=\"muted\">No still frame: no failing verdict of it rests on a video.</p>"
    }
    let name = URLText.fileName(framed?.path ?? still.recording)
    let size: HTML =
      framed?.width.map { " width=\"\($0)\" height=\"\(framed?.height ?? 0)\"" } ?? .empty
    let play = URLText.with(
      "/recordings/\(still.sha256)", query: [("t", String(still.atSeconds)), ("play", "1")])
    return """
      <figure class="finding-frame"><img src="\(FrameRoutes.path(still.sha256, atSeconds: still.atSeconds))"\(size) \
      alt="Still frame of \(name) at \(DisplayText.clock(still.atSeconds)), where the failing segment of link \(String(still.link)) starts">
      <figcaption>\(name) at \(DisplayText.clock(still.atSeconds)). <a href="\(play)">Play the recording from here</a></figcaption></figure>
      """
  }

  private var expected: HTML {
    guard !detail.expected.isEmpty else { return .empty }
    let rows = detail.expected.map { expectation -> HTML in
      "<li><strong>\(expectation.label)</strong> <span class=\"muted sha\">\(expectation.item)</span>: \(expectation.expectation)</li>"
    }
    return "<h2>Expected</h2><ul>\(rows)</ul>"
  }

  private var evidence: HTML {
    guard !detail.evidence.isEmpty else { return .empty }
    let rows = detail.evidence.map { evidence -> HTML in
      let column =
        Platform(rawValue: evidence.platform).map {
          CoverageBadge.columnName(platform: $0, assistiveTech: evidence.assistiveTech)
        } ?? evidence.platform
      let segment: HTML
      if let sha = evidence.sha256 {
        let time =
          evidence.startSeconds.map {
            " \(DisplayText.clock($0))–\(DisplayText.clock(evidence.endSeconds ?? $0))"
          }
          ?? ""
        let href = URLText.with(
          "/recordings/\(sha)",
          query: [
            ("t", evidence.startSeconds.map { String($0) }),
            ("play", evidence.startSeconds == nil ? nil : "1"),
          ])
        // Each video's frame at the start of its segment, beside the link that plays it.
        let picture = ScreenshotFormat.extensions.contains(
          ((evidence.recording ?? "") as NSString).pathExtension.lowercased())
        let still: HTML =
          picture
          ? .empty
          : "<img class=\"evidence-frame\" src=\"\(FrameRoutes.path(sha, atSeconds: evidence.startSeconds ?? 0))\" alt=\"\" loading=\"lazy\">"
        segment = "\(still)<a href=\"\(href)\">\(URLText.fileName(evidence.recording ?? sha))\(time)</a>"
      } else {
        segment = "observed, not recorded"
      }
      let said: HTML =
        evidence.captions.isEmpty
        ? .empty
        : "<br><span class=\"muted\">The screen reader said: \u{201C}\(evidence.captions.joined(separator: " "))\u{201D}</span>"
      let note: HTML = evidence.note.isEmpty ? .empty : "\u{201C}\(evidence.note)\u{201D}"
      return """
        <tr><th scope="row">\(String(evidence.link))</th><td>\(String(evidence.audit))</td><td>\(evidence.item)<br>\
        <span class="muted">\(column)</span></td><td>\(CoverageBadge.badge(evidence.verdict))</td>\
        <td>\(segment)\(said)</td><td>\(note)</td><td>\(evidence.auditor)</td></tr>
        """
    }
    return """
      <h2>Evidence</h2>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Evidence"><table>
      <caption>Every verdict of its columns, every round, oldest first</caption>
      <thead><tr><th scope="col">Link</th><th scope="col">Audit</th><th scope="col">Item</th><th scope="col">Verdict</th>\
      <th scope="col">Segment</th><th scope="col">Note</th><th scope="col">Auditor</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  /// Title, severity and a status an auditor may set.
  private var form: HTML {
    let severities = HTML.join(
      FindingSeverity.allCases.map { severity in
        severity == finding.severity
          ? "<option value=\"\(severity.rawValue)\" selected>\(severity.rawValue)</option>"
          : "<option value=\"\(severity.rawValue)\">\(severity.rawValue)</option>"
      })
    return """
      <h2>Change it</h2>
      <form class="filters" method="post" action="/findings/\(finding.reference)">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div><label for="finding-title">Title</label>
      <input id="finding-title" name="title" value="\(finding.title)" size="40"></div>
      <div><label for="finding-severity">Severity</label>
      <select id="finding-severity" name="severity">\(severities)</select></div>
      <div><label for="finding-status">Status</label>
      <select id="finding-status" name="status" aria-describedby="finding-status-hint">
      <option value="" selected>as it is (\(finding.status.rawValue))</option>
      <option value="fixed">fixed</option><option value="accepted">accepted (won't fix)</option></select></div>
      <div><label for="finding-reason">Reason</label>
      <input id="finding-reason" name="reason" size="30"></div>
      <div><button type="submit">Save</button></div>
      </form>
      <p id="finding-status-hint" class="muted">Accepting needs a reason. Retests move the rest: a pass verifies it, a fail reopens it.</p>
      """
  }

  private var trail: HTML {
    let rows = history.map { event -> HTML in
      "<li><span class=\"muted\">\(event.at)</span> \(EventSentence.text(event))</li>"
    }
    return """
      <h2>History</h2>
      \(rows.isEmpty ? "<p>No event yet.</p>" as HTML : "<ol class=\"finding-history\">\(HTML.join(rows))</ol>")
      <p><a href="\(URLText.with("/history", query: [("subject", finding.reference)]))">Every event of \(finding.reference), with its JSON</a></p>
      """
  }
}
