import ExhibitKit
import Foundation

/// `/recordings/SHA256`: the video with its caption tracks, the transcript beside it (each cue a
/// link that seeks the player; the cue being spoken is marked), the judging form, metadata, and
/// every link on the recording with a way to retract it.
struct RecordingPage {
  let data: RecordingPageData
  let visitor: Visitor
  /// Where the player starts, in seconds (`?t=`).
  var startAt: Double?
  /// Whether the player starts playing there (`?play=1`, from a search hit).
  var playAtStart = false
  var form = LinkFormState()
  var notice: String?
  /// Why the attribution form was refused, shown beside it.
  var attributionError: String?

  private var path: String { "/recordings/\(data.sha256)" }
  private var name: String { URLText.fileName(data.detail.recording.path) }

  var html: HTML {
    Layout(title: name, visitor: visitor).document(
      """
      <h1>\(name)</h1>
      <p class="lede">\(attributionLine)</p>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      <div class="player-layout">
      <section aria-labelledby="player-heading">
      <h2 id="player-heading">Player</h2>
      \(player)
      </section>
      <section aria-labelledby="transcript-heading">
      <h2 id="transcript-heading">Transcript</h2>
      \(transcript)
      </section>
      </div>
      \(judging)
      \(suggestions)
      \(links)
      \(metadata)
      \(attributionForm)
      """)
  }

  private var attributionLine: HTML {
    let attribution = data.detail.attribution
    var parts: [HTML] = []
    if let component = data.component {
      parts.append(
        "<a href=\"/components/\(component.family.rawValue)/\(URLText.encode(component.slug))\(data.platform.map { "?platform=\($0.rawValue)" } ?? "")\">\(component.description)</a>"
      )
    } else {
      parts.append("no component attributed")
    }
    parts.append("\(data.platform?.displayName ?? attribution.platform?.value ?? "platform unknown")")
    let tech = attribution.assistiveTech.map { AssistiveTech(rawValue: $0.value)?.displayName ?? $0.value }
    parts.append("\(tech ?? "screen reader unknown")")
    if let browser = attribution.browser?.value { parts.append("\(browser)") }
    parts.append("<a href=\"\(URLText.with("/history", query: [("subject", data.sha256)]))\">history</a>")
    return HTML.join(parts, separator: " · ")
  }

  private var player: HTML {
    guard data.playable else {
      return
        "<p class=\"error-message\">No file with these bytes is on disk; run <code>exhibit catalog</code> where it went.</p>"
    }
    let source = "/media/\(data.sha256)" + (startAt.map { "#t=\(String(format: "%.3f", $0))" } ?? "")
    let tracks = data.detail.captions.enumerated().map { index, track -> HTML in
      let language = track.language ?? "und"
      let label =
        "\(track.language.map(DisplayText.languageName) ?? "Captions") (\(URLText.fileName(track.path)))"
      return
        "<track kind=\"captions\" src=\"/media/\(data.sha256)/captions/\(index).vtt\" srclang=\"\(language)\" label=\"\(label)\"\(index == 0 ? " default" : "")>"
    }
    return """
      <video id="player" controls preload="metadata" src="\(source)"\
      \(startAt.map { " data-start-at=\"\(String(format: "%.3f", $0))\"" as HTML } ?? .empty)\
      \(playAtStart ? " data-autoplay=\"1\"" as HTML : .empty)>\(tracks)</video>
      <p id="player-status" class="muted" role="status" aria-live="polite"></p>
      <p hidden><label for="playback-rate">Speed</label>
      <select id="playback-rate"><option value="0.5">0.5×</option><option value="0.75">0.75×</option>\
      <option value="1" selected>1×</option><option value="1.5">1.5×</option></select></p>
      <p><a href="/media/\(data.sha256)" download="\(name)">Download the recording</a></p>
      """
  }

  private var transcript: HTML {
    let tracks = data.detail.captions.filter { !$0.cues.isEmpty }
    guard !tracks.isEmpty else { return "<p>This recording has no captions.</p>" }
    return HTML.join(
      tracks.map { track -> HTML in
        let cues = track.cues.map { cue -> HTML in
          let href = URLText.with(path, query: [("t", String(cue.startSeconds))]) + "#player"
          return """
            <li data-cue-start="\(String(cue.startSeconds))" data-cue-end="\(String(cue.endSeconds))">\
            <a href="\(href)"><span class="cue-time">\(DisplayText.clock(cue.startSeconds))</span>\(cue.text)</a></li>
            """
        }
        let heading: HTML = tracks.count > 1 ? "<h3>\(URLText.fileName(track.path))</h3>" : .empty
        return
          "\(heading)<ol class=\"transcript\" aria-label=\"Transcript cues; choose one to play from it\">\(cues)</ol>"
      })
  }

