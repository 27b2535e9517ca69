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
  /// The visitor's keys and reaction time (the standard ones without an account).
  var desk = DeskSettings.standard
  var notice: String?
  /// Why the attribution form was refused, shown beside it.
  var attributionError: String?

  private var path: String { "/recordings/\(data.sha256)" }
  private var name: String { URLText.fileName(data.detail.recording.path) }

  var html: HTML {
    Layout(title: name, visitor: visitor, wide: true).document(
      """
      <h1>\(name)</h1>
      <p class="lede">\(attributionLine)</p>
      \(notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
      <div class="desk" id="desk" data-desk-settings="\(desk.json)">
      <section class="desk-stage" aria-labelledby="player-heading">
      <h2 id="player-heading" class="visually-hidden">\(isScreenshot ? "Screenshot" : "Player")</h2>
      \(player)
      \(timeline)
      \(markingControls)
      </section>
      <div class="desk-side">
      \(judging)
      \(isScreenshot ? HTML.empty : transcriptSection)
      </div>
      </div>
      \(suggestions)
      \(heardCaptionsForm)
      \(links)
      \(metadata)
      \(attributionForm)
      """)
  }

  /// Whether the file is a still image, linked whole: no player, timeline or transcript.
  var isScreenshot: Bool { ScreenshotFormat(container: data.detail.recording.container) != nil }

  private var transcriptSection: HTML {
    """
    <section aria-labelledby="transcript-heading" class="desk-transcript">
    <h2 id="transcript-heading">Transcript</h2>
    \(transcript)
    </section>
    """
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
    if isScreenshot {
      let streams = data.detail.streams.first
      let size: HTML =
        streams?.width.map { " width=\"\($0)\" height=\"\(streams?.height ?? 0)\"" } ?? .empty
      return """
        <img class="screenshot" src="/media/\(data.sha256)" alt="Screenshot \(name)"\(size)>
        <p><a href="/media/\(data.sha256)" download="\(name)">Download the screenshot</a></p>
        """
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
      <video id="player" controls preload="metadata" src="\(source)" aria-describedby="shortcuts-hint"\
      \(frameRate.map { " data-frame-rate=\"\(String(format: "%.3f", $0))\"" as HTML } ?? .empty)\
      \(startAt.map { " data-start-at=\"\(String(format: "%.3f", $0))\"" as HTML } ?? .empty)\
      \(playAtStart ? " data-autoplay=\"1\"" as HTML : .empty)>\(tracks)</video>
      <p id="shortcuts-hint" class="visually-hidden">With the player focused: \(desk.key(.playPause)) or space \
      plays and pauses, arrows move a second, shift and arrows a tenth, \(desk.key(.markStart)) marks the start, \
      \(desk.key(.markEnd)) the end, \(desk.key(.playSegment)) plays the segment; with Alt they work while you \
      type too; question mark lists every shortcut.</p>
      """
  }

  /// Where there are no captions, what Exhibit heard: each stretch of speech with the phrases
  /// heard in it, marked as heard and not captioned, each a link that plays from it.
  private var heardTranscript: HTML {
    let detail = data.detail
    guard detail.hearing != nil, !detail.utterances.isEmpty else {
      return detail.hearing == nil
        ? "<p>This recording has no captions. <code>exhibit listen</code> has Exhibit hear what the screen reader said.</p>"
        : "<p>This recording has no captions, and Exhibit heard no speech in it.</p>"
    }
    let stretches = HeardTrack.phrasesByUtterance(heard: detail.heard, utterances: detail.utterances)
    let items = stretches.map { utterance, phrases -> HTML in
      let (start, end) = (utterance.startSeconds, utterance.endSeconds)
      let href = URLText.with(path, query: [("t", String(start))]) + "#player"
      let words: HTML =
        phrases.isEmpty
        ? "<span class=\"muted\">speech, no phrase recognised</span>"
        : HTML.join(
          phrases.map { phrase -> HTML in
            "\(phrase.text) <span class=\"muted small\">(\(Int((phrase.confidence * 100).rounded()))%)</span>"
          }, separator: " · ")
      return """
        <li data-cue-start="\(String(start))" data-cue-end="\(String(end))">\
        <a href="\(href)"><span class="cue-time">\(DisplayText.clock(start))</span>\(words)</a></li>
        """
    }
    return """
      <p class="heard-note"><span class="heard-mark">Heard by Exhibit, not captioned.</span> This recording has \
      no captions: these are the stretches of speech Exhibit found and the screen-reader phrases it recognised \
      in them, with how sure it was. They are a guess to help you find your place, never a verdict.</p>
      <ol class="transcript heard-transcript" aria-label="Speech heard by Exhibit; choose a stretch to play from it">\
      \(HTML.join(items))</ol>
      """
  }

  /// The video's frames per second, from its stream's fraction (`30000/1001`), for frame steps.
  private var frameRate: Double? {
    guard let rate = data.detail.streams.first(where: { $0.kind == "video" })?.frameRate else { return nil }
    let parts = rate.split(separator: "/").compactMap { Double($0) }
    let value = parts.count == 2 && parts[1] > 0 ? parts[0] / parts[1] : parts.first
    return value.flatMap { $0 > 0 && $0 <= 240 ? $0 : nil }
  }

  private var transcript: HTML {
    let tracks = data.detail.captions.filter { !$0.cues.isEmpty }
    guard !tracks.isEmpty else { return heardTranscript }
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

  private var suggestions: HTML {
    guard !data.suggestions.isEmpty else { return .empty }
    let rows = data.suggestions.enumerated().map { index, suggestion -> HTML in
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
      let decide = SuggestionDecisionForm(
        suggestion: suggestion, visitor: visitor, back: path + "#suggestions-heading", index: index
      ).html
      let use: HTML =
        visitor.mayJudge
        ? """
        <a href="\(prefill)" class="button secondary" data-suggest-item="\(suggestion.item)" \
        data-suggest-from="\(suggestion.fromSeconds.map { String($0) } ?? "")" \
        data-suggest-to="\(suggestion.toSeconds.map { String($0) } ?? "")">Use for \(suggestion.item)</a>
        """ : .empty
      let accepted: HTML =
        suggestion.acceptedLink.map { "<br>accepted as link \($0), \(CoverageBadge.badge(Verdict.untested))" }
        ?? .empty
      return
        "<tr><td>\(suggestion.item)</td><td>\(time)</td><td>\(suggestion.reason)\(accepted)</td><td>\(decide)\(use)</td></tr>"
    }
    return """
      <h2 id="suggestions-heading">Suggestions</h2>
      <p>Cues whose words match an item, and untested links nobody judged yet. Decide each here, or fill the form \
      from it to judge a segment of your own. An untested link is not evidence.</p>
      <div class="table-scroll" role="region" tabindex="0" aria-label="Suggestions waiting for a decision"><table><caption>Suggestions waiting for a decision</caption>
      <thead><tr><th scope="col">Item</th><th scope="col">Cue</th><th scope="col">Why</th><th scope="col">Decide</th></tr></thead>
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
        state = "<span class=\"state state-retracted\">Retracted</span> \(retracted)"
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
        <tr\(link.retractedAt == nil ? HTML.empty : " class=\"retracted\"")><th scope="row">\(link.id)</th><td>\(link.item)</td>\
        <td>\(link.retractedAt == nil ? CoverageBadge.badge(link.verdict) : "<span class=\"was\">was \(link.verdict.rawValue)</span>")</td>
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
