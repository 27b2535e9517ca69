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

extension SearchResults {
  /// The results of every source's best hits, written once for both engines: the hits ranked by
  /// ``SearchHit/ranksBefore(_:)`` (heard phrases last, then score, kind and snippet), the first `limit` kept and grouped by component, the kinds
  /// where more matched than were ranked, and how many matched in all.
  package init(_ request: SearchRequest, _ query: SearchQuery, found: [SearchFound]) {
    let ranked = found.flatMap(\.hits).sorted { $0.ranksBefore($1) }
    let capped = Set(found.filter(\.capped).map(\.kind))
    self.init(
      query: request.text, expression: query.expression, ranked: Array(ranked.prefix(request.limit)),
      capped: SearchKind.allCases.filter(capped.contains), matched: found.reduce(0) { $0 + $1.matched })
  }
}

/// One source's best hits, whether more matched than were ranked, and how many matched (up to
/// ``SearchRequest/candidateCap`` and one more).
package struct SearchFound: Sendable {
  /// The kind the hits are filed under.
  package var kind: SearchKind
  /// The best hits, with their snippets.
  package var hits: [SearchHit]
  /// Whether more matched than were ranked.
  package var capped: Bool
  /// How many matched, up to the cap and one more.
  package var matched: Int

  /// - Parameters:
  ///   - kind: The kind the hits are filed under.
  ///   - hits: The best hits, with their snippets.
  ///   - capped: Whether more matched than were ranked.
  ///   - matched: How many matched, up to the cap and one more.
  package init(kind: SearchKind, hits: [SearchHit], capped: Bool, matched: Int) {
    self.kind = kind
    self.hits = hits
    self.capped = capped
    self.matched = matched
  }
}