  private var judging: HTML {
    if visitor.mayWrite, !visitor.mayJudge, let audit = visitor.audits.current {
      return """
        <h2 id="judge-heading">Judge a segment</h2>
        <p class="notice">Audit \(audit.id) (\(audit.product) \(audit.release)) is closed: its verdicts are final. \
        Switch to an open audit in the header to judge.</p>
        """
    }
    guard visitor.mayJudge else { return .empty }
    let platform = data.platform
    let offered = data.items.filter { item in
      form.otherPlatforms || platform.map(item.platforms.contains) ?? true
        || item.key.description == form.item
    }
    let itemField: HTML
    if offered.isEmpty {
      itemField = """
        <div><label for="link-item">Item key</label>
        <input id="link-item" name="item" required value="\(form.item ?? "")" placeholder="native/checkbox#screenreader.role"></div>
        """
    } else {
      let options = offered.map { item -> HTML in
        "<option value=\"\(item.key)\"\(selected(item.key.description == form.item))>\(item.section.rawValue): \(item.label)</option>"
      }
      itemField = """
        <div><label for="link-item">Item</label>
        <select id="link-item" name="item" required><option value="">Choose an item</option>\(options)</select></div>
        """
    }
    let verdicts = Verdict.allCases.map { verdict -> HTML in
      let id = "verdict-\(verdict.rawValue)"
      return """
        <label for="\(id)"><input type="radio" id="\(id)" name="verdict" value="\(verdict.rawValue)" required\
        \(form.verdict == verdict ? " checked" as HTML : .empty)> \(verdict.rawValue)</label>
        """
    }
    let toggle =
      URLText.with(path, query: [("other_platforms", form.otherPlatforms ? nil : "1")]) + "#judge-heading"
    return """
      <section aria-labelledby="judge-heading">
      <h2 id="judge-heading">Judge a segment</h2>
      \(form.error.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      <form class="judge-form" method="post" action="\(path)/links">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div class="row">
      <div><label for="link-from">Start</label>
      <input id="link-from" name="from" type="number" min="0" step="0.001" inputmode="decimal" value="\(form.from)" aria-describedby="seconds-hint"></div>
      <button type="button" class="secondary" data-mark="start" hidden>Mark start</button>
      <button type="button" class="secondary" data-nudge="-0.1" data-field="start" hidden aria-label="Start 0.1 seconds earlier">−0.1 s</button>
      <button type="button" class="secondary" data-nudge="0.1" data-field="start" hidden aria-label="Start 0.1 seconds later">+0.1 s</button>
      <div><label for="link-to">End</label>
      <input id="link-to" name="to" type="number" min="0" step="0.001" inputmode="decimal" value="\(form.to)" aria-describedby="seconds-hint"></div>
      <button type="button" class="secondary" data-mark="end" hidden>Mark end</button>
      <button type="button" class="secondary" data-nudge="-0.1" data-field="end" hidden aria-label="End 0.1 seconds earlier">−0.1 s</button>
      <button type="button" class="secondary" data-nudge="0.1" data-field="end" hidden aria-label="End 0.1 seconds later">+0.1 s</button>
      <button type="button" class="secondary" id="play-segment" hidden>Play segment</button>
      </div>
      <p id="seconds-hint" class="muted">Seconds from the start; leave both empty to judge the whole recording.</p>
      <div class="row">\(itemField)</div>
      <p><a href="\(toggle)">\(form.otherPlatforms ? "Offer only this platform's items" : "Offer items of other platforms too")</a></p>
      \(form.otherPlatforms ? "<input type=\"hidden\" name=\"other_platform\" value=\"1\">" as HTML : .empty)
      <fieldset><legend>Verdict</legend><div class="verdicts">\(verdicts)</div></fieldset>
      <div class="row"><div><label for="link-note">Note</label>
      <textarea id="link-note" name="note" rows="2" cols="60">\(form.note)</textarea></div></div>
      <button type="submit">Save verdict</button>
      </form>
      </section>
      """
  }

