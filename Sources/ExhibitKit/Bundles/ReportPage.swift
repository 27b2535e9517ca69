import Foundation

/// `report.html`: one self-contained, accessible page for a compliance officer. The overall
/// status and what was tested, the checklist with a verdict per screen reader and the gaps,
/// each recording in a `<video>` with its caption tracks and its transcript in the page (a
/// report opened from disk cannot load `file:` caption tracks in Chromium, so the words spoken
/// are written out, each cue a link that seeks the player), and links that play the exact
/// segment behind each verdict (a media-fragment link that works without script; with script it
/// plays the segment in the page's own player). No network; it reads on a 390 px phone without
/// sideways scrolling.
///
/// Built with ``HTML``, whose interpolations escape text, so nothing from the bag (a note, a
/// caption, a file name) can become markup. `exhibit verify` renders the page again from the
/// manifest and compares the bytes, so every section's output is part of the bag's format.
struct ReportPage {
  let contents: BundleContents
  /// Each recording's `<video>` id, `recording-1` onwards, by SHA-256.
  let videoIDs: [String: String]

  /// The page of a bundle's manifest.
  static func render(_ contents: BundleContents) -> String {
    guard contents.reportLayout != nil else { return LegacyReportPage.render(contents) }
    let videoIDs = Dictionary(
      contents.recordings.enumerated().map { ($1.sha256, "recording-\($0 + 1)") }
    ) { first, _ in first }
    return ReportPage(contents: contents, videoIDs: videoIDs).page.markup
  }

  private var platform: String { contents.platform.displayName }

