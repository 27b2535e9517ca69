/// Where a catalogue is searched: the seam ``Store`` (SQLite, FTS5 and bm25) and ExhibitPostgres'
/// `PostgresCatalogue` (tsvector and GIN) implement. Both read the query as ``SearchQuery`` reads
/// it, take the same filters and answer with the same JSON; they find the same hits, which they may
/// rank in another order.
public protocol SearchStorage {
  /// Searches the catalogue.
  /// - Parameter request: The query, filters and limit.
  /// - Returns: At most `limit` hits, best first, grouped by component.
  /// - Throws: ``SearchError``, ``LookupError`` for an unknown or ambiguous component, or the
  ///   backend's error.
  func search(_ request: SearchRequest) async throws -> SearchResults
}
