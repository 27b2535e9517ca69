import Crypto
import Foundation

/// `report.html` as Exhibit 0.8.0 and earlier rendered it, kept unchanged so that `exhibit verify`
/// renders the report of a bag made by those releases again byte for byte: a bag whose manifest
/// has no `report_layout` (``BundleContents/reportLayout``). Its stylesheet is
/// `Resources/report-layout-1.css`, the one those releases embedded; its script is the current
/// one, which has not changed. New bags are rendered by ``ReportPage``; nothing here may change,
/// or the bags compliance teams archived stop verifying.
struct LegacyReportPage {
  let contents: BundleContents
  /// Each recording's `<video>` id, `recording-1` onwards, by SHA-256.
  let videoIDs: [String: String]

  /// The page of a bundle's manifest.
  static func render(_ contents: BundleContents) -> String {
    let videoIDs = Dictionary(
      contents.recordings.enumerated().map { ($1.sha256, "recording-\($0 + 1)") }
    ) { first, _ in first }
    return LegacyReportPage(contents: contents, videoIDs: videoIDs).page.markup
  }

  private var platform: String { contents.platform.displayName }

  private var page: HTML {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(HTML(markup: Self.legacyPolicy))">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Accessibility evidence: \(contents.title) on \(platform), \(contents.date)</title>
    <style>\(HTML(markup: Self.legacyStyle))</style>
    </head>
    <body>
    <header>
    <h1>Accessibility evidence: \(contents.title) on \(platform)</h1>
    <p>Component <span class="key">\(contents.component)</span>, criteria revision \(contents.criteriaRevision), bundled \(contents.date).</p>
    </header>
    <main>
    \(summary)\(tested)\(checklist)\(gaps)\(recordings)</main>
    <footer><p>Made by Exhibit. Verify this bag with <span class="key">exhibit verify</span> or any BagIt 1.0 validator.</p></footer>
    <script>\(HTML(markup: ReportPage.scriptText))</script>
    </body>
    </html>

    """
  }

  // MARK: - Sections

  private var summary: HTML {
    let decided = contents.items.filter { !$0.gap }.count
    let auditors = contents.auditors.isEmpty ? "none yet" : contents.auditors.joined(separator: ", ")
    return """
      <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <p class="status status-\(contents.overallStatus.rawValue)">Overall: \(Self.statusName(contents.overallStatus.rawValue))</p>
      <dl>
      <dt>Criteria items for \(platform)</dt><dd>\(contents.items.count)</dd>
      <dt>Items with a verdict</dt><dd>\(decided)</dd>
      <dt>Gaps (items still needing a verdict)</dt><dd>\(contents.gaps.count)</dd>\(summaryRows)
      <dt>Verdicts recorded</dt><dd>\(contents.links.count)</dd>
      <dt>Recordings</dt><dd>\(contents.recordings.count)</dd>
      <dt>Auditors</dt><dd>\(auditors)</dd>
      <dt>Audit trail head (SHA-256)</dt><dd class="key">\(contents.auditHead)</dd>
      </dl>
      </section>

      """
  }

  /// The counts by the one rule, in bags that carry them.
  private var summaryRows: HTML {
    guard let summary = contents.summary else { return .empty }
    return
      "\n<dt>Items by verdict</dt><dd>\(summary.pass) pass, \(summary.fail) fail, \(summary.conflicting) conflicting, \(summary.notApplicable) not applicable, \(summary.gaps) with gaps</dd>"
  }

  private var tested: HTML {
    """
    <section aria-labelledby="tested-heading">
    <h2 id="tested-heading">What was tested</h2>
    <dl>
    <dt>Product</dt><dd>\(contents.tested.product ?? "not stated")</dd>
    <dt>Version or build</dt><dd>\(contents.tested.build ?? "not stated")</dd>
    <dt>URL or app</dt><dd>\(contents.tested.url ?? "not stated")</dd>
    <dt>Platform</dt><dd>\(platform)</dd>
    <dt>Screen readers</dt><dd>\(contents.columns.map(\.displayName).joined(separator: ", "))</dd>
    <dt>Devices and versions</dt><dd>\(Self.environments(contents))</dd>
    \(auditTerms)</dl>
    </section>

    """
  }

  /// The audit the verdicts belong to, for bags made with audits.
  private var auditTerms: HTML {
    guard let audit = contents.audit else { return .empty }
    let retest: HTML =
      audit.from.map { "; a retest of audit \($0.id) (\($0.product) \($0.release))" } ?? .empty
    let carried = contents.links.filter { $0.carried != nil }.count
    return """
      <dt>Audit</dt><dd>Audit \(audit.id): \(audit.product) \(audit.release), \(audit.state.rawValue)\(retest)</dd>
      <dt>Verdicts</dt><dd>\(contents.links.count - carried) judged in this round, \(carried) carried from an earlier round and not retested</dd>

      """
  }

  private var checklist: HTML {
    """
    <section aria-labelledby="checklist-heading">
    <h2 id="checklist-heading">Checklist</h2>
    <table class="checklist">
    <caption>Each criterion for \(platform), its verdict with each screen reader and the evidence behind it</caption>
    <thead><tr><th scope="col">Criterion</th><th scope="col">Expected</th><th scope="col">Verdict by screen reader</th><th scope="col">Evidence</th></tr></thead>
    <tbody>
    \(contents.items.map(row))</tbody>
    </table>
    </section>

    """
  }

  /// One criterion's row: its expectation, a verdict per screen reader, the evidence.
  private func row(_ item: BundleContents.Item) -> HTML {
    let expected = HTML.join(
      item.expectation.split(separator: "\n").map { "\(String($0))" }, separator: "<br>")
    return """
      <tr><th scope="row">\(item.label) <span class="key">\(item.key)</span></th>
      <td data-label="Expected">\(expected)</td>
      <td data-label="Verdict">\(verdicts(item))</td>
      <td data-label="Evidence">\(evidence(item))</td></tr>

      """
  }

  private func verdicts(_ item: BundleContents.Item) -> HTML {
    let rows = item.verdicts.map { column -> HTML in
      let name = BundleContents.Column(assistiveTech: column.assistiveTech, browser: column.browser)
        .displayName
      let said = item.notApplicable ? "Not applicable (criteria)" : Self.verdictName(column.verdict?.rawValue)
      let gap: HTML = column.gap ? " (gap)" : .empty
      return
        "<li>\(name): <span class=\"verdict-\(column.verdict?.rawValue ?? "none")\">\(said)</span>\(gap)</li>"
    }
    return "<ul class=\"verdicts\">\(rows)</ul>"
  }

  /// The links behind an item, each playing its segment.
  private func evidence(_ item: BundleContents.Item) -> HTML {
    let links = contents.links.filter { $0.item == item.key }
    guard !links.isEmpty else { return "None linked" }
    return "<ul>\(links.map(evidenceLink))</ul>"
  }

  private func evidenceLink(_ link: BundleContents.Link) -> HTML {
    let recording = contents.recordings.first { $0.sha256 == link.recording }
    let name = recording?.name ?? link.file
    let range =
      link.startSeconds.map {
        "\(EARLDocument.seconds($0)) to \(EARLDocument.seconds(link.endSeconds ?? $0)) seconds of "
      } ?? ""
    let fragment =
      link.startSeconds.map {
        "#t=\(EARLDocument.seconds($0)),\(EARLDocument.seconds(link.endSeconds ?? $0))"
      }
      ?? ""
    let end: HTML = link.endSeconds.map { " data-end=\"\($0)\"" } ?? .empty
    let note: HTML = link.note.isEmpty ? .empty : ": \u{201C}\(link.note)\u{201D}"
    let environment: HTML =
      recording.map {
        " <span class=\"environment\">(\(link.environment?.summary ?? $0.environment.summary))</span>"
      }
      ?? .empty
    let round: HTML
    if contents.audit == nil {
      round = .empty
    } else if let carried = link.carried {
      round =
        " <strong class=\"carried\">Carried from audit \(carried.audit) (release \(carried.release)), judged \(String(link.createdAt.prefix(10))); not retested in this round</strong>"
    } else {
      round = " <span class=\"judged\">Judged in this round, \(String(link.createdAt.prefix(10)))</span>"
    }
    return
      "<li>\(Self.verdictName(link.verdict.rawValue)): <a href=\"\(link.file + fragment)\" data-video=\"\(link.recording.flatMap { videoIDs[$0] } ?? "")\" data-start=\"\(link.startSeconds ?? 0)\"\(end)>Play \(range)\(name)</a>, by \(link.auditor)\(note)\(environment)\(round)</li>"
  }

  private var gaps: HTML {
    let body: HTML
    if contents.gaps.isEmpty {
      body = "<p>Every criterion for \(platform) has a verdict.</p>\n"
    } else {
      let rows = contents.gaps.map { key -> HTML in
        let item = contents.items.first { $0.key == key }
        let missing = (item?.verdicts ?? []).filter(\.gap).map {
          BundleContents.Column(assistiveTech: $0.assistiveTech, browser: $0.browser).displayName
        }
        return
          "<li>\(item?.label ?? key) <span class=\"key\">\(key)</span>: \(missing.joined(separator: ", "))</li>\n"
      }
      body = """
        <p>These criteria have no pass, fail or not-applicable verdict yet with every screen reader on \(platform):</p>
        <ul>
        \(rows)</ul>

        """
    }
    return """
      <section aria-labelledby="gaps-heading">
      <h2 id="gaps-heading">Gaps</h2>
      \(body)</section>

      """
  }

  private var recordings: HTML {
    let body: HTML = contents.recordings.isEmpty ? "<p>No recordings are bundled.</p>\n" : .empty
    return """
      <section aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">Recordings</h2>
      \(body)\(contents.recordings.map(recording))</section>

      """
  }

  /// A recording: its player with caption tracks, what it was recorded on, its transcript.
  private func recording(_ recording: BundleContents.Recording) -> HTML {
    let id = videoIDs[recording.sha256] ?? ""
    let tracks = recording.captions.enumerated().map { index, caption -> HTML in
      let language = caption.language ?? "en"
      let isDefault: HTML = index == 0 ? " default" : .empty
      return
        "<track kind=\"captions\" src=\"\(caption.file)\" srclang=\"\(language)\" label=\"\(Self.languageName(language))\"\(isDefault)>\n"
    }
    let reader = recording.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 } ?? "unknown"
    let browser = recording.browser.map { Browser(rawValue: $0)?.displayName ?? $0 } ?? "none or unknown"
    let duration = recording.durationSeconds.map { String(format: "%.1f seconds", $0) } ?? "unknown"
    let format = [recording.container, recording.videoCodec, recording.audioCodec].compactMap { $0 }
    return """
      <article aria-labelledby="\(id)-heading">
      <h3 id="\(id)-heading">\(recording.name)</h3>
      <div class="recording">
      <div>
      <video id="\(id)" controls preload="metadata" src="\(recording.file)" aria-labelledby="\(id)-heading">
      \(tracks)<p>Your browser cannot play this video here; <a href="\(recording.file)">open \(recording.name)</a>.</p>
      </video>
      <dl>
      <dt>Device and OS</dt><dd>\(recording.environment.os)</dd>
      <dt>Screen reader</dt><dd>\(reader)</dd>
      <dt>Browser</dt><dd>\(browser)</dd>
      <dt>Recorded</dt><dd>\(recording.environment.recordedAt ?? "unknown")</dd>
      <dt>Window or app</dt><dd>\(recording.environment.window ?? "unknown")</dd>
      <dt>Recorded with</dt><dd>\(recording.environment.recorder ?? "unknown")</dd>
      <dt>Duration</dt><dd>\(duration)</dd>
      <dt>Format</dt><dd>\(format.joined(separator: ", "))</dd>
      <dt>SHA-256</dt><dd class="key">\(recording.sha256)</dd>
      </dl>
      </div>
      \(Self.transcript(recording, videoID: id))
      </div>
      </article>

      """
  }

  /// A recording's transcript: every cue with its time, each a link that seeks the player.
  static func transcript(_ recording: BundleContents.Recording, videoID: String) -> HTML {
    guard !recording.transcript.isEmpty else {
      return
        "<section aria-label=\"Transcript of \(recording.name)\"><h4>Transcript</h4><p>No captions were catalogued for this recording.</p></section>"
    }
    let cues = recording.transcript.map { cue -> HTML in
      let start = EARLDocument.seconds(cue.startSeconds)
      return
        "<li data-start=\"\(cue.startSeconds)\" data-end=\"\(cue.endSeconds)\"><a href=\"\(recording.file)#t=\(start)\" data-video=\"\(videoID)\" data-start=\"\(cue.startSeconds)\" data-cue>\(DisplayText.clock(cue.startSeconds))</a> \(cue.text)</li>\n"
    }
    return """
      <section aria-labelledby="\(videoID)-transcript"><h4 id="\(videoID)-transcript">Transcript (what the screen reader said)</h4>
      <ol class="transcript" data-video="\(videoID)">
      \(cues)</ol>
      </section>
      """
  }

  // MARK: - Words

  /// The devices and versions the recordings show, once each.
  static func environments(_ contents: BundleContents) -> String {
    var seen: [String] = []
    for recording in contents.recordings {
      let line = recording.environment.summary
      if !seen.contains(line) { seen.append(line) }
    }
    return seen.isEmpty ? "no recordings" : seen.joined(separator: "; ")
  }

  static func statusName(_ status: String) -> String {
    switch status {
    case "pass": "Pass: no criterion fails, and each has a verdict with every screen reader"
    case "fail": "Fail: at least one criterion fails"
    default: "Incomplete: some criteria still need a verdict"
    }
  }

  static func verdictName(_ verdict: String?) -> String {
    switch verdict {
    case "pass": "Pass"
    case "fail": "Fail"
    case "not-applicable": "Not applicable"
    case "untested": "Untested"
    case "conflict": "Conflicting verdicts"
    default: "No evidence"
    }
  }

  static func languageName(_ code: String) -> String {
    DisplayText.languageName(code)
  }
}

extension LegacyReportPage {
  /// The stylesheet 0.8.0 embedded, with the line break before it that is part of the bytes.
  static let legacyStyle = "\n" + String(decoding: PackageResources.report_layout_1_css, as: UTF8.self)

  /// The policy 0.8.0 wrote, naming that stylesheet and the script by their SHA-256.
  static let legacyPolicy =
    "default-src 'none'; script-src '\(ReportPage.hashSource(ReportPage.scriptText))'; "
    + "style-src '\(ReportPage.hashSource(legacyStyle))'; "
    + "media-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"
}
