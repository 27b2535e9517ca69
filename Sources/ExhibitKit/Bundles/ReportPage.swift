import Foundation

/// `report.html`: one self-contained, accessible page for a compliance officer. The overall
/// status and what was tested, the checklist with a verdict per screen reader and the gaps,
/// each recording in a `<video>` with its caption tracks and its transcript in the page (a
/// report opened from disk cannot load `file:` caption tracks in Chromium, so the words spoken
/// are written out, each cue a link that seeks the player), and links that play the exact
/// segment behind each verdict (a media-fragment link that works without script; with script it
/// plays the segment in the page's own player). No network; it reads on a 390 px phone without
/// sideways scrolling.
enum ReportPage {
  /// The counts by the one rule, in bags that carry them.
  static func summaryRows(_ contents: BundleContents) -> String {
    guard let summary = contents.summary else { return "" }
    return
      "\n<dt>Items by verdict</dt><dd>\(summary.pass) pass, \(summary.fail) fail, \(summary.conflicting) "
      + "conflicting, \(summary.notApplicable) not applicable, \(summary.gaps) with gaps</dd>"
  }

  static func render(_ contents: BundleContents) -> String {
    let platform = contents.platform.displayName
    let videoIDs = Dictionary(
      contents.recordings.enumerated().map { ($1.sha256, "recording-\($0 + 1)") }
    ) { first, _ in first }
    let decided = contents.items.filter { !$0.gap }.count
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Accessibility evidence: \(escape(contents.title)) on \(escape(platform)), \(contents.date)</title>
      <style>\(styleText)</style>
      </head>
      <body>
      <header>
      <h1>Accessibility evidence: \(escape(contents.title)) on \(escape(platform))</h1>
      <p>Component <span class="key">\(escape(contents.component))</span>, criteria revision \(contents.criteriaRevision), bundled \(contents.date).</p>
      </header>
      <main>
      <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <p class="status status-\(contents.overallStatus.rawValue)">Overall: \(statusName(contents.overallStatus.rawValue))</p>
      <dl>
      <dt>Criteria items for \(escape(platform))</dt><dd>\(contents.items.count)</dd>
      <dt>Items with a verdict</dt><dd>\(decided)</dd>
      <dt>Gaps (items still needing a verdict)</dt><dd>\(contents.gaps.count)</dd>\(summaryRows(contents))
      <dt>Verdicts recorded</dt><dd>\(contents.links.count)</dd>
      <dt>Recordings</dt><dd>\(contents.recordings.count)</dd>
      <dt>Auditors</dt><dd>\(contents.auditors.isEmpty ? "none yet" : escape(contents.auditors.joined(separator: ", ")))</dd>
      <dt>Audit trail head (SHA-256)</dt><dd class="key">\(contents.auditHead)</dd>
      </dl>
      </section>
      <section aria-labelledby="tested-heading">
      <h2 id="tested-heading">What was tested</h2>
      <dl>
      <dt>Product</dt><dd>\(escape(contents.tested.product ?? "not stated"))</dd>
      <dt>Version or build</dt><dd>\(escape(contents.tested.build ?? "not stated"))</dd>
      <dt>URL or app</dt><dd>\(escape(contents.tested.url ?? "not stated"))</dd>
      <dt>Platform</dt><dd>\(escape(platform))</dd>
      <dt>Screen readers</dt><dd>\(escape(contents.columns.map(\.displayName).joined(separator: ", ")))</dd>
      <dt>Devices and versions</dt><dd>\(escape(environments(contents)))</dd>
      </dl>
      </section>
      <section aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Checklist</h2>
      <table class="checklist">
      <caption>Each criterion for \(escape(platform)), its verdict with each screen reader and the evidence behind it</caption>
      <thead><tr><th scope="col">Criterion</th><th scope="col">Expected</th><th scope="col">Verdict by screen reader</th><th scope="col">Evidence</th></tr></thead>
      <tbody>

      """
    for item in contents.items {
      let links = contents.links.filter { $0.item == item.key }
      var verdict = "<ul class=\"verdicts\">"
      for column in item.verdicts {
        let name = BundleContents.Column(assistiveTech: column.assistiveTech, browser: column.browser)
          .displayName
        let said = item.notApplicable ? "Not applicable (criteria)" : verdictName(column.verdict?.rawValue)
        verdict +=
          "<li>\(escape(name)): <span class=\"verdict-\(column.verdict?.rawValue ?? "none")\">\(escape(said))</span>"
          + (column.gap ? " (gap)" : "") + "</li>"
      }
      verdict += "</ul>"
      var evidence = links.isEmpty ? "None linked" : "<ul>"
      for link in links {
        let name = contents.recordings.first { $0.sha256 == link.recording }?.name ?? link.file
        let range =
          link.startSeconds.map {
            "\(EARLDocument.seconds($0)) to \(EARLDocument.seconds(link.endSeconds ?? $0)) seconds of "
          } ?? ""
        let fragment =
          link.startSeconds.map {
            "#t=\(EARLDocument.seconds($0)),\(EARLDocument.seconds(link.endSeconds ?? $0))"
          } ?? ""
        let data =
          "data-video=\"\(videoIDs[link.recording] ?? "")\" data-start=\"\(link.startSeconds ?? 0)\""
          + (link.endSeconds.map { " data-end=\"\($0)\"" } ?? "")
        let environment = contents.recordings.first { $0.sha256 == link.recording }?.environment.summary
        evidence +=
          "<li>\(escape(verdictName(link.verdict.rawValue))): <a href=\"\(escape(link.file + fragment))\" \(data)>"
          + "Play \(range)\(escape(name))</a>, by \(escape(link.auditor))"
          + (link.note.isEmpty ? "" : ": \u{201C}\(escape(link.note))\u{201D}")
          + (environment.map { " <span class=\"environment\">(\(escape($0)))</span>" } ?? "") + "</li>"
      }
      if !links.isEmpty { evidence += "</ul>" }
      html += """
        <tr><th scope="row">\(escape(item.label)) <span class="key">\(escape(item.key))</span></th>
        <td data-label="Expected">\(item.expectation.split(separator: "\n").map { escape(String($0)) }.joined(separator: "<br>"))</td>
        <td data-label="Verdict">\(verdict)</td>
        <td data-label="Evidence">\(evidence)</td></tr>

        """
    }
    html += """
      </tbody>
      </table>
      </section>
      <section aria-labelledby="gaps-heading">
      <h2 id="gaps-heading">Gaps</h2>

      """
    if contents.gaps.isEmpty {
      html += "<p>Every criterion for \(escape(platform)) has a verdict.</p>\n"
    } else {
      html +=
        "<p>These criteria have no pass, fail or not-applicable verdict yet with every screen reader "
        + "on \(escape(platform)):</p>\n<ul>\n"
      for key in contents.gaps {
        let item = contents.items.first { $0.key == key }
        let missing = (item?.verdicts ?? []).filter(\.gap).map {
          BundleContents.Column(assistiveTech: $0.assistiveTech, browser: $0.browser).displayName
        }
        html +=
          "<li>\(escape(item?.label ?? key)) <span class=\"key\">\(escape(key))</span>: "
          + "\(escape(missing.joined(separator: ", ")))</li>\n"
      }
      html += "</ul>\n"
    }
    html += """
      </section>
      <section aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">Recordings</h2>

      """
    if contents.recordings.isEmpty { html += "<p>No recordings are bundled.</p>\n" }
    for recording in contents.recordings {
      let id = videoIDs[recording.sha256] ?? ""
      html += """
        <article aria-labelledby="\(id)-heading">
        <h3 id="\(id)-heading">\(escape(recording.name))</h3>
        <div class="recording">
        <div>
        <video id="\(id)" controls preload="metadata" src="\(escape(recording.file))" aria-labelledby="\(id)-heading">

        """
      for (index, caption) in recording.captions.enumerated() {
        let language = caption.language ?? "en"
        html +=
          "<track kind=\"captions\" src=\"\(escape(caption.file))\" srclang=\"\(escape(language))\" "
          + "label=\"\(escape(languageName(language)))\"\(index == 0 ? " default" : "")>\n"
      }
      html += """
        <p>Your browser cannot play this video here; <a href="\(escape(recording.file))">open \(escape(recording.name))</a>.</p>
        </video>
        <dl>
        <dt>Device and OS</dt><dd>\(escape(recording.environment.os))</dd>
        <dt>Screen reader</dt><dd>\(escape(recording.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 } ?? "unknown"))</dd>
        <dt>Browser</dt><dd>\(escape(recording.browser.map { Browser(rawValue: $0)?.displayName ?? $0 } ?? "none or unknown"))</dd>
        <dt>Recorded</dt><dd>\(escape(recording.environment.recordedAt ?? "unknown"))</dd>
        <dt>Window or app</dt><dd>\(escape(recording.environment.window ?? "unknown"))</dd>
        <dt>Recorded with</dt><dd>\(escape(recording.environment.recorder ?? "unknown"))</dd>
        <dt>Duration</dt><dd>\(recording.durationSeconds.map { String(format: "%.1f seconds", $0) } ?? "unknown")</dd>
        <dt>Format</dt><dd>\(escape([recording.container, recording.videoCodec, recording.audioCodec].compactMap { $0 }.joined(separator: ", ")))</dd>
        <dt>SHA-256</dt><dd class="key">\(recording.sha256)</dd>
        </dl>
        </div>
        \(transcript(recording, videoID: id))
        </div>
        </article>

