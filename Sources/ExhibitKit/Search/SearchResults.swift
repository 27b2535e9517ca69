/// The hits of one search, grouped by component.
public struct SearchResults: Sendable, Equatable, Encodable {
  /// The query as typed.
  public let query: String
  /// The FTS5 expression it was read as.
  public let expression: String
  /// Hits grouped by component (the group with the best hit first, unattributed last), best
  /// first within a group.
  public let hits: [SearchHit]
  /// Where more than ``SearchRequest/candidateCap`` entries matched: there the hits are the best
  /// of the newest that many, and more words or a filter would rank them all.
  public let cappedKinds: [SearchKind]
  /// How many entries matched, of which ``hits`` are the best (at least this many where a kind
  /// was capped).
  public let matched: Int
  /// Whether the list is cut: the limit left hits out, or a kind was capped.
  public var capped: Bool { matched > hits.count || !cappedKinds.isEmpty }

  private enum CodingKeys: String, CodingKey {
    case query, expression, hits, matched, capped
    case cappedKinds = "capped_kinds"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(query, forKey: .query)
    try container.encode(expression, forKey: .expression)
    try container.encode(matched, forKey: .matched)
    try container.encode(capped, forKey: .capped)
    try container.encode(cappedKinds, forKey: .cappedKinds)
    try container.encode(hits, forKey: .hits)
  }

  /// Groups ranked hits by component.
  ///
  /// - Parameters:
  ///   - query: The query as typed.
  ///   - expression: The FTS5 expression it was read as.
  ///   - ranked: Hits, best first.
  ///   - capped: Kinds where more matched than were ranked.
  ///   - matched: How many entries matched in all; the hits' count when nil.
  public init(
    query: String, expression: String, ranked: [SearchHit], capped: [SearchKind] = [], matched: Int? = nil
  ) {
    self.query = query
    self.expression = expression
    self.cappedKinds = capped
    self.matched = max(matched ?? ranked.count, ranked.count)
    var order: [ComponentID?] = []
    var groups: [ComponentID?: [SearchHit]] = [:]
    for hit in ranked {
      if groups[hit.component] == nil { order.append(hit.component) }
      groups[hit.component, default: []].append(hit)
    }
    let attributed = order.filter { $0 != nil }
    let unattributed = order.filter { $0 == nil }
    self.hits = (attributed + unattributed).flatMap { groups[$0] ?? [] }
  }
}
