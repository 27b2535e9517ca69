import ExhibitKit
import ExhibitModel
import ExhibitStorage
import Foundation
import PostgresNIO

// Searching the catalogue on PostgreSQL: the same query language, filters and JSON as on SQLite,
// over tsvector columns with GIN indexes (migrations 4 and 6): items, Gherkin steps, developer
// notes and announcement examples of each component's current document, caption cues, and the
// file names of recordings at present paths, and the notes of live links to recordings (migration
// 7). Ranking is PostgreSQL's (ts_rank, negated so that lower is better as bm25 is), not bm25;
// the hits are the same set, not in the same order. Snippets are ts_headline's
// (exhibit_headline), marked as SQLite marks them.

extension PostgresCatalogue {
  /// Searches the catalogue (``SearchRequest``).
  /// - Returns: At most `limit` hits, best first, grouped by component.
  /// - Throws: `SearchError`, `LookupError` for an unknown or ambiguous component, `AuditError`
  ///   for an unknown audit, or `PostgresStoreError`.
  public func search(_ request: SearchRequest) async throws -> SearchResults {
    guard request.limit >= 1 else { throw SearchError.badLimit(request.limit) }
    let query = try SearchQuery(request.text)
    let component: ComponentID? =
      if let name = request.component { try await resolveComponent(name) } else { nil }
    var audit: Int64?
    if let name = request.audit {
      audit = try await withConnection { try AuditOperations(sql: $0.sql).resolveAudit(name).id }
    }
    let kinds = request.kinds.isEmpty ? Set(SearchKind.allCases) : request.kinds
    let scope = Scope(
      query: query, component: component, platform: request.platform, limit: request.limit, audit: audit)
    // Criteria on one connection, what was recorded on another, at once: on two cores a search
    // of every kind takes about as long as its larger half. Each half reads in one snapshot of
    // its own.
    async let criteria: [(kind: SearchKind, hits: Found)] =
      kinds.contains(.criteria) ? criteriaHits(scope) : []
    async let recorded: [(kind: SearchKind, hits: Found)] =
      kinds.isDisjoint(with: [.captions, .recordings, .notes]) ? [] : recordedHits(scope, kinds: kinds)
    let found = try await criteria + recorded
    let ranked = found.flatMap(\.hits.hits).sorted {
      ($0.score, $0.kind.rawValue, $0.snippet) < ($1.score, $1.kind.rawValue, $1.snippet)
    }
    let capped = Set(found.filter(\.hits.capped).map(\.kind))
    return SearchResults(
      query: request.text, expression: query.expression, ranked: Array(ranked.prefix(request.limit)),
      capped: SearchKind.allCases.filter(capped.contains), matched: found.reduce(0) { $0 + $1.hits.matched })
  }

  /// The hits in the current criteria: items, Gherkin steps, developer notes and announcements.
  private func criteriaHits(_ scope: Scope) async throws -> [(kind: SearchKind, hits: Found)] {
    try await store.transaction(.repeatableRead) { connection in
      var scope = scope
      scope.currentDocuments = try await currentDocuments(of: scope.component, on: connection)
      return [
        (.criteria, try await itemHits(scope, on: connection)),
        (.criteria, try await stepHits(scope, on: connection)),
        (
          .criteria,
          try await developerTextHits(
            scope, table: "developer_note", source: "developer-note", on: connection)
        ),
        (
          .criteria,
          try await developerTextHits(
            scope, table: "announcement_example", source: "announcement", on: connection)
        ),
      ]
    }
  }

  /// The hits in what was recorded: caption cues, file names and the notes on links, of `kinds`.
  private func recordedHits(_ scope: Scope, kinds: Set<SearchKind>) async throws
    -> [(kind: SearchKind, hits: Found)]
  {
    try await store.transaction(.repeatableRead) { connection in
      var found: [(kind: SearchKind, hits: Found)] = []
      if kinds.contains(.captions) { found.append((.captions, try await captionHits(scope, on: connection))) }
      if kinds.contains(.recordings) {
        found.append((.recordings, try await recordingNameHits(scope, on: connection)))
      }
      if kinds.contains(.notes) { found.append((.notes, try await noteHits(scope, on: connection))) }
      return found
    }
  }

