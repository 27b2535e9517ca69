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
    // What people wrote (criteria and link notes) on one connection, what was recorded and
    // heard on another, at once: on two cores a search of every kind takes about as long as its
    // larger half, and link notes, the costliest after captions, do not wait for them. Each half
    // reads in one snapshot of its own, and reads the filters there.
    let written: Set<SearchKind> = [.criteria, .notes]
    async let writing = found(sources.filter { written.contains($0.kind) }, request, query)
    async let recorded = found(sources.filter { !written.contains($0.kind) }, request, query)
    return SearchResults(request, query, found: try await writing + recorded)
  }

  /// Each source's best hits, in one read snapshot on one connection.
  private func found(_ sources: [SearchSource], _ request: SearchRequest, _ query: SearchQuery)
    async throws -> [SearchFound]
  {
    guard !sources.isEmpty else { return [] }
    return try await withConnection { connection in
      let sql = connection.sql
      return try sql.reading {
        let filters = try SearchFilters(request, kinds: Set(sources.map(\.kind)), on: sql)
        let text = TextSearchQuery(query)
        // A phrase's cues are read in ranges of ids from the newest (``CaptionWindows``).
        let phrase = sources.contains { $0.kind == .captions } && text.pairs != nil
        let windows = try phrase ? Self.captionWindows(sql) : nil
        return try sources.map { source in
          let (statement, values) = Self.ranking(
            source, text, filters, limit: request.limit, windows: source.kind == .captions ? windows : nil)
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

  /// The ranges of cue ids captions are read in, from the newest cue in this snapshot.
  private static func captionWindows(_ sql: any CatalogueSQL) throws -> CaptionWindows {
    let newest: Int64?? = try sql.query("SELECT max(id) AS newest FROM caption_cue", []).first?.decode(
      "newest")
    return CaptionWindows(newest: newest ?? nil)
  }

  /// The statement ranking one source's matches as SQLite ranks its own: the matches the
  /// source's scoping rules admit, newest first, of which only the newest
  /// ``SearchRequest/candidateCap`` are ranked, so a common word costs a bounded amount of work;
  /// the best `limit` read with their details and snippet, with the number of candidates beside.
  /// The query is written into `matched` itself, not read from a CTE, so the planner sees its
  /// words and can tell a common one (read newest first along the primary key until the cap)
  /// from a rare one (read from the GIN index). Cues are matched as
  /// ``captionMatches(_:_:windows:values:)`` says.
  private static func ranking(
    _ source: SearchSource, _ text: TextSearchQuery, _ filters: SearchFilters, limit: Int,
    windows: CaptionWindows?
  ) -> (sql: String, values: [any SQLBindable]) {
    let alias = source.alias
    var values: [any SQLBindable] = text.values
    let matches: String
    if source.kind == .captions {
      matches = captionMatches(text, filters, windows: windows, values: &values)
    } else {
      let scope = source.predicate(filters)
      values += scope.values
      matches = """
        SELECT \(alias).id, \(alias).search FROM \(source.from(filters))
        WHERE \(alias).search @@ (\(text.sql)) AND \(scope.sql)
        ORDER BY \(alias).id DESC LIMIT \(SearchRequest.candidateCap + 1)
        """
    }
    return (
      """
      WITH matched AS MATERIALIZED (\(matches)),
      q AS (SELECT \(text.sql) AS query),
      best AS (SELECT m.id, -ts_rank(m.search, q.query) AS score FROM matched m CROSS JOIN q
               ORDER BY score, m.id DESC LIMIT \(limit))
      SELECT \(source.detailColumns), b.score, (SELECT count(*) FROM matched) AS candidates,
        \(snippet(source.snippetColumns)) AS snippet
      FROM best b CROSS JOIN q JOIN (\(source.detailTables)) ON \(alias).id = b.id
      ORDER BY b.score, b.id DESC
      """,
      values
    )
  }

  /// The newest cues matching `text` under `filters`, up to the cap and one more, their values
  /// added to `values`. A cue's vector holds its words' pairs (migration 006) and its blocks of
  /// ids (migration 019), so a phrase's matches are read in `windows`, newest first, until the
  /// cap is reached (``CaptionWindows``); the filters are ``captionFilter(_:values:)``'s.
  private static func captionMatches(
    _ text: TextSearchQuery, _ filters: SearchFilters, windows: CaptionWindows?,
    values: inout [any SQLBindable]
  ) -> String {
    let cap = SearchRequest.candidateCap + 1
    let scope = captionFilter(filters, values: &values)
    guard let windows, let pairs = text.pairs else {
      return """
        SELECT c.id, c.search FROM caption_cue c WHERE c.search @@ (\(text.pairedSQL))\(scope)
        ORDER BY c.id DESC LIMIT \(cap)
        """
    }
    // Each range a branch of its own, planned with its block: the index finds the pairs' cues
    // there, and each row's vector says whether it says the query (`ts_match_vq` is `@@` written
    // as a function, which the planner leaves to the rows rather than asking the index for every
    // word of the phrase as well); the limit stops at the range that completes the cap, and the
    // ranges after it are never read.
    let ranges = windows.windows.map { window in
      let block = window.query.map { " && \($0)" } ?? ""
      return """
        (SELECT c.id, c.search FROM caption_cue c
         WHERE c.search @@ ((\(pairs))\(block))\(scope) AND ts_match_vq(c.search, \(text.sql))
           AND \(window.condition("c"))
         ORDER BY c.id DESC LIMIT \(cap))
        """
    }
    return "SELECT * FROM (\(ranges.joined(separator: " UNION ALL "))) w LIMIT \(cap)"
  }

  /// The conditions `filters` put on cues aliased `c`, starting with ` AND`, their values added
  /// to `values`: the platform each cue keeps (migration 019), checked where the cue lies, and
  /// the component's recordings' tracks, which the planner may read first (a component has few)
  /// or look each cue up in.
  private static func captionFilter(_ filters: SearchFilters, values: inout [any SQLBindable]) -> String {
    var conditions = ""
    if let component = filters.component {
      values += [component.family.rawValue, component.slug]
      conditions += """
         AND c.track_id IN (SELECT t.id FROM caption_track t JOIN recording r ON r.id = t.recording_id
                           WHERE r.family = ?\(values.count - 1) AND r.component = ?\(values.count))
        """
    }
    if let platform = filters.platform {
      values.append(platform.rawValue)
      conditions += " AND c.platform = ?\(values.count)"
    }
    return conditions
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
