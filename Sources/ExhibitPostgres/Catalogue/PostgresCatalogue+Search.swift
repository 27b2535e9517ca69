import ExhibitKit
import ExhibitModel
import PostgresNIO

// Searching the catalogue on PostgreSQL: the same query language, filters and JSON as on SQLite,
// over tsvector columns with GIN indexes (migration 004). Only criteria are kept here so far, so
// only criteria are found: items, Gherkin steps, developer notes and announcement examples of each
// component's current document. Ranking is PostgreSQL's (ts_rank, negated so that lower is better
// as bm25 is), not bm25; the hits are the same set, not in the same order. Every match is ranked,
// so no kind is ever reported capped. Snippets are ts_headline's (exhibit_headline), marked as SQLite marks them.

extension PostgresCatalogue {
  /// Searches the catalogue (``SearchRequest``).
  /// - Returns: At most `limit` hits, best first, grouped by component.
  /// - Throws: `SearchError`, `LookupError` for an unknown or ambiguous component, `AuditError`
  ///   for an audit (none is kept here yet), or `PostgresStoreError`.
  public func search(_ request: SearchRequest) async throws -> SearchResults {
    guard request.limit >= 1 else { throw SearchError.badLimit(request.limit) }
    let query = try SearchQuery(request.text)
    let component: ComponentID? =
      if let name = request.component { try await resolveComponent(name) } else { nil }
    if let audit = request.audit { throw AuditError.unknownAudit(audit) }
    let kinds = request.kinds.isEmpty ? Set(SearchKind.allCases) : request.kinds
    guard kinds.contains(.criteria) else {
      return SearchResults(query: request.text, expression: query.expression, ranked: [])
    }
    let scope = Scope(query: query, component: component, platform: request.platform, limit: request.limit)
    let found = try await store.transaction(.repeatableRead) { connection in
      try await itemHits(scope, on: connection) + stepHits(scope, on: connection)
        + developerTextHits(scope, table: "developer_note", source: "developer-note", on: connection)
        + developerTextHits(scope, table: "announcement_example", source: "announcement", on: connection)
    }
    let ranked = found.sorted {
      ($0.score, $0.kind.rawValue, $0.snippet) < ($1.score, $1.kind.rawValue, $1.snippet)
    }
    return SearchResults(
      query: request.text, expression: query.expression, ranked: Array(ranked.prefix(request.limit)))
  }

  /// What every per-table query shares.
  private struct Scope {
    let query: SearchQuery
    let component: ComponentID?
    let platform: Platform?
    let limit: Int

    /// A query's SQL and bindings: `$1` the tsquery's terms onward, then the component's family and
    /// slug and the platform, then what `extra` adds.
    func statement(_ sql: (_ tsquery: String, _ family: String, _ slug: String, _ platform: String) -> String)
      -> PostgresQuery
    {
      let text = TextSearchQuery(query, firstPlaceholder: 1)
      var bindings = PostgresBindings()
      text.bind(into: &bindings)
      let next = text.values.count + 1
      bindings.append(component?.family.rawValue)
      bindings.append(component?.slug)
      bindings.append(platform?.rawValue)
      bindings.append(limit)
      let sql = sql(text.sql, "$\(next)::text", "$\(next + 1)::text", "$\(next + 2)::text")
      return PostgresQuery(
        unsafeSQL: sql.replacingOccurrences(of: "$LIMIT", with: "$\(next + 3)"), binds: bindings)
    }
  }

  /// The current documents, of one component when given.
  private static let currentDocuments = """
    SELECT document_id FROM criteria_current WHERE %F IS NULL OR (family = %F AND component = %S)
    """

