/// A search as a reviewer asks it.
public struct SearchRequest: Sendable {
  /// The query text, read by ``SearchQuery``.
  public var text: String
  /// Only hits of this component: `native/checkbox`, or a bare slug only one family has.
  public var component: String?
  /// Only hits that apply to this platform.
  public var platform: Platform?
  /// Where to look; empty means everywhere.
  public var kinds: Set<SearchKind>
  /// The most hits to return, best first.
  public var limit: Int
  /// Only notes of this audit's links, as a user names it; nil for every audit's. Criteria,
  /// captions and recordings are shared by every audit.
  public var audit: String?

  /// The kinds searched: every kind when none is named; heard phrases whenever captions are.
  package var searchedKinds: Set<SearchKind> {
    guard !kinds.isEmpty else { return Set(SearchKind.allCases) }
    return kinds.contains(.captions) ? kinds.union([.heard]) : kinds
  }

  /// The number of hits a search returns unless told otherwise.
  public static let defaultLimit = 20
  /// How many of the newest matches of each index are ranked. Beyond it, ranking every match of a
  /// common word would cost time in proportion to the whole index; the results say when it applied.
  public static let candidateCap = 1000

  /// Creates a request.
  public init(
    _ text: String, component: String? = nil, platform: Platform? = nil, kinds: Set<SearchKind> = [],
    limit: Int = SearchRequest.defaultLimit, audit: String? = nil
  ) {
    self.audit = audit
    self.text = text
    self.component = component
    self.platform = platform
    self.kinds = kinds
    self.limit = limit
  }
}