  /// One table's best hits, whether more matched than were ranked, and how many matched (up to
  /// the cap and one more).
  private typealias Found = (hits: [SearchHit], capped: Bool, matched: Int)

  /// The statement ranking one table's matches as SQLite ranks its own: `matched` selects them
  /// (with their `id` and `search` columns, `%Q` standing for the query) newest first, and only the newest
  /// ``SearchRequest/candidateCap`` are ranked, so a common word costs a bounded amount of work;
  /// the best `$LIMIT` are read with `select` (over `b`, the ranked row, `q`, and what `joins` adds), with the
  /// number of candidates beside. The query is written into `matched` itself, not read from a
  /// CTE, so the planner sees its words and can tell a common one (read newest first along the
  /// primary key until the cap) from a rare one (read from the GIN index); on cues, a phrase's
  /// word pairs are lexemes the planner has statistics for too (migration 006).
  private static func ranking(_ tsquery: String, matched: String, select: String, joins: String = "")
    -> String
  {
    let matched = matched.replacingOccurrences(of: "%Q", with: "(\(tsquery))")
    return """
      WITH matched AS MATERIALIZED (\(matched) LIMIT \(SearchRequest.candidateCap + 1)),
      q AS (SELECT \(tsquery) AS query),
      best AS (SELECT m.*, -ts_rank(m.search, q.query) AS score FROM matched m CROSS JOIN q
               ORDER BY score, m.id DESC LIMIT $LIMIT)
      SELECT \(select), b.score, (SELECT count(*) FROM matched) AS candidates
      FROM best b CROSS JOIN q \(joins) ORDER BY b.score, b.id DESC
      """
  }

  /// Hits read from a ranking statement's rows, capped when more matched than were ranked.
  private static func found(_ rows: [PostgresRow], _ hit: (PostgresRandomAccessRow) throws -> SearchHit?)
    throws -> Found
  {
    var hits: [SearchHit] = []
    var matched = 0
    for row in rows {
      let cells = row.makeRandomAccess()
      matched = try cells["candidates"].decode(Int.self)
      if let made = try hit(cells) { hits.append(made) }
    }
    return (hits, matched > SearchRequest.candidateCap, matched)
  }

  /// What every per-table query shares.
  private struct Scope {
    let query: SearchQuery
    let component: ComponentID?
    let platform: Platform?
    let limit: Int
    /// Only notes of this audit's links.
    let audit: Int64?
    /// The current criteria documents, of the component when given (criteria only).
    var currentDocuments: [Int64] = []

    /// A query's SQL and bindings: `$1` the tsquery's terms onward, then those of the component's
    /// family and slug, the platform, the limit (`$LIMIT`), the current documents (`$DOCUMENTS`)
    /// and the audit (`%AUDIT`) that the SQL uses: an unused parameter bound to NULL has no type, which
    /// PostgreSQL refuses.
    func statement(_ sql: (_ tsquery: String, _ family: String, _ slug: String, _ platform: String) -> String)
      -> PostgresQuery
    {
      let text = TextSearchQuery(query, firstPlaceholder: 1)
      var bindings = PostgresBindings()
      text.bind(into: &bindings)
      var sql = sql(text.sql, "%FAMILY", "%SLUG", "%PLATFORM")
        .replacingOccurrences(of: "%PAIRED", with: "(\(text.pairedSQL))")
      let parameters: [(token: String, type: String, bind: (inout PostgresBindings) -> Void)] = [
        ("%FAMILY", "text", { $0.append(component?.family.rawValue) }),
        ("%SLUG", "text", { $0.append(component?.slug) }),
        ("%PLATFORM", "text", { $0.append(platform?.rawValue) }),
        ("$LIMIT", "integer", { $0.append(limit) }),
        ("$DOCUMENTS", "bigint[]", { $0.append(currentDocuments) }),
        ("%AUDIT", "bigint", { $0.append(audit) }),
      ]
      for parameter in parameters where sql.contains(parameter.token) {
        parameter.bind(&bindings)
        sql = sql.replacingOccurrences(of: parameter.token, with: "$\(bindings.count)::\(parameter.type)")
      }
      return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }
  }