        """
    }
    html += """
      </section>
      </main>
      <footer><p>Made by Exhibit. Verify this bag with <span class="key">exhibit verify</span> or any BagIt 1.0 validator.</p></footer>
      <script>\(scriptText)</script>
      </body>
      </html>

      """
    return html
  }

  /// A recording's transcript: every cue with its time, each a link that seeks the player.
  static func transcript(_ recording: BundleContents.Recording, videoID: String) -> String {
    guard !recording.transcript.isEmpty else {
      return "<section aria-label=\"Transcript of \(escape(recording.name))\"><h4>Transcript</h4>"
        + "<p>No captions were catalogued for this recording.</p></section>"
    }
    var html =
      "<section aria-labelledby=\"\(videoID)-transcript\"><h4 id=\"\(videoID)-transcript\">Transcript "
      + "(what the screen reader said)</h4>\n<ol class=\"transcript\" data-video=\"\(videoID)\">\n"
    for cue in recording.transcript {
      let start = EARLDocument.seconds(cue.startSeconds)
      html +=
        "<li data-start=\"\(cue.startSeconds)\" data-end=\"\(cue.endSeconds)\">"
        + "<a href=\"\(escape(recording.file))#t=\(start)\" data-video=\"\(videoID)\" data-start=\"\(cue.startSeconds)\" "
        + "data-cue>\(clock(cue.startSeconds))</a> \(escape(cue.text))</li>\n"
    }
    return html + "</ol>\n</section>"
  }

  /// `1:02.5`: minutes, seconds and tenths.
  static func clock(_ seconds: Double) -> String {
    DisplayText.clock(seconds)
  }

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

  static func escape(_ text: String) -> String {
    HTMLText.escape(text)
  }
}
