import ExhibitKit

/// The form that turns what Exhibit heard into the recording's captions: each stretch of speech
/// a cue, its times and words (the heard phrases, to start from) for the auditor to check and
/// correct. Shown to those who may write, for a recording Exhibit heard that has no captions.
extension RecordingPage {
  var heardCaptionsForm: HTML {
    let detail = data.detail
    guard visitor.mayWrite, !isScreenshot, detail.captions.isEmpty, !detail.utterances.isEmpty else {
      return .empty
    }
    let stretches = HeardTrack.phrasesByUtterance(heard: detail.heard, utterances: detail.utterances)
    let rows = stretches.enumerated().map { index, stretch -> HTML in
      let number = index + 1
      let words = stretch.phrases.map(\.text).joined(separator: ", ")
      func field(_ name: String, _ label: String, _ value: String, size: Int) -> HTML {
        """
        <div><label for="cue-\(number)-\(name)">\(label)</label>
        <input id="cue-\(number)-\(name)" name="\(name)_\(number)" type="text" size="\(size)" value="\(value)"\
        \(name == "text" ? HTML.empty : " inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\"")></div>
        """
      }
      return """
        <li><fieldset><legend>Cue \(number), heard at \(DisplayText.clock(stretch.utterance.startSeconds))</legend>
        <div class="row">\(field("start", "Start", SegmentTime.clock(stretch.utterance.startSeconds), size: 9))\
        \(field("end", "End", SegmentTime.clock(stretch.utterance.endSeconds), size: 9))\
        <div class="grow">\(field("text", "Words", words, size: 36))</div></div>
        </fieldset></li>
        """
    }
    let name = URLText.fileName(detail.recording.path)
    let stem = name.split(separator: ".").dropLast().joined(separator: ".")
    return """
      <section aria-labelledby="heard-captions-heading" class="heard-captions">
      <h2 id="heard-captions-heading">Turn what was heard into captions</h2>
      <details><summary>Write this recording's captions from the \(rows.count) stretches of speech Exhibit heard</summary>
      <form method="post" action="\(pagePath)/captions">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="cues" value="\(rows.count)">
      <p>Each stretch is a cue: check its times (seconds, or minutes:seconds), write what the screen reader \
      said (the phrases Exhibit heard are filled in to start from), and empty a cue's words to leave it out. \
      Saved, they become the recording's captions, <code>\(stem.isEmpty ? name : stem).vtt</code> beside it, \
      catalogued and audited under your name like any caption file.</p>
      <ol class="caption-rows">\(HTML.join(rows))</ol>
      <button type="submit">Save as captions</button>
      </form></details>
      </section>
      """
  }
}
