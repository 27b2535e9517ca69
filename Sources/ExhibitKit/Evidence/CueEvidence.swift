import Foundation

/// What a caption cue says about a screen-reader criterion: the role, a state, or the hint.
///
/// Cues are what the screen reader said, so "Set as default, checkbox, not checked" is evidence
/// for the role item (it said "checkbox") and the state item (it said "not checked"), and
/// "Double tap to toggle" for the role item (Android's hint conveys the role).
public enum CueEvidence {
  /// What a cue is evidence of.
  public enum Aspect: String, Sendable, Equatable, Codable {
    case role
    case state
    case hint

    /// The label slug of the item a match is evidence for.
    var itemLabel: String { self == .state ? "state" : "role" }
  }

  /// One match in one cue.
  public struct Match: Sendable, Equatable {
    public let aspect: Aspect
    /// The words that matched, as the cue wrote them (lowercased).
    public let words: String
  }

  /// Roles a screen reader announces, and how they are written.
  static let roleWords = [
    "checkbox", "check box", "tick box", "button", "switch", "toggle button", "radio button", "link",
    "heading",
    "tab", "slider", "adjustable", "menu", "combo box", "text field", "image", "popup button",
  ]

  /// States, longest first so "not checked" is found before "checked".
  static let stateWords = [
    "partially checked", "not checked", "unchecked", "checked", "not selected", "unselected", "selected",
    "dimmed",
    "disabled", "unavailable", "expanded", "collapsed", "not pressed", "pressed", "mixed",
  ]

  /// How hints begin.
  static let hintPhrases = [
    "double tap to", "double-tap to", "double tap and hold", "press space to", "press enter to",
    "to activate", "to toggle",
  ]

  /// The role words that mean this component: its own name, and any role its role criterion
  /// names (a checkbox may be announced as a button on iOS).
  public static func roleWords(component: String, roleExpectation: String) -> [String] {
    let slug = component.split(separator: "/").last.map { $0.replacingOccurrences(of: "-", with: " ") } ?? ""
    var words = [slug]
    let expectation = roleExpectation.lowercased()
    for word in roleWords where contains(expectation, word) && !words.contains(word) { words.append(word) }
    if slug == "checkbox" { words += ["check box", "tick box"] }
    return words
  }

  /// The matches in one cue's text.
  public static func matches(in text: String, roleWords: [String]) -> [Match] {
    let lowered = text.lowercased()
    var result: [Match] = []
    if let role = roleWords.first(where: { contains(lowered, $0) }) {
      result.append(Match(aspect: .role, words: role))
    }
    if let state = stateWords.first(where: { contains(lowered, $0) }) {
      result.append(Match(aspect: .state, words: state))
    }
    if let hint = hintPhrases.first(where: { lowered.contains($0) }) {
      result.append(Match(aspect: .hint, words: hint))
    }
    return result
  }

  /// Whether `phrase` occurs in `text` as whole words.
  static func contains(_ text: String, _ phrase: String) -> Bool {
    var searchRange = text.startIndex..<text.endIndex
    while let found = text.range(of: phrase, range: searchRange) {
      let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      let isBoundary = { (character: Character?) in character.map { !$0.isLetter && !$0.isNumber } ?? true }
      if isBoundary(before) && isBoundary(after) { return true }
      searchRange = found.upperBound..<text.endIndex
    }
    return false
  }
}