  /// The current documents' ids, of one component when given: read once a search and bound as
  /// an array, which the planner counts, where the view's estimate is a guess that sent it
  /// through every item of every document rather than through the GIN index.
  private func currentDocuments(of component: ComponentID?, on connection: PostgresConnection) async throws
    -> [Int64]
  {
    let family = component?.family.rawValue
    let slug = component?.slug
    return try await connection.query(
      """
      SELECT document_id FROM criteria_current
      WHERE \(family)::text IS NULL OR (family = \(family)::text AND component = \(slug)::text)
      """, logger: logger
    ).collect().map { try $0.decode(Int64.self) }
  }

  private func itemHits(_ scope: Scope, on connection: PostgresConnection) async throws -> Found {
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT i.id, i.search, i.key, i.label, i.expectation, i.platforms, d.family, d.component
          FROM criteria_item i JOIN criteria_document d ON d.id = i.document_id
          WHERE i.search @@ %Q
            AND i.document_id = ANY ($DOCUMENTS)
            AND (\(platform) IS NULL OR \(platform) = ANY (string_to_array(i.platforms, ',')))
          ORDER BY i.id DESC
          """,
        select: """
          b.key, b.label, b.platforms, b.family, b.component,
            CASE WHEN to_tsvector('exhibit_search', exhibit_search_words(b.expectation)) @@ q.query
              THEN exhibit_headline(b.expectation, q.query) ELSE exhibit_headline(b.label, q.query) END AS snippet
          """)
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      let platforms = try row["platforms"].decode(String.self).split(separator: ",").compactMap {
        Platform(rawValue: String($0))
      }
      return SearchHit(
        kind: .criteria, source: "item",
        component: try Self.component(
          row["family"].decode(String.self), row["component"].decode(String.self)),
        platform: scope.platform ?? (platforms.count == 1 ? platforms[0] : nil), platforms: platforms,
        assistiveTech: nil, title: try row["label"].decode(String.self),
        snippet: try row["snippet"].decode(String.self),
        item: ItemKey(try row["key"].decode(String.self)), recording: nil, startSeconds: nil, endSeconds: nil,
        score: try row["score"].decode(Double.self))
    }
  }

  private func stepHits(_ scope: Scope, on connection: PostgresConnection) async throws -> Found {
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT s.id, s.search, s.text, sc.title, d.family, d.component
          FROM gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id
            JOIN criteria_document d ON d.id = sc.document_id
          WHERE s.search @@ %Q
            AND sc.document_id = ANY ($DOCUMENTS)
            AND (\(platform) IS NULL OR EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = sc.document_id
                                                AND \(platform) = ANY (string_to_array(i.platforms, ','))))
          ORDER BY s.id DESC
          """,
        select: "b.text, b.title, b.family, b.component, exhibit_headline(b.text, q.query) AS snippet")
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      let (text, title) = (try row["text"].decode(String.self), try row["title"].decode(String.self))
      // A desktop platform is never answered with a mobile scenario, nor mobile with a desktop one.
      if let platform = scope.platform {
        guard GherkinFeature.fits(title, platform), GherkinFeature.fits(text, platform) else { return nil }
      }
      let component = try Self.component(
        row["family"].decode(String.self), row["component"].decode(String.self))
      return SearchHit(
        kind: .criteria, source: "gherkin", component: component, platform: scope.platform,
        platforms: Platform.defaults(for: component.family), assistiveTech: nil, title: title,
        snippet: try row["snippet"].decode(String.self), item: nil, recording: nil, startSeconds: nil,
        endSeconds: nil, score: try row["score"].decode(Double.self))
    }
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  private func developerTextHits(
    _ scope: Scope, table: String, source: String, on connection: PostgresConnection
  ) async throws -> Found {
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT n.id, n.search, n.text, n.platform, n.framework, d.family, d.component
          FROM \(table) n JOIN criteria_document d ON d.id = n.document_id
          WHERE n.search @@ %Q
            AND n.document_id = ANY ($DOCUMENTS)
            AND (\(platform) IS NULL OR n.platform IN (\(platform), 'general'))
          ORDER BY n.id DESC
          """,
        select: "b.platform, b.framework, b.family, b.component, exhibit_headline(b.text, q.query) AS snippet"
      )
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      let platform = Platform(rawValue: try row["platform"].decode(String.self))
      let component = try Self.component(
        row["family"].decode(String.self), row["component"].decode(String.self))
      let title = [platform?.displayName ?? "General", try row["framework"].decode(String.self)].filter {
        !$0.isEmpty
      }.joined(separator: " ")
      return SearchHit(
        kind: .criteria, source: source, component: component, platform: platform ?? scope.platform,
        platforms: platform.map { [$0] } ?? Platform.defaults(for: component.family), assistiveTech: nil,
        title: title, snippet: try row["snippet"].decode(String.self), item: nil, recording: nil,
        startSeconds: nil, endSeconds: nil, score: try row["score"].decode(Double.self))
    }
  }

  /// Caption cues of recordings of the component and platform, when given. Without a filter the
  /// cues are chosen alone and only the best are joined to their recordings: a phrase said in ten
  /// thousand cues costs their rows, not ten thousand joins.
  private func captionHits(_ scope: Scope, on connection: PostgresConnection) async throws -> Found {
    let filtered = scope.component != nil || scope.platform != nil
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT c.id, c.search, c.text, c.start_ms, c.end_ms, c.track_id
          FROM caption_cue c \(filtered ? "JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id" : "")
          WHERE c.search @@ %PAIRED \(filtered ? Self.recordingFilter(family, slug, platform) : "")
          ORDER BY c.id DESC
          """,
        select: """
          b.start_ms, b.end_ms, r.family, r.component, r.platform, r.assistive_tech, r.sha256,
            \(Self.primaryPath) AS path, exhibit_headline(b.text, q.query) AS snippet
          """,
        joins: "JOIN caption_track t ON t.id = b.track_id JOIN recording r ON r.id = t.recording_id")
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      let recording = Self.recording(
        try row["sha256"].decode(String?.self), try row["path"].decode(String?.self))
      return try Self.recordingHit(
        .captions, row, title: recording.map { ($0.path as NSString).lastPathComponent } ?? "",
        recording: recording,
        seconds: (
          Double(try row["start_ms"].decode(Int64.self)) / 1000,
          Double(try row["end_ms"].decode(Int64.self)) / 1000
        ))
    }
  }

  /// Notes of live links, observations' too (on the platform their auditor named), of the component (its items' documents, every revision)
  /// and the recording's platform when given, and of the audit when given.
  private func noteHits(_ scope: Scope, on connection: PostgresConnection) async throws -> Found {
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT l.id, l.search, l.note, l.item_id, l.recording_id, l.start_ms, l.end_ms,
            l.observed_platform, l.observed_assistive_tech
          FROM evidence_link l LEFT JOIN recording r ON r.id = l.recording_id
            JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
          WHERE l.search @@ %Q
            AND (\(family) IS NULL OR (d.family = \(family) AND d.component = \(slug)))
            AND (\(platform) IS NULL OR coalesce(r.platform, l.observed_platform) = \(platform))
            AND (%AUDIT IS NULL OR l.audit_id = %AUDIT)
          ORDER BY l.id DESC
          """,
        select: """
          b.start_ms, b.end_ms, i.key, i.label, d.family, d.component,
            coalesce(r.platform, b.observed_platform) AS platform,
            coalesce(r.assistive_tech, b.observed_assistive_tech) AS assistive_tech, r.sha256,
            \(Self.primaryPath) AS path, exhibit_headline(b.note, q.query) AS snippet
          """,
        joins: """
          JOIN criteria_item i ON i.id = b.item_id JOIN criteria_document d ON d.id = i.document_id
            LEFT JOIN recording r ON r.id = b.recording_id
          """)
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      let platform = try row["platform"].decode(String?.self).flatMap(Platform.init(rawValue:))
      return SearchHit(
        kind: .notes, source: "notes",
        component: try Self.component(
          try row["family"].decode(String.self), try row["component"].decode(String.self)),
        platform: platform, platforms: platform.map { [$0] } ?? [],
        assistiveTech: try row["assistive_tech"].decode(String?.self),
        title: try row["label"].decode(String.self),
        snippet: try row["snippet"].decode(String.self),
        item: ItemKey(try row["key"].decode(String.self)),
        recording: Self.recording(
          try row["sha256"].decode(String?.self), try row["path"].decode(String?.self)),
        startSeconds: try row["start_ms"].decode(Int64?.self).map { Double($0) / 1000 },
        endSeconds: try row["end_ms"].decode(Int64?.self).map { Double($0) / 1000 },
        score: try row["score"].decode(Double.self))
    }
  }

  /// File names of recordings at present paths, of the component and platform when given.
  private func recordingNameHits(_ scope: Scope, on connection: PostgresConnection) async throws -> Found {
    let statement = scope.statement { tsquery, family, slug, platform in
      Self.ranking(
        tsquery,
        matched: """
          SELECT p.id, p.search, p.name, p.path, r.family, r.component, r.platform, r.assistive_tech, r.sha256
          FROM recording_path p JOIN recording r ON r.id = p.recording_id
          WHERE p.search @@ %Q AND p.missing_since IS NULL \(Self.recordingFilter(family, slug, platform))
          ORDER BY p.id DESC
          """,
        select: """
          b.name, b.path, b.family, b.component, b.platform, b.assistive_tech, b.sha256,
            exhibit_headline(b.name, q.query) AS snippet
          """)
    }
    return try Self.found(try await connection.query(statement, logger: logger).collect()) { row in
      try Self.recordingHit(
        .recordings, row, title: try row["name"].decode(String.self),
        recording: Self.recording(
          try row["sha256"].decode(String?.self), try row["path"].decode(String?.self)),
        seconds: nil)
    }
  }

  /// The path a ranked cue's recording `r` is shown at: its first present path, else its first path.
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
  private static func recordingHit(
    _ kind: SearchKind, _ row: PostgresRandomAccessRow, title: String, recording: RecordingRef?,
    seconds: (start: Double, end: Double)?
  ) throws -> SearchHit {
    let platform = try row["platform"].decode(String?.self).flatMap(Platform.init(rawValue:))
    let family = try row["family"].decode(String?.self).flatMap(Family.init(rawValue:))
    let component = try row["component"].decode(String?.self).flatMap { slug in
      family.map { ComponentID(family: $0, slug: slug) }
    }
    return SearchHit(
      kind: kind, source: kind.rawValue, component: component, platform: platform,
      platforms: platform.map { [$0] } ?? [], assistiveTech: try row["assistive_tech"].decode(String?.self),
      title: title, snippet: try row["snippet"].decode(String.self), item: nil, recording: recording,
      startSeconds: seconds?.start, endSeconds: seconds?.end, score: try row["score"].decode(Double.self))
  }

  /// A stored family and slug as a component.
  private static func component(_ family: String, _ slug: String) throws -> ComponentID {
    ComponentID(family: try known(family, column: "family"), slug: slug)
  }

  /// A stored name read back as the value it names, or an error naming the column.
  private static func known<Value: RawRepresentable>(_ text: String, column: String) throws -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
      throw RowDecodingError(column: column, problem: "\(text.debugDescription) is not a known value")
    }
    return value
  }
}
