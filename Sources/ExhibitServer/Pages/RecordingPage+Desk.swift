import ExhibitKit

/// The auditor's desk on a recording's page: the timeline under the player, the marking
/// controls and their keyboard shortcuts, and the judging form beside them.
extension RecordingPage {
  var pagePath: String { "/recordings/\(data.sha256)" }

  /// Every live link's segment and every waiting suggestion on a strip the recording's width,
  /// with the segment in the form marked; each bar opens the player at its start.
  var timeline: HTML {
    guard !isScreenshot, let duration = data.detail.recording.durationSeconds, duration > 0 else {
      return .empty
    }
    let cues = data.detail.captions.first { !$0.cues.isEmpty }?.cues.map {
      (start: $0.startSeconds, end: $0.endSeconds)
    }
    let links = data.detail.links.filter { $0.retractedAt == nil }.map { link -> EvidenceTimeline.Mark in
      let from = link.startSeconds ?? 0
      let to = link.endSeconds ?? duration
      let time =
        link.startSeconds == nil ? "whole recording" : "\(DisplayText.clock(from))–\(DisplayText.clock(to))"
      return EvidenceTimeline.Mark(
        kind: .verdict(link.verdict), fromSeconds: from, toSeconds: to,
        label: "Link \(link.id): \(link.verdict.rawValue), \(link.item), \(time)",
        href: URLText.with(pagePath, query: [("t", String(from))]) + "#desk", data: ("link", String(link.id)))
    }
    let suggestions = data.suggestions.filter { $0.acceptedLink == nil }.compactMap {
      suggestion -> EvidenceTimeline.Mark? in
      guard let from = suggestion.fromSeconds else { return nil }
      let to = suggestion.toSeconds ?? from
      return EvidenceTimeline.Mark(
        kind: .suggestion, fromSeconds: from, toSeconds: to,
        label: "Suggestion: \(suggestion.item), \(DisplayText.clock(from))–\(DisplayText.clock(to))",
        href: URLText.with(
          pagePath,
          query: [
            ("item", suggestion.item.description), ("from", String(from)), ("to", String(to)),
            ("t", String(from)),
          ]) + "#desk")
    }
    let selection = (try? SegmentTime.seconds(form.from)).flatMap { from in
      (try? SegmentTime.seconds(form.to)).map { (from: from, to: $0) }
    }
    var strip = EvidenceTimeline(
      durationSeconds: duration, cues: cues ?? [], marks: links + suggestions, id: "timeline",
      selection: selection)
    strip.speech = data.detail.utterances.map { (start: $0.startSeconds, end: $0.endSeconds) }
    return """
      <div class="timeline-wrap">
      <h3 id="timeline-heading" class="visually-hidden">Timeline</h3>
      \(strip.svg)
      \(heardLabels(duration: duration))
      \(strip.key)
      \(filmstrip(duration: duration))
      </div>
      """
  }

  /// The phrases Exhibit heard, one label per stretch of speech that has any, under the strip:
  /// the page's script sets each at its stretch's place (a list without it); each plays from
  /// its stretch. Marked as heard, never captions.
  private func heardLabels(duration: Double) -> HTML {
    let stretches = HeardTrack.phrasesByUtterance(
      heard: data.detail.heard, utterances: data.detail.utterances
    )
    .filter { !$0.phrases.isEmpty }
    guard !stretches.isEmpty else { return .empty }
    let labels = stretches.map { utterance, phrases -> HTML in
      let (start, end) = (utterance.startSeconds, utterance.endSeconds)
      let words = phrases.map(\.text).joined(separator: ", ")
      let href = URLText.with(pagePath, query: [("t", String(start))]) + "#desk"
      return """
        <li data-from="\(String(start))" data-to="\(String(end))"><a href="\(href)" \
        aria-label="Heard by Exhibit at \(DisplayText.clock(start)): \(words); play from there">\(words)</a></li>
        """
    }
    return """
      <ol class="heard-labels" data-duration="\(String(duration))" \
      aria-label="Phrases heard by Exhibit, not captioned">\(HTML.join(labels))</ol>
      """
  }

  /// Frames across the recording under its timeline, a second or more apart (twelve at most),
  /// each a link that opens the player at its second; loaded as they scroll into view.
  private func filmstrip(duration: Double) -> HTML {
    guard data.playable, data.detail.recording.videoCodec != nil else { return .empty }
    let count = min(Self.filmstripFrames, max(1, Int(duration.rounded(.down))))
    let frames = (0..<count).map { index -> HTML in
      // Each frame from the middle of its share of the recording, to the millisecond.
      let seconds = ((Double(index) + 0.5) * duration / Double(count) * 1000).rounded(.down) / 1000
      let clock = DisplayText.clock(seconds)
      return """
        <li><a href="\(URLText.with(pagePath, query: [("t", String(seconds))]))#desk" \
        aria-label="Play from \(clock)"><img src="\(FrameRoutes.path(data.sha256, atSeconds: seconds))" \
        alt="" loading="lazy">\(clock)</a></li>
        """
    }
    return "<ul class=\"filmstrip\" aria-label=\"Frames across the recording\">\(HTML.join(frames))</ul>"
  }

