/// Which caption cues suggest which links: a pure function of a component's items, a
/// recording's cues and the links it already has, tested without a database or media.
///
/// A cue that says the role ("checkbox"), a state ("not checked", "dimmed") or the hint ("double
/// tap to toggle") is proposed as evidence, at that cue's time, for the screen-reader item it
/// speaks to. Items that do not apply to the recording's platform, and times a live link of the
/// item already covers, are left out.
struct SuggestionRules {
  /// How sure a suggestion is when the criteria's Videos section names the recording.
  static let namedRecordingConfidence = 0.9
  /// How sure a suggestion is when the recording is only attributed to the component.
  static let attributedRecordingConfidence = 0.75
  /// How much less sure a hint is than a role or state: it conveys the role only indirectly.
  static let hintDiscount = 0.15

  /// What the rules need to know of a recording.
  struct Recording: Sendable {
    var path: String
    var sha256: String
    var platform: Platform
    /// Whether the criteria's Videos section names it.
    var namedByCriteria: Bool
    var durationMilliseconds: Int64?
  }

  /// A caption cue, or a phrase Exhibit heard (with the recogniser's confidence).
  struct Cue: Sendable {
    var start: Int64
    var end: Int64
    var text: String
    var captionFile: String?
    /// For a heard phrase, how sure the recogniser was (0 to 1); nil for a caption.
    var heardConfidence: Double? = nil
  }

  /// A live link the recording already has.
  struct ExistingLink: Sendable {
    var item: String
    var start: Int64?
    var end: Int64?
  }

  let component: ComponentID
  private let screenReaderItems: [StoredCriteriaItem]
  private let roleWords: [String]

  /// Rules for a component's current items.
  init(component: ComponentID, items: [StoredCriteriaItem]) {
    self.component = component
    let spoken = items.filter { $0.section == .screenreader && !$0.notApplicable }
    screenReaderItems = spoken
    let role = spoken.first { $0.key.name == "screenreader.role" }
    roleWords = CueEvidence.roleWords(
      component: component.description, roleExpectation: role?.expectation ?? "")
  }

  /// Whether the component has a role or state item for cues to speak to.
  var hasScreenReaderItems: Bool { item("role") != nil || item("state") != nil }

  private func item(_ label: String) -> StoredCriteriaItem? {
    screenReaderItems.first { $0.key.name == "screenreader.\(label)" }
  }

  /// The suggestions of one recording's cues, in cue order.
  func suggestions(recording: Recording, cues: [Cue], existing: [ExistingLink]) -> [Suggestion] {
    // Links already there, by item: an exact one is found at once, a longer one by overlap.
    var exact = Set<String>()
    var spans: [String: [(Int64?, Int64?)]] = [:]
    for link in existing {
      if let from = link.start, let to = link.end { exact.insert("\(link.item)|\(from)|\(to)") }
      spans[link.item, default: []].append((link.start, link.end))
    }
    let base = recording.namedByCriteria ? Self.namedRecordingConfidence : Self.attributedRecordingConfidence
    let duration = recording.durationMilliseconds ?? Int64.max
    var result: [Suggestion] = []
    // A cue past the recording's end shows nothing of it.
    for cue in cues where cue.start < duration {
      let start = cue.start
      let end = max(min(cue.end, duration), start + 1)
      var seen = Set<String>()
      for match in CueEvidence.matches(in: cue.text, roleWords: roleWords) {
        guard let target = item(match.aspect.itemLabel), target.platforms.contains(recording.platform),
          seen.insert(target.key.description).inserted
        else { continue }
        let covered =
          exact.contains("\(target.key)|\(start)|\(end)")
          || (spans[target.key.description] ?? []).contains { from, to in
            guard let from, let to else { return true }
            return from < end && to > start
          }
        if covered { continue }
        let said =
          switch match.aspect {
          case .role: "says the role \"\(match.words)\""
          case .state: "says the state \"\(match.words)\""
          case .hint: "gives the hint \"\(match.words)\", which conveys the role"
          }
        let source =
          recording.namedByCriteria
          ? "a recording the criteria's Videos section names" : "a recording attributed to \(component)"
        let sure = match.aspect == .hint ? base - Self.hintDiscount : base
        var suggestion = Suggestion(
          recording: RecordingRef(sha256: recording.sha256, path: recording.path), item: target.key,
          fromSeconds: Double(start) / 1000, toSeconds: Double(end) / 1000,
          reason: String(
            format: "the cue at %.2f s, \"%@\", %@ (%@)", Double(start) / 1000, cue.text, said, source),
          confidence: sure, captionFile: cue.captionFile)
        if let heard = cue.heardConfidence {
          // What Exhibit heard is as sure as the recogniser was, and says it was heard.
          suggestion = Suggestion(
            recording: suggestion.recording, item: target.key, fromSeconds: suggestion.fromSeconds,
            toSeconds: suggestion.toSeconds,
            reason: String(
              format: "Exhibit heard \"%@\" at %.2f s (confidence %.2f; no captions), which %@ (%@)",
              cue.text,
              Double(start) / 1000, heard, said, source),
            confidence: (sure * heard * 100).rounded() / 100, captionFile: nil, heard: true)
        }
        result.append(suggestion)
      }
    }
    return result
  }
}
