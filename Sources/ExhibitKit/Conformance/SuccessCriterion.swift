/// One success criterion of WCAG 2.2: its number (`1.4.4`), W3C's slug (`resize-text`), its
/// handle (W3C's short title), its level and the version that added it.
public struct SuccessCriterion: Sendable, Equatable, Codable {
  /// A conformance level of WCAG.
  public enum Level: String, Sendable, Codable, CaseIterable, Comparable {
    case a = "A"
    case aa = "AA"
    case aaa = "AAA"

    public static func < (left: Level, right: Level) -> Bool {
      allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
    }
  }

  public let number: String
  public let slug: String
  public let handle: String
  /// Nil for 4.1.1, obsolete and removed in WCAG 2.2.
  public let level: Level?
  public let since: String

  /// The criterion's text in the standard.
  public var url: String { "https://www.w3.org/TR/WCAG22/#\(slug)" }
}