  /// The most frames the filmstrip shows.
  static let filmstripFrames = 12

  /// Mark start and end from the player, play the segment, change the speed, list the
  /// shortcuts: buttons that need the page's script, so they show only when it runs.
  var markingControls: HTML {
    guard !isScreenshot, data.playable else { return .empty }
    let judging: HTML =
      visitor.mayJudge
      ? """
      <button type="button" class="secondary" data-mark="start" aria-keyshortcuts="\(desk.key(.markStart).uppercased())">Mark start <kbd>\(desk.key(.markStart))</kbd></button>
      <button type="button" class="secondary" data-mark="end" aria-keyshortcuts="\(desk.key(.markEnd).uppercased())">Mark end <kbd>\(desk.key(.markEnd))</kbd></button>
      <button type="button" class="secondary" id="play-segment" aria-keyshortcuts="\(desk.key(.playSegment).uppercased())">Play segment <kbd>\(desk.key(.playSegment))</kbd></button>
      <button type="button" class="secondary" id="loop-segment" aria-pressed="false" aria-keyshortcuts="\(desk.key(.loop).uppercased())">Loop segment <kbd>\(desk.key(.loop))</kbd></button>
      """ : .empty
    return """
      <div class="marking" role="group" aria-label="Player controls" data-needs-script hidden>
      \(judging)
      <label for="playback-rate">Speed</label>
      <select id="playback-rate"><option value="0.25">0.25×</option><option value="0.5">0.5×</option>\
      <option value="0.75">0.75×</option><option value="1" selected>1×</option><option value="1.25">1.25×</option>\
      <option value="1.5">1.5×</option><option value="2">2×</option></select>
      <button type="button" class="secondary" id="shortcuts-toggle" aria-expanded="false" aria-controls="shortcuts" \
      aria-keyshortcuts="Shift+?">Shortcuts <kbd>?</kbd></button>
      </div>
      <p id="player-status" class="muted" role="status" aria-live="polite"></p>
      \(shortcutsPanel)
      """
  }

  /// The keys the player answers to, opened with `?` or its button, and a form to change them
  /// for a signed-in account.
  private var shortcutsPanel: HTML {
    let actions = DeskSettings.Action.allCases.map { action -> (String, String) in
      let key = desk.key(action)
      let shifted: String = action == .back || action == .forward ? " (Shift + \(key): 5 seconds)" : ""
      return ("\(key), or Alt + \(key) anywhere\(shifted)", action.description)
    }
    let keys: [(String, String)] =
      [("Space", "Play or pause (outside buttons and fields)")] + actions + [
        ("← and →", "Back or forward 1 second"),
        ("Shift + ← and Shift + →", "Back or forward 0.1 second"),
        (", and .", "Back or forward one frame when paused, 0.1 second when playing"),
        ("1, 2, 3, 4", "In the judging form outside its text fields: pass, fail, not applicable, untested"),
        ("< and >", "Slower or faster"),
        ("?", "Show or hide this list"),
        ("Esc", "Hide this list"),
      ]
    let rows = keys.map { key, action -> HTML in
      "<tr><th scope=\"row\"><kbd>\(key)</kbd></th><td>\(action)</td></tr>"
    }
    let reaction = String(format: "%.2f", desk.reactionSeconds)
    return """
      <section id="shortcuts" class="shortcuts" aria-labelledby="shortcuts-heading" hidden>
      <h3 id="shortcuts-heading">Keyboard shortcuts</h3>
      <p>A key alone works while the player or the page has focus; with Alt it works anywhere, while you type a \
      note too. A mark set while the recording plays is \(reaction) seconds earlier than the key press, the time \
      it takes to react.</p>
      <table><caption class="visually-hidden">Keyboard shortcuts</caption>
      <thead><tr><th scope="col">Key</th><th scope="col">Does</th></tr></thead><tbody>\(HTML.join(rows))</tbody></table>
      \(deskSettingsForm)
      </section>
      """
  }

  /// The form that changes a signed-in account's keys and reaction time.
  private var deskSettingsForm: HTML {
    guard visitor.signedIn else {
      return "<p class=\"small muted\">Sign in with an account to choose your own keys and reaction time.</p>"
    }
    let fields = DeskSettings.Action.allCases.map { action -> HTML in
      """
      <div><label for="key-\(action.rawValue)">\(action.description)</label>
      <input id="key-\(action.rawValue)" name="key_\(action.rawValue)" type="text" size="2" maxlength="1" \
      autocomplete="off" spellcheck="false" value="\(desk.key(action))"></div>
      """
    }
    return """
      <details class="desk-keys"><summary>Change your keys</summary>
      <form method="post" action="/desk-settings">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="back" value="\(pagePath)#desk">
      <div><label for="reaction-seconds">Reaction time taken off a mark set while playing (seconds)</label>
      <input id="reaction-seconds" name="reaction" type="text" inputmode="decimal" size="5" \
      value="\(String(format: "%.2f", desk.reactionSeconds))"></div>
      <div class="key-fields">\(HTML.join(fields))</div>
      <button type="submit">Save my keys</button>
      </form></details>
      """
  }