  private var suggestions: HTML {
    guard !data.suggestions.isEmpty else { return .empty }
    let rows = data.suggestions.map { suggestion -> HTML in
      let time =
        suggestion.fromSeconds.map {
          "\(DisplayText.clock($0))–\(DisplayText.clock(suggestion.toSeconds ?? $0))"
        }
        ?? "whole recording"
      let prefill =
        URLText.with(
          path,
          query: [
            ("item", suggestion.item.description), ("from", suggestion.fromSeconds.map { String($0) }),
            ("to", suggestion.toSeconds.map { String($0) }), ("t", suggestion.fromSeconds.map { String($0) }),
          ]) + "#judge-heading"
      let use: HTML =
        visitor.mayJudge
        ? """
        <a href="\(prefill)" class="button secondary" data-suggest-item="\(suggestion.item)" \
        data-suggest-from="\(suggestion.fromSeconds.map { String($0) } ?? "")" \
        data-suggest-to="\(suggestion.toSeconds.map { String($0) } ?? "")">Use for \(suggestion.item)</a>
        """ : .empty
      return
        "<tr><td>\(suggestion.item)</td><td>\(time)</td><td>\(suggestion.reason)</td><td>\(use)</td></tr>"
    }
    return """
      <h2>Suggestions</h2>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Cues whose words match an item"><table><caption>Cues whose words match an item</caption>
      <thead><tr><th scope="col">Item</th><th scope="col">Cue</th><th scope="col">Why</th><th scope="col">Fill the form</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  private var links: HTML {
    guard !data.detail.links.isEmpty else {
      return "<h2 id=\"links\">Links</h2><p>No verdict is linked to this recording yet.</p>"
    }
    let rows = data.detail.links.map { link -> HTML in
      let segment: HTML =
        link.startSeconds.map { start in
          """
          \(DisplayText.clock(start))–\(DisplayText.clock(link.endSeconds ?? start)) \
          <button type="button" class="secondary" data-seek="\(String(start))" hidden aria-label="Play link \(link.id) from \(DisplayText.clock(start))">Play</button>
          """
        } ?? "whole recording"
      let state: HTML
      if let retracted = link.retractedAt {
        state = "retracted \(retracted)"
      } else if visitor.mayJudge {
        state = """
          live <details><summary>Retract link \(link.id)</summary>
          <form method="post" action="/links/\(link.id)/retract" class="inline-form">
          <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
          <div><label for="reason-\(link.id)">Reason</label>
          <input id="reason-\(link.id)" name="reason" required></div>
          <button type="submit">Retract</button></form></details>
          """
      } else {
        state = "live"
      }
      return """
        <tr><th scope="row">\(link.id)</th><td>\(link.item)</td><td>\(CoverageBadge.badge(link.verdict))</td>
        <td>\(segment)</td><td>\(link.auditor)\(link.environment.map { "<br><span class=\"muted\">\($0)</span>" as HTML } ?? .empty)</td>\
        <td>\(link.note)</td><td>\(link.createdAt)\(link.carriedFrom.map { "<br><strong class=\"carried\">carried from link \($0), not retested</strong>" as HTML } ?? .empty)</td><td>\(state)</td></tr>
        """
    }
    return """
      <h2 id="links">Links</h2>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Verdicts linked to this recording"><table><caption>Verdicts linked to this recording</caption>
      <thead><tr><th scope="col">Link</th><th scope="col">Item</th><th scope="col">Verdict</th><th scope="col">Segment</th>\
      <th scope="col">Auditor</th><th scope="col">Note</th><th scope="col">Judged</th><th scope="col">State</th></tr></thead>
      <tbody>\(rows)</tbody></table></div>
      """
  }

  private var metadata: HTML {
    let recording = data.detail.recording
    let paths = data.detail.paths.map { path -> HTML in
      "<li>\(path.path)\(path.missingSince.map { " (missing since \($0))" } ?? "")</li>"
    }
    let streams = data.detail.streams.map { stream -> HTML in
      let size = stream.width.map { "\($0)×\(stream.height ?? 0)" } ?? ""
      return
        "<tr><td>\(stream.index)</td><td>\(stream.kind)</td><td>\(stream.codec)</td><td>\(size)</td><td>\(stream.language)</td></tr>"
    }
    let attribution = data.detail.attribution
    let attributed: [(String, Attributed?)] = [
      ("Component", attribution.component), ("Platform", attribution.platform),
      ("Screen reader", attribution.assistiveTech), ("Browser", attribution.browser),
      ("OS version", attribution.osVersion), ("Device", attribution.device),
    ]
    let facts = attributed.compactMap { label, value -> HTML? in
      value.map {
        "<dt>\(label)</dt><dd>\($0.value) <span class=\"muted\">(\(Self.sourceName($0.source)))</span></dd>"
      }
    }
    return """
      <h2>About the recording</h2>
      <dl class="meta">
      <dt>SHA-256</dt><dd class="sha">\(data.sha256)</dd>
      <dt>Size</dt><dd>\(recording.size) bytes</dd>
      <dt>Duration</dt><dd>\(recording.durationSeconds.map { String(format: "%.3f s", $0) } ?? "unknown")</dd>
      <dt>Container</dt><dd>\(recording.container ?? "unknown")</dd>
      <dt>Status</dt><dd>\(recording.status.rawValue)\(recording.error.map { ": \($0)" } ?? "")</dd>
      <dt>Catalogued</dt><dd>\(data.detail.cataloguedAt)</dd>
      \(facts)
      </dl>
      <h3>Paths</h3><ul>\(paths)</ul>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Streams"><table><caption>Streams</caption>
      <thead><tr><th scope="col">Index</th><th scope="col">Kind</th><th scope="col">Codec</th><th scope="col">Size</th>\
      <th scope="col">Language</th></tr></thead><tbody>\(streams)</tbody></table></div>
      """
  }
}