  private func itemHits(_ scope: Scope, on connection: PostgresConnection) async throws -> [SearchHit] {
    let statement = scope.statement { tsquery, family, slug, platform in
      """
      WITH q AS (SELECT \(tsquery) AS query)
      SELECT i.key, i.label, i.platforms, d.family, d.component, -ts_rank(i.search, q.query) AS score,
        CASE WHEN to_tsvector('exhibit_search', exhibit_search_words(i.expectation)) @@ q.query
          THEN exhibit_headline(i.expectation, q.query) ELSE exhibit_headline(i.label, q.query) END AS snippet
      FROM criteria_item i CROSS JOIN q JOIN criteria_document d ON d.id = i.document_id
      WHERE i.search @@ q.query
        AND i.document_id IN (\(Self.documents(family, slug)))
        AND (\(platform) IS NULL OR \(platform) = ANY (string_to_array(i.platforms, ',')))
      ORDER BY score, i.id LIMIT $LIMIT
      """
    }
    return try await connection.query(statement, logger: logger).collect().map { row in
      let (key, label, platformList, family, slug, score, snippet) = try row.decode(
        (String, String, String, String, String, Double, String).self)
      let platforms = platformList.split(separator: ",").compactMap { Platform(rawValue: String($0)) }
      return SearchHit(
        kind: .criteria, source: "item", component: try Self.component(family, slug),
        platform: scope.platform ?? (platforms.count == 1 ? platforms[0] : nil), platforms: platforms,
        assistiveTech: nil, title: label, snippet: snippet, item: ItemKey(key), recording: nil,
        startSeconds: nil,
        endSeconds: nil, score: score)
    }
  }

  private func stepHits(_ scope: Scope, on connection: PostgresConnection) async throws -> [SearchHit] {
    let statement = scope.statement { tsquery, family, slug, platform in
      """
      WITH q AS (SELECT \(tsquery) AS query)
      SELECT s.text, sc.title, d.family, d.component, -ts_rank(s.search, q.query) AS score,
        exhibit_headline(s.text, q.query) AS snippet
      FROM gherkin_step s CROSS JOIN q JOIN gherkin_scenario sc ON sc.id = s.scenario_id
        JOIN criteria_document d ON d.id = sc.document_id
      WHERE s.search @@ q.query
        AND sc.document_id IN (\(Self.documents(family, slug)))
        AND (\(platform) IS NULL OR EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = sc.document_id
                                            AND \(platform) = ANY (string_to_array(i.platforms, ','))))
      ORDER BY score, s.id LIMIT $LIMIT
      """
    }
    return try await connection.query(statement, logger: logger).collect().compactMap { row in
      let (text, title, family, slug, score, snippet) = try row.decode(
        (String, String, String, String, Double, String).self)
      // A desktop platform is never answered with a mobile scenario, nor mobile with a desktop one.
      if let platform = scope.platform {
        guard GherkinFeature.fits(title, platform), GherkinFeature.fits(text, platform) else { return nil }
      }
      let component = try Self.component(family, slug)
      return SearchHit(
        kind: .criteria, source: "gherkin", component: component, platform: scope.platform,
        platforms: Platform.defaults(for: component.family), assistiveTech: nil, title: title,
        snippet: snippet,
        item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: score)
    }
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  private func developerTextHits(
    _ scope: Scope, table: String, source: String, on connection: PostgresConnection
  ) async throws -> [SearchHit] {
    let statement = scope.statement { tsquery, family, slug, platform in
      """
      WITH q AS (SELECT \(tsquery) AS query)
      SELECT n.platform, n.framework, d.family, d.component, -ts_rank(n.search, q.query) AS score,
        exhibit_headline(n.text, q.query) AS snippet
      FROM \(table) n CROSS JOIN q JOIN criteria_document d ON d.id = n.document_id
      WHERE n.search @@ q.query
        AND n.document_id IN (\(Self.documents(family, slug)))
        AND (\(platform) IS NULL OR n.platform IN (\(platform), 'general'))
      ORDER BY score, n.id LIMIT $LIMIT
      """
    }
    return try await connection.query(statement, logger: logger).collect().map { row in
      let (platformName, framework, family, slug, score, snippet) = try row.decode(
        (String, String, String, String, Double, String).self)
      let platform = Platform(rawValue: platformName)
      let component = try Self.component(family, slug)
      let title = [platform?.displayName ?? "General", framework].filter { !$0.isEmpty }.joined(
        separator: " ")
      return SearchHit(
        kind: .criteria, source: source, component: component, platform: platform ?? scope.platform,
        platforms: platform.map { [$0] } ?? Platform.defaults(for: component.family), assistiveTech: nil,
        title: title, snippet: snippet, item: nil, recording: nil, startSeconds: nil, endSeconds: nil,
        score: score)
    }
  }

  /// The current documents' ids, of one component when its family and slug are bound.
  private static func documents(_ family: String, _ slug: String) -> String {
    currentDocuments.replacingOccurrences(of: "%F", with: family).replacingOccurrences(of: "%S", with: slug)
  }

  /// A stored family and slug as a component.
  private static func component(_ family: String, _ slug: String) throws -> ComponentID {
    ComponentID(family: try known(family, column: "family"), slug: slug)
  }
}
