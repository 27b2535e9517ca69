/// What a search looks through; a hit's `kind` says which one it came from.
public enum SearchKind: String, Sendable, Codable, CaseIterable {
  /// Criteria items (label, expectation), Gherkin steps, developer notes, announcements.
  case criteria
  /// Caption cues: what the screen reader said, with the cue's time.
  case captions
  /// Recording file names.
  case recordings
  /// Notes auditors wrote on evidence links (retracted links excluded).
  case notes
  /// Phrases Exhibit heard in recordings (`exhibit listen`): its guess, never a caption; a
  /// search of captions includes them, ranked below every other hit.
  case heard
}