  /// The judging form: the segment's start and end (each showing how it was read), the item,
  /// the verdict and a note. A screenshot is judged whole, so it has no times.
  var judging: HTML {
    if visitor.mayWrite, !visitor.mayJudge, let audit = visitor.audits.current {
      return """
        <h2 id="judge-heading">Judge a segment</h2>
        <p class="notice">Audit \(audit.id) (\(audit.product) \(audit.release)) is closed: its verdicts are final. \
        Switch to an open audit in the header to judge.</p>
        """
    }
    guard visitor.mayJudge else { return .empty }
    let verdicts = Verdict.allCases.map { verdict -> HTML in
      let id = "verdict-\(verdict.rawValue)"
      return """
        <label for="\(id)"><input type="radio" id="\(id)" name="verdict" value="\(verdict.rawValue)" required\
        \(form.verdict == verdict ? " checked" as HTML : .empty)> \(verdict.rawValue)</label>
        """
    }
    let toggle =
      URLText.with(pagePath, query: [("other_platforms", form.otherPlatforms ? nil : "1")]) + "#judge-heading"
    return """
      <section aria-labelledby="judge-heading" class="desk-judge">
      <h2 id="judge-heading">\(isScreenshot ? "Judge the screenshot" : "Judge a segment")</h2>
      \(form.error.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      <form class="judge-form" method="post" action="\(pagePath)/links">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      \(isScreenshot ? HTML.empty : timeFields)
      <div class="row">\(itemField)</div>
      <p class="small"><a href="\(toggle)">\(form.otherPlatforms ? "Offer only this platform's items" : "Offer items of other platforms too")</a></p>
      \(form.otherPlatforms ? "<input type=\"hidden\" name=\"other_platform\" value=\"1\">" as HTML : .empty)
      <fieldset><legend>Verdict</legend><div class="verdicts">\(verdicts)</div></fieldset>
      <div class="row"><div class="grow"><label for="link-note">Note</label>
      <textarea id="link-note" name="note" rows="2" cols="40">\(form.note)</textarea></div>
      <div><button type="submit">Save verdict</button></div></div>
      </form>
      </section>
      """
  }

  /// Start and end as text (`2.5`, `2,5`, `0:02.5`), each with how it was read beside it: a
  /// number field would read `2,5` as 25 in an English browser.
  private var timeFields: HTML {
    func field(_ name: String, _ label: String, _ value: String, _ which: String) -> HTML {
      let reading: HTML
      if value.isEmpty {
        reading = .empty
      } else {
        do { reading = "= \(SegmentTime.clock(try SegmentTime.seconds(value)))" } catch {
          reading = "\(error.description)"
        }
      }
      return """
        <div><label for="link-\(name)">\(label)</label>
        <input id="link-\(name)" name="\(name)" type="text" inputmode="decimal" autocomplete="off" spellcheck="false" \
        size="9" value="\(value)" data-time-field aria-describedby="seconds-hint link-\(name)-read"></div>
        <button type="button" class="secondary nudge" data-nudge="-0.1" data-field="\(which)" hidden aria-label="\(label) 0.1 seconds earlier">−0.1</button>
        <button type="button" class="secondary nudge" data-nudge="0.1" data-field="\(which)" hidden aria-label="\(label) 0.1 seconds later">+0.1</button>
        <output id="link-\(name)-read" for="link-\(name)" class="time-read" aria-live="polite">\(reading)</output>
        """
    }
    return """
      <div class="row times">
      \(field("from", "Start", form.from, "start"))
      \(field("to", "End", form.to, "end"))
      </div>
      <p id="seconds-hint" class="muted small">Seconds (2.5 or 2,5) or minutes:seconds (0:02.5); \
      leave both empty to judge the whole recording.</p>
      """
  }

  private var itemField: HTML {
    let platform = data.platform
    let offered = data.items.filter { item in
      form.otherPlatforms || platform.map(item.platforms.contains) ?? true
        || item.key.description == form.item
    }
    guard !offered.isEmpty else {
      return """
        <div class="grow"><label for="link-item">Item key</label>
        <input id="link-item" name="item" required value="\(form.item ?? "")" placeholder="native/checkbox#screenreader.role"></div>
        """
    }
    // Items with a live link to this recording: the next-unjudged key skips them.
    let judged = Set(data.detail.links.filter { $0.retractedAt == nil }.map(\.item.description))
    let options = offered.map { item -> HTML in
      "<option value=\"\(item.key)\"\(judged.contains(item.key.description) ? " data-judged=\"1\"" as HTML : .empty)\(selected(item.key.description == form.item))>\(item.section.rawValue): \(item.label)</option>"
    }
    return """
      <div class="grow"><label for="link-item">Item</label>
      <select id="link-item" name="item" required aria-keyshortcuts="\(desk.key(.focusItem).uppercased())"><option value="">Choose an item</option>\(options)</select></div>
      """
  }
}
