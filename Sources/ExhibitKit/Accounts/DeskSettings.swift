import Foundation

/// How one account's desk answers: the key of each action on the recording page (pressed alone
/// outside a text field, or with Alt anywhere, while typing a note too) and the reaction time
/// taken off a mark set while the recording plays.
public struct DeskSettings: Sendable, Equatable, Codable {
  /// What a key does at the desk.
  public enum Action: String, Sendable, Codable, CaseIterable {
    case playPause = "play-pause"
    case back
    case forward
    case markStart = "mark-start"
    case markEnd = "mark-end"
    case playSegment = "play-segment"
    case loop
    case focusItem = "focus-item"
    case previousCue = "previous-cue"
    case nextCue = "next-cue"
    case nextUnjudged = "next-unjudged"

    /// Its key unless an account changes it.
    public var standardKey: String {
      switch self {
      case .playPause: "k"
      case .back: "b"
      case .forward: "n"
      case .markStart: "i"
      case .markEnd: "o"
      case .playSegment: "p"
      case .loop: "l"
      case .focusItem: "j"
      case .previousCue: "["
      case .nextCue: "]"
      case .nextUnjudged: "u"
      }
    }

    /// What it does, in words.
    public var description: String {
      switch self {
      case .playPause: "Play or pause"
      case .back: "Back 1 second (with Shift, 5 seconds)"
      case .forward: "Forward 1 second (with Shift, 5 seconds)"
      case .markStart: "Mark the start of the segment"
      case .markEnd: "Mark the end of the segment"
      case .playSegment: "Play the marked segment, then pause at its end"
      case .loop: "Loop the marked segment, or stop looping"
      case .focusItem: "Move to the item field of the judging form"
      case .previousCue: "Go to the previous caption cue or stretch of speech"
      case .nextCue: "Go to the next caption cue or stretch of speech"
      case .nextUnjudged: "Choose the next item this recording has no verdict for"
      }
    }
  }

  /// Seconds taken off a mark set while the recording plays: the time between hearing a moment
  /// and pressing the key.
  public var reactionSeconds: Double
  /// Each action's key: one lower-case letter, digit 5 to 9, or `[ ] ; ' / - = \``.
  public var keys: [Action: String]

  /// The standard: 0.25 s, and each action's standard key.
  public static let standard = DeskSettings(
    reactionSeconds: 0.25,
    keys: Dictionary(uniqueKeysWithValues: Action.allCases.map { ($0, $0.standardKey) }))

  /// The longest reaction time taken off a mark, in seconds.
  public static let longestReaction = 2.0
  /// Keys an action may have: the fixed keys (space, arrows, `,` `.` `<` `>` `?`, the verdicts'
  /// 1 to 4) are not among them.
  static let allowedKeys = Set("abcdefghijklmnopqrstuvwxyz56789[];'/-=`".map(String.init))

  public init(reactionSeconds: Double, keys: [Action: String]) {
    self.reactionSeconds = reactionSeconds
    self.keys = keys
  }

  /// Settings as a form gives them, checked: the reaction time in seconds, and each action's key
  /// (an action left out keeps its standard key).
  /// - Throws: ``DeskSettingsError`` naming what is wrong.
  public static func checked(reaction: String, keys: [Action: String]) throws -> DeskSettings {
    let text = reaction.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= longestReaction else {
      throw DeskSettingsError(
        description: "the reaction time must be seconds from 0 to \(Int(longestReaction)), such as 0.25")
    }
    var chosen = standard.keys
    for (action, key) in keys {
      let key = key.trimmingCharacters(in: .whitespaces).lowercased()
      guard allowedKeys.contains(key) else {
        throw DeskSettingsError(
          description: "\(action.description): \(key.isEmpty ? "no key" : "\"\(key)\"") cannot be a key; "
            + "choose a letter, a digit from 5 to 9, or one of [ ] ; ' / - = `")
      }
      chosen[action] = key
    }
    var seen: [String: Action] = [:]
    for action in Action.allCases {
      let key = chosen[action] ?? action.standardKey
      if let other = seen[key] {
        throw DeskSettingsError(
          description:
            "\"\(key)\" is the key of both \(other.description.lowercased()) and \(action.description.lowercased())"
        )
      }
      seen[key] = action
    }
    return DeskSettings(reactionSeconds: (seconds * 1000).rounded() / 1000, keys: chosen)
  }

  /// The key of `action`.
  public func key(_ action: Action) -> String { keys[action] ?? action.standardKey }

  /// As stored and as the page's script reads it: `{"keys": {"play-pause": "k", ...},
  /// "reaction_seconds": 0.25}`.
  public var json: String {
    let object: [String: Any] = [
      "reaction_seconds": reactionSeconds,
      "keys": Dictionary(uniqueKeysWithValues: Action.allCases.map { ($0.rawValue, key($0)) }),
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// Settings read from their JSON; what is missing or not understood keeps the standard.
  public init(json: String) {
    let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    var keys = Self.standard.keys
    for (name, key) in object["keys"] as? [String: String] ?? [:] {
      if let action = Action(rawValue: name), Self.allowedKeys.contains(key) { keys[action] = key }
    }
    let reaction = (object["reaction_seconds"] as? NSNumber)?.doubleValue ?? Self.standard.reactionSeconds
    self.init(
      reactionSeconds: (0...Self.longestReaction).contains(reaction)
        ? reaction : Self.standard.reactionSeconds,
      keys: keys)
  }
}

/// Why desk settings cannot be kept.
public struct DeskSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
  public let description: String
}
