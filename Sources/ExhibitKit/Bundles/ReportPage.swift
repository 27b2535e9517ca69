import Foundation

/// `report.html`: one self-contained, accessible page for a compliance officer. The summary,
/// the checklist with verdicts and gaps, each recording in a `<video>` with its caption tracks,
/// and links that play the exact segment behind each verdict (a media-fragment link that works
/// without script; with script it plays the segment in the page's own player). No network.
enum ReportPage {
  static func render(_ contents: BundleContents) -> String {
    let platform = Platform(rawValue: contents.platform)?.displayName ?? contents.platform
    let videoIDs = Dictionary(
      contents.recordings.enumerated().map { ($1.sha256, "recording-\($0 + 1)") }
    ) { first, _ in first }
    let decided = contents.items.filter { !$0.gap }.count
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Accessibility evidence: \(escape(contents.title)) on \(escape(platform)), \(contents.date)</title>
      <style>
      body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #ffffff;
        max-width: 62rem; margin: 0 auto; padding: 1rem; }
      table { border-collapse: collapse; width: 100%; }
      caption { text-align: left; font-weight: bold; padding: 0.5rem 0; }
      th, td { border: 1px solid #595959; padding: 0.4rem; text-align: left; vertical-align: top; }
      .verdict-pass { color: #0b6b2e; font-weight: bold; }
      .verdict-fail, .verdict-conflict { color: #a50000; font-weight: bold; }
      .key { font-family: ui-monospace, monospace; font-size: 0.9em; color: #404040; }
      a { color: #0645ad; }
      a:focus, video:focus { outline: 3px solid #1a1a1a; outline-offset: 2px; }
      video { max-width: 100%; background: #000000; }
      dt { font-weight: bold; }
      </style>
      </head>
      <body>
      <header>
      <h1>Accessibility evidence: \(escape(contents.title)) on \(escape(platform))</h1>
      <p>Component <span class="key">\(escape(contents.component))</span>, criteria revision \(contents.criteriaRevision), bundled \(contents.date).</p>
      </header>
      <main>
      <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <dl>
      <dt>Criteria items for \(escape(platform))</dt><dd>\(contents.items.count)</dd>
      <dt>Items with a verdict</dt><dd>\(decided)</dd>
      <dt>Gaps (items still needing a verdict)</dt><dd>\(contents.gaps.count)</dd>
      <dt>Verdicts recorded</dt><dd>\(contents.links.count)</dd>
      <dt>Recordings</dt><dd>\(contents.recordings.count)</dd>
      <dt>Auditors</dt><dd>\(contents.auditors.isEmpty ? "none yet" : escape(contents.auditors.joined(separator: ", ")))</dd>
      <dt>Audit trail head (SHA-256)</dt><dd class="key">\(contents.auditHead)</dd>
      </dl>
      </section>
      <section aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Checklist</h2>
      <table>
      <caption>Each criterion for \(escape(platform)), its verdict and the evidence behind it</caption>
      <thead><tr><th scope="col">Criterion</th><th scope="col">Expected</th><th scope="col">Verdict</th><th scope="col">Evidence</th></tr></thead>
      <tbody>

      """
    for item in contents.items {
      let links = contents.links.filter { $0.item == item.key }
      let verdict = item.notApplicable ? "Not applicable (criteria)" : verdictName(item.verdict)
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
        evidence +=
          "<li>\(escape(verdictName(link.verdict))): <a href=\"\(escape(link.file + fragment))\" \(data)>"
          + "Play \(range)\(escape(name))</a>, by \(escape(link.auditor))"
          + (link.note.isEmpty ? "" : ": \u{201C}\(escape(link.note))\u{201D}") + "</li>"
      }
      if !links.isEmpty { evidence += "</ul>" }
      html += """
        <tr><th scope="row">\(escape(item.label)) <span class="key">\(escape(item.key))</span></th>
        <td>\(item.expectation.split(separator: "\n").map { escape(String($0)) }.joined(separator: "<br>"))</td>
        <td class="verdict-\(item.verdict ?? "none")">\(escape(verdict))\(item.gap ? " (gap)" : "")</td>
        <td>\(evidence)</td></tr>

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
        "<p>These criteria have no pass, fail or not-applicable verdict on \(escape(platform)) yet:</p>\n<ul>\n"
      for key in contents.gaps {
        let label = contents.items.first { $0.key == key }?.label ?? key
        html += "<li>\(escape(label)) <span class=\"key\">\(escape(key))</span></li>\n"
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
        <dt>Screen reader</dt><dd>\(escape(recording.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 } ?? "unknown"))</dd>
        <dt>Duration</dt><dd>\(recording.durationSeconds.map { String(format: "%.1f seconds", $0) } ?? "unknown")</dd>
        <dt>Format</dt><dd>\(escape([recording.container, recording.videoCodec, recording.audioCodec].compactMap { $0 }.joined(separator: ", ")))</dd>
        <dt>SHA-256</dt><dd class="key">\(recording.sha256)</dd>
        </dl>
        </article>

        """
    }
    html += """
      </section>
      </main>
      <footer><p>Made by Exhibit. Verify this bag with <span class="key">exhibit verify</span> or any BagIt 1.0 validator.</p></footer>
      <script>
      document.addEventListener("click", function (event) {
        var link = event.target.closest("a[data-video]");
        var video = link && document.getElementById(link.dataset.video);
        if (!video) { return; }
        event.preventDefault();
        var end = parseFloat(link.dataset.end);
        video.currentTime = parseFloat(link.dataset.start) || 0;
        video.scrollIntoView();
        video.focus();
        var stop = function () {
          if (video.currentTime >= end) { video.pause(); video.removeEventListener("timeupdate", stop); }
        };
        if (!isNaN(end)) { video.addEventListener("timeupdate", stop); }
        video.play();
      });
      </script>
      </body>
      </html>

      """
    return html
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
    Locale(identifier: "en").localizedString(forIdentifier: code) ?? code
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
