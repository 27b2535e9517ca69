import ExhibitKit
import ExhibitModel
import Foundation
import PostgresNIO

// Searching the catalogue on PostgreSQL: the same query language, filters and JSON as on SQLite,
// over tsvector columns with GIN indexes (migrations 4 and 6): items, Gherkin steps, developer
// notes and announcement examples of each component's current document, caption cues, and the
// file names of recordings at present paths. Notes on links are not kept here yet. Ranking is PostgreSQL's (ts_rank, negated so that lower is better
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
    let scope = Scope(query: query, component: component, platform: request.platform, limit: request.limit)
    let found = try await store.transaction(.repeatableRead) { connection in
      var hits: [SearchHit] = []
      if kinds.contains(.criteria) {
        hits += try await itemHits(scope, on: connection) + stepHits(scope, on: connection)
        hits += try await developerTextHits(
          scope, table: "developer_note", source: "developer-note", on: connection)
        hits += try await developerTextHits(
          scope, table: "announcement_example", source: "announcement", on: connection)
      }
      if kinds.contains(.captions) { hits += try await captionHits(scope, on: connection) }
      if kinds.contains(.recordings) { hits += try await recordingNameHits(scope, on: connection) }
      return hits
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

  /// Caption cues of recordings of the component and platform, when given.
  private func captionHits(_ scope: Scope, on connection: PostgresConnection) async throws -> [SearchHit] {
    let statement = scope.statement { tsquery, family, slug, platform in
      """
      WITH q AS (SELECT \(tsquery) AS query)
      SELECT c.start_ms, c.end_ms, r.family, r.component, r.platform, r.assistive_tech, r.sha256,
        \(Self.primaryPath) AS path, -ts_rank(c.search, q.query) AS score, exhibit_headline(c.text, q.query) AS snippet
      FROM caption_cue c CROSS JOIN q JOIN caption_track t ON t.id = c.track_id
        JOIN recording r ON r.id = t.recording_id
      WHERE c.search @@ q.query \(Self.recordingFilter(family, slug, platform))
      ORDER BY score, c.id LIMIT $LIMIT
      """
    }
    return try await connection.query(statement, logger: logger).collect().map { row in
      let (start, end, family, slug, platformName, assistiveTech, sha256, path, score, snippet) =
        try row.decode(
          (Int64, Int64, String?, String?, String?, String?, String?, String?, Double, String).self)
      let recording = Self.recording(sha256, path)
      return Self.recordingHit(
        kind: .captions, family: family, slug: slug, platform: platformName, assistiveTech: assistiveTech,
        title: recording.map { ($0.path as NSString).lastPathComponent } ?? "", snippet: snippet,
        recording: recording, seconds: (Double(start) / 1000, Double(end) / 1000), score: score)
    }
  }

  /// File names of recordings at present paths, of the component and platform when given.
  private func recordingNameHits(_ scope: Scope, on connection: PostgresConnection) async throws
    -> [SearchHit]
  {
    let statement = scope.statement { tsquery, family, slug, platform in
      """
      WITH q AS (SELECT \(tsquery) AS query)
      SELECT p.name, p.path, r.family, r.component, r.platform, r.assistive_tech, r.sha256,
        -ts_rank(p.search, q.query) AS score, exhibit_headline(p.name, q.query) AS snippet
      FROM recording_path p CROSS JOIN q JOIN recording r ON r.id = p.recording_id
      WHERE p.search @@ q.query AND p.missing_since IS NULL \(Self.recordingFilter(family, slug, platform))
      ORDER BY score, p.id LIMIT $LIMIT
      """
    }
    return try await connection.query(statement, logger: logger).collect().map { row in
      let (name, path, family, slug, platformName, assistiveTech, sha256, score, snippet) = try row.decode(
        (String, String, String?, String?, String?, String?, String?, Double, String).self)
      return Self.recordingHit(
        kind: .recordings, family: family, slug: slug, platform: platformName, assistiveTech: assistiveTech,
        title: name, snippet: snippet, recording: Self.recording(sha256, path), seconds: nil, score: score)
    }
  }

  /// The path a recording `r` is shown at: its first present path, else its first path.
  private static let primaryPath = """
    (SELECT p.path FROM recording_path p WHERE p.recording_id = r.id
     ORDER BY p.missing_since IS NOT NULL, p.id LIMIT 1)
    """

  /// Keeps recordings `r` of the bound component and platform, when bound.
  private static func recordingFilter(_ family: String, _ slug: String, _ platform: String) -> String {
    """
    AND (\(family) IS NULL OR (r.family = \(family) AND r.component = \(slug)))
    AND (\(platform) IS NULL OR r.platform = \(platform))
    """
  }

  /// A recording's reference, when it has a hash and a path.
  private static func recording(_ sha256: String?, _ path: String?) -> RecordingRef? {
    guard let sha256, let path else { return nil }
    return RecordingRef(sha256: sha256, path: path)
  }

  /// A hit in a recording's captions or file name, filed as SQLite files it.
  // Long: a hit has this many parts.
  private static func recordingHit(
    kind: SearchKind, family: String?, slug: String?, platform platformName: String?, assistiveTech: String?,
    title: String, snippet: String, recording: RecordingRef?, seconds: (start: Double, end: Double)?,
    score: Double
  ) -> SearchHit {
    let platform = platformName.flatMap(Platform.init(rawValue:))
    let component = family.flatMap(Family.init(rawValue:)).flatMap { family in
      slug.map { ComponentID(family: family, slug: $0) }
    }
    return SearchHit(
      kind: kind, source: kind.rawValue, component: component, platform: platform,
      platforms: platform.map { [$0] } ?? [], assistiveTech: assistiveTech, title: title, snippet: snippet,
      item: nil, recording: recording, startSeconds: seconds?.start, endSeconds: seconds?.end, score: score)
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
