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
  public let capped: [SearchKind]

  /// Groups ranked hits by component.
  ///
  /// - Parameters:
  ///   - query: The query as typed.
  ///   - expression: The FTS5 expression it was read as.
  ///   - ranked: Hits, best first.
  ///   - capped: Kinds where more matched than were ranked.
  public init(query: String, expression: String, ranked: [SearchHit], capped: [SearchKind] = []) {
    self.query = query
    self.expression = expression
    self.capped = capped
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
