import Crypto
import ExhibitModel
import Foundation

/// The phrases Exhibit listens for in a recording: what screen readers say (roles, states, hints,
/// positions), the components the workspace's criteria describe, and the announcements its
/// criteria quote. Keyword spotting finds a small vocabulary far better than free transcription
/// finds anything, and screen readers speak a small vocabulary.
///
/// Each phrase is written lower case in words ("heading level two", "one of four"); how sure the
/// spotter must be of it depends on its length (``SpottingThreshold``).
public struct ListeningVocabulary: Sendable, Equatable {
  /// The phrases, normalised, in the order they were added, without repeats.
  public let phrases: [String]

  /// The most phrases listened for: each is a search of its own, so listening slows with many.
  public static let largest = 200

  /// Phrases of every workspace, then those of `announcements` (component names, announcement
  /// examples and what criteria quote a screen reader saying), up to ``largest``.
  public init(announcements: [String] = []) {
    var seen = Set<String>()
    var phrases: [String] = []
    for phrase in Self.standardPhrases + announcements.flatMap(Self.phrases(in:)) {
      let normal = Self.normalise(phrase)
      // A word of three letters or fewer ("tab", "on") is too short to spot without spotting it
      // everywhere.
      // "check box" and "checkbox" are one phrase: the first written is kept.
      guard normal.count > 3, phrases.count < Self.largest,
        seen.insert(normal.replacingOccurrences(of: " ", with: "")).inserted
      else { continue }
      phrases.append(normal)
    }
    self.phrases = phrases
  }

  /// Phrases already normalised, kept as they are (a helper is sent a vocabulary this way).
  init(phrases: [String]) {
    self.phrases = phrases
  }

  /// The fewest phones a phrase may have: a shorter one ("hour", "both") is spotted everywhere.
  public static let fewestPhones = 4

  /// The SHA-256 of the phrases and the threshold rule (``SpottingThreshold/current``), stored
  /// with what was heard so a later listen knows whether the vocabulary changed.
  public var sha256: String {
    let rule = "\(SpottingThreshold.current.rule), at least \(Self.fewestPhones) phones"
    return SHA256.hash(data: Data((phrases + [rule]).joined(separator: "\n").utf8)).hexString
  }

  /// The phrases an announcement offers: each comma-separated part ("Email me updates,
  /// checkbox, not checked") of one to four words, leaving out what is in parentheses (the
  /// criteria's remarks: "(grouping)"). A note about announcements offers only what it quotes.
  public static func phrases(in announcement: String) -> [String] {
    let quoted = quotations(in: announcement)
    if !quoted.isEmpty { return quoted.flatMap(phrases(in:)) }
    var text = ""
    var depth = 0
    for character in announcement {
      if character == "(" {
        depth += 1
      } else if character == ")" {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        text.append(character)
      }
    }
    // A sentence about announcements, not one.
    guard text.split(separator: " ").count <= 16 else { return [] }
    return text.split(whereSeparator: { ",.;:!?".contains($0) }).compactMap { part in
      let words = normalise(String(part)).split(separator: " ")
      return (1...4).contains(words.count) ? words.joined(separator: " ") : nil
    }
  }

  /// The quoted stretches of a text (`I hear "Checkbox, not checked"`): what criteria say a
  /// screen reader announces.
  public static func quotations(in text: String) -> [String] {
    var found: [String] = []
    var quoted = ""
    var inQuote = false
    for character in text {
      if character == "\"" || character == "“" || character == "”" {
        if inQuote { found.append(quoted) }
        quoted = ""
        inQuote.toggle()
      } else if inQuote {
        quoted.append(character)
      }
    }
    return found
  }

  /// Lower case, numbers up to 99 in words, everything but letters and apostrophes a space,
  /// single spaces.
  public static func normalise(_ text: String) -> String {
    var words: [String] = []
    for raw in text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }) {
      if let number = Int(raw) {
        guard let spoken = spokenNumber(number) else { return "" }
        words.append(spoken)
      } else if raw.allSatisfy({ $0.isASCII }) {
        words.append(String(raw))
      } else {
        return ""
      }
    }
    return words.joined(separator: " ")
  }

  private static let units = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
  ]
  private static let tens = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
  ]

  /// A number from 0 to 99 as it is said, nil above.
  static func spokenNumber(_ number: Int) -> String? {
    switch number {
    case 0..<20: units[number]
    case 20..<100: number % 10 == 0 ? tens[number / 10] : "\(tens[number / 10]) \(units[number % 10])"
    default: nil
    }
  }

  /// What the four screen readers say about controls, in our words: roles, states, hints and
  /// positions. The words themselves are the screen readers' vocabulary; the list is ours.
  public static let standardPhrases: [String] = {
    let roles = [
      "button", "link", "checkbox", "radio button", "switch", "toggle button", "slider",
      "heading", "edit text", "text field", "combo box", "menu", "menu item", "list", "image",
      "dialog", "alert", "table", "navigation", "banner", "region", "group", "pop up button", "adjustable",
      "visited link", "selected", "tab list", "landmark", "clickable", "editable", "search field",
    ]
    let states = [
      "checked", "not checked", "unchecked", "not selected", "expanded", "collapsed", "pressed",
      "not pressed", "dimmed", "disabled", "unavailable", "required", "invalid entry", "read only",
      "half checked", "partially checked", "mixed", "busy",
    ]
    let hints = [
      "double tap to activate", "double tap to toggle", "double tap to select", "double tap to expand",
      "double tap to collapse", "double tap and hold", "swipe up or down to adjust", "actions available",
      "to activate press space bar", "press space to check", "use arrow keys", "entering", "leaving",
      "out of list", "blank",
    ]
    let headings = (1...6).map { "heading level \(units[$0])" }
    let positions = (2...6).flatMap { total in (1...total).map { "\(units[$0]) of \(units[total])" } }
    return roles + states + hints + headings + positions
  }()
}