  private var page: HTML {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(HTML(markup: Self.contentSecurityPolicy))">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Accessibility evidence: \(contents.title) on \(platform), \(contents.date)</title>
    <style>\(HTML(markup: Self.styleText))</style>
    </head>
    <body>
    <header>
    <h1>Accessibility evidence: \(contents.title) on \(platform)</h1>
    <p>Component <span class="key">\(contents.component)</span>, criteria revision \(contents.criteriaRevision), bundled \(contents.date).</p>
    </header>
    <main>
    \(summary)\(tested)\(checklist)\(findingsSection)\(approvalsSection)\(gaps)\(suggested)\(recordings)</main>
    <footer><p>Made by Exhibit. Verify this bag with <span class="key">exhibit verify</span> or any BagIt 1.0 validator.</p></footer>
    <script>\(HTML(markup: Self.scriptText))</script>
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
    let wcag = (item.wcag ?? []).filter { $0.relation != .none }.compactMap { link -> HTML? in
      guard let criterion = WCAG22.criterion(link.criterion) else { return nil }
      return "\(criterion.number) \(criterion.handle) (\(link.relation.rawValue))"
    }
    let criteria: HTML =
      wcag.isEmpty ? .empty : "<br><span class=\"wcag\">WCAG \(HTML.join(wcag, separator: "; "))</span>"
    return """
      <tr id="\(ACRPage.itemAnchor(item.key))"><th scope="row">\(item.label) <span class="key">\(item.key)</span>\(criteria)</th>
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
  /// Untested links (suggestions nobody judged) are not evidence: they are listed apart.
  private func evidence(_ item: BundleContents.Item) -> HTML {
    let links = contents.links.filter { $0.item == item.key && $0.verdict != .untested }
    guard !links.isEmpty else { return "None judged" }
    return "<ul>\(links.map(evidenceLink))</ul>"
  }

  private func evidenceLink(_ link: BundleContents.Link) -> HTML {
    let round = self.round(link)
    let environment: HTML =
      link.environment.map { " <span class=\"environment\">(\($0.summary))</span>" } ?? .empty
    switch link.kind {
    case .observation:
      return
        "<li>\(Self.verdictName(link.verdict.rawValue)): <span class=\"observation\">Observed, not recorded</span>, by \(link.auditor): \u{201C}\(link.note)\u{201D}\(environment)\(round)</li>"
    case .screenshot:
      let recording = contents.recordings.first { $0.sha256 == link.recording }
      let note: HTML = link.note.isEmpty ? .empty : ": \u{201C}\(link.note)\u{201D}"
      return
        "<li>\(Self.verdictName(link.verdict.rawValue)): <a href=\"\(link.file)\">screenshot \(recording?.name ?? link.file)</a>, by \(link.auditor)\(note)\(environment)\(round)</li>"
    case .recording:
      return recordingLink(link, round: round)
    }
  }

  /// Whether a verdict was judged in this round or carried from an earlier one.
  private func round(_ link: BundleContents.Link) -> HTML {
    if contents.audit == nil {
      .empty
    } else if let carried = link.carried {
      " <strong class=\"carried\">Carried from audit \(carried.audit) (release \(carried.release)), judged \(String(link.createdAt.prefix(10))); not retested in this round</strong>"
    } else {
      " <span class=\"judged\">Judged in this round, \(String(link.createdAt.prefix(10)))</span>"
    }
  }

  private func recordingLink(_ link: BundleContents.Link, round: HTML) -> HTML {
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
    return
      "<li>\(Self.verdictName(link.verdict.rawValue)): <a href=\"\(link.file + fragment)\" data-video=\"\(videoIDs[link.recording ?? ""] ?? "")\" data-start=\"\(link.startSeconds ?? 0)\"\(end)>Play \(range)\(name)</a>, by \(link.auditor)\(note)\(environment)\(frameLink(link))\(round)</li>"
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

  /// Links marked untested: suggested by their words, never judged. Listed so nothing is hidden,
  /// apart from the evidence.
  private var suggested: HTML {
    let untested = contents.links.filter { $0.verdict == .untested }
    guard !untested.isEmpty else { return .empty }
    let rows = untested.map { link -> HTML in
      let item = contents.items.first { $0.key == link.item }
      let recording = contents.recordings.first { $0.sha256 == link.recording }
      let range =
        link.startSeconds.map { " at \(DisplayText.clock($0))–\(DisplayText.clock(link.endSeconds ?? $0))" }
        ?? ""
      return
        "<li>\(item?.label ?? link.item) <span class=\"key\">\(link.item)</span>: \(recording?.name ?? "no recording")\(range)</li>\n"
    }
    return """
      <section aria-labelledby="suggested-heading">
      <h2 id="suggested-heading">Suggested, not judged</h2>
      <p>These recordings were suggested for a criterion because their words match it. Nobody judged them: they are not evidence, and no verdict above rests on them.</p>
      <ul>
      \(rows)</ul>
      </section>

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
    if ScreenshotFormat(container: recording.container) != nil {
      return screenshot(recording, id: id, format: format)
    }
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
      \(Self.heard(recording, videoID: id))
      </div>
      \(timeline(recording, id: id))
      </article>

      """
  }

  /// Where in the recording its verdicts are: a read-only strip, each bar's words in its title.
  private func timeline(_ recording: BundleContents.Recording, id: String) -> HTML {
    guard let duration = recording.durationSeconds, duration > 0 else { return .empty }
    let marks = contents.links.filter { $0.recording == recording.sha256 }.map {
      link -> EvidenceTimeline.Mark in
      let from = link.startSeconds ?? 0
      let to = link.endSeconds ?? duration
      let time =
        link.startSeconds == nil
        ? "the whole recording" : "\(DisplayText.clock(from))–\(DisplayText.clock(to))"
      return EvidenceTimeline.Mark(
        kind: .verdict(link.verdict), fromSeconds: from, toSeconds: to,
        label: "Link \(link.id): \(Self.verdictName(link.verdict.rawValue)), \(link.item), \(time)")
    }
    let strip = EvidenceTimeline(
      durationSeconds: duration,
      cues: recording.transcript.map { (start: $0.startSeconds, end: $0.endSeconds) },
      marks: marks, id: "\(id)-timeline", interactive: false)
    let rows = marks.map { mark -> HTML in "<li>\(mark.label)</li>" }
    return """
      <figure class="timeline" aria-labelledby="\(id)-timeline-caption">
      <figcaption id="\(id)-timeline-caption">Where the verdicts are in \(recording.name)</figcaption>
      \(strip.svg)
      \(strip.key)
      \(rows.isEmpty ? "<p>No verdict rests on a segment of this recording.</p>" : "<ul class=\"timeline-marks\">\(HTML.join(rows))</ul>" as HTML)
      </figure>

      """
  }

  /// A screenshot: the image itself, what it was taken on, its size and hash.
  private func screenshot(_ recording: BundleContents.Recording, id: String, format: [String]) -> HTML {
    let size: HTML = recording.width.map { " width=\"\($0)\" height=\"\(recording.height ?? 0)\"" } ?? .empty
    let verdicts = contents.links.filter { $0.recording == recording.sha256 && $0.verdict != .untested }
    let about = verdicts.map { "\($0.item): \(Self.verdictName($0.verdict.rawValue))" }.joined(
      separator: "; ")
    return """
      <article aria-labelledby="\(id)-heading">
      <h3 id="\(id)-heading">\(recording.name) (screenshot)</h3>
      <div class="recording">
      <figure class="screenshot"><img src="\(recording.file)"\(size) alt="Screenshot \(recording.name)\(about.isEmpty ? "" : ", evidence for \(about)")">
      <figcaption>Screenshot, \(recording.width ?? 0) × \(recording.height ?? 0) pixels</figcaption></figure>
      <dl>
      <dt>Device and OS</dt><dd>\(recording.environment.os)</dd>
      <dt>Format</dt><dd>\(format.joined(separator: ", "))</dd>
      <dt>Size</dt><dd>\(recording.size) bytes</dd>
      <dt>SHA-256</dt><dd class="key">\(recording.sha256)</dd>
      </dl>
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

  /// What Exhibit heard in the recording, apart from its captions: each phrase at its time
  /// with the recogniser's confidence, and the machine WebVTT file it is read from.
  static func heard(_ recording: BundleContents.Recording, videoID: String) -> HTML {
    guard let heard = recording.heard else { return .empty }
    let phrases = recording.heardCues.map { cue -> HTML in
      let start = EARLDocument.seconds(cue.startSeconds)
      let sure = cue.confidence.map {
        " <span class=\"muted\">(confidence \(String(format: "%.2f", $0)))</span>" as HTML
      }
      return
        "<li><a href=\"\(recording.file)#t=\(start)\" data-video=\"\(videoID)\" data-start=\"\(cue.startSeconds)\" data-cue>\(DisplayText.clock(cue.startSeconds))</a> \(cue.text)\(sure ?? .empty)</li>\n"
    }
    let list: HTML =
      phrases.isEmpty
      ? "<p>Exhibit heard none of the phrases it listened for.</p>"
      : "<ol class=\"heard\">\n\(HTML.join(phrases))</ol>"
    return """
      <section aria-labelledby="\(videoID)-heard"><h4 id="\(videoID)-heard">Heard by Exhibit (not captions)</h4>
      <p>Phrases Exhibit recognised in the recording's audio with \(heard.model): its guess at what the screen \
      reader said, never a caption and never a verdict. As WebVTT: <a href="\(heard.file)">\(heard.file)</a>.</p>
      \(list)
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
