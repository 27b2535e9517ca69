/// Which of an item's carried verdicts a confirmation takes: those on a platform, with a screen
/// reader, or both; nothing named takes the item's only carried column.
public struct CarriedColumn: Sendable, Equatable {
  public var platform: Platform?
  /// A screen reader's name (`talkback`), as links record it.
  public var assistiveTech: String?

  public init(platform: Platform? = nil, assistiveTech: String? = nil) {
    self.platform = platform
    self.assistiveTech = assistiveTech
  }

  /// Whether anything was named.
  public var isEmpty: Bool { platform == nil && assistiveTech == nil }

  /// `android/talkback`, `ios`, or `voiceover` as a user names a column with the options.
  static func name(platform: Platform?, assistiveTech: String?) -> String {
    [platform?.rawValue, assistiveTech].compactMap { $0 }.joined(separator: "/")
  }

  var description: String { Self.name(platform: platform, assistiveTech: assistiveTech) }
}
