import ExhibitKit
import ExhibitStorage

// Searching the catalogue on PostgreSQL: ExhibitKit's sources, scoping rules and hits
// (`SearchSource`, `SearchFilters`), ranked over tsvector columns with GIN indexes (migrations 4,
// 6 and 7) by `ts_rank`, negated so that lower is better as bm25 is; the hits are the same set
// as SQLite's, not in the same order. Snippets are ts_headline's (`exhibit_headline`), marked as
// SQLite marks them.

extension PostgresCatalogue {
  /// Searches the catalogue (``SearchRequest``).
  /// - Returns: At most `limit` hits, best first, grouped by component.
  /// - Throws: `SearchError`, `LookupError` for an unknown or ambiguous component, `AuditError`
  ///   for an unknown audit, or `PostgresStoreError`.
  public func search(_ request: SearchRequest) async throws -> SearchResults {
    guard request.limit >= 1 else { throw SearchError.badLimit(request.limit) }
    let query = try SearchQuery(request.text)
    let kinds = request.searchedKinds
    let sources = SearchSource.all.filter { kinds.contains($0.kind) }
    // Criteria on one connection, what was recorded on another, at once: on two cores a search
    // of every kind takes about as long as its larger half. Each half reads in one snapshot of
    // its own, and reads the filters there.
    async let criteria = found(sources.filter { $0.kind == .criteria }, request, query)
    async let recorded = found(sources.filter { $0.kind != .criteria }, request, query)
    return SearchResults(request, query, found: try await criteria + recorded)
  }

  /// Each source's best hits, in one read snapshot on one connection.
  private func found(_ sources: [SearchSource], _ request: SearchRequest, _ query: SearchQuery)
    async throws -> [SearchFound]
  {
    guard !sources.isEmpty else { return [] }
    return try await withConnection { connection in
      let sql = connection.sql
      return try sql.reading {
        let filters = try SearchFilters(
          request, kinds: Set(sources.map(\.kind)), on: sql, currentDocuments: .selected)
        return try sources.map { source in
          let (statement, values) = Self.ranking(source, query, filters, limit: request.limit)
          var hits: [SearchHit] = []
          var matched = 0
          for row in try sql.query(statement, values) {
            matched = try row.decode("candidates")
            let hit = try source.hit(
              row, filters, score: try row.decode("score"), snippet: try row.decode("snippet"))
            if let hit { hits.append(hit) }
          }
          return SearchFound(
            kind: source.kind, hits: hits, capped: matched > SearchRequest.candidateCap, matched: matched)
        }
      }
    }
  }

  /// The statement ranking one source's matches as SQLite ranks its own: the matches the
  /// source's scoping rules admit, newest first, of which only the newest
  /// ``SearchRequest/candidateCap`` are ranked, so a common word costs a bounded amount of work;
  /// the best `limit` read with their details and snippet, with the number of candidates beside.
  /// The query is written into `matched` itself, not read from a CTE, so the planner sees its
  /// words and can tell a common one (read newest first along the primary key until the cap)
  /// from a rare one (read from the GIN index); on cues, a phrase's word pairs are lexemes the
  /// planner has statistics for too (migration 006).
  private static func ranking(
    _ source: SearchSource, _ query: SearchQuery, _ filters: SearchFilters, limit: Int
  ) -> (sql: String, values: [any SQLBindable]) {
    let text = TextSearchQuery(query)
    let scope = source.predicate(filters)
    let alias = source.alias
    let matching = source.kind == .captions ? text.pairedSQL : text.sql
    return (
      """
      WITH matched AS MATERIALIZED (
        SELECT \(alias).id, \(alias).search FROM \(source.from(filters))
        WHERE \(alias).search @@ (\(matching)) AND \(scope.sql)
        ORDER BY \(alias).id DESC LIMIT \(SearchRequest.candidateCap + 1)),
      q AS (SELECT \(text.sql) AS query),
      best AS (SELECT m.id, -ts_rank(m.search, q.query) AS score FROM matched m CROSS JOIN q
               ORDER BY score, m.id DESC LIMIT \(limit))
      SELECT \(source.detailColumns), b.score, (SELECT count(*) FROM matched) AS candidates,
        \(snippet(source.snippetColumns)) AS snippet
      FROM best b CROSS JOIN q JOIN (\(source.detailTables)) ON \(alias).id = b.id
      ORDER BY b.score, b.id DESC
      """,
      text.values + scope.values
    )
  }

  /// The headline of a hit's text; of two columns, the second when it matches, else the first.
  private static func snippet(_ columns: [String]) -> String {
    guard columns.count == 2 else { return "exhibit_headline(\(columns[0]), q.query)" }
    return """
      CASE WHEN to_tsvector('exhibit_search', exhibit_search_words(\(columns[1]))) @@ q.query
        THEN exhibit_headline(\(columns[1]), q.query) ELSE exhibit_headline(\(columns[0]), q.query) END
      """
  }
}
