import ExhibitSQLite
import Foundation

extension SearchIndex {
  /// Searches criteria, captions, recording names and link notes through the FTS5 indexes.
  ///
  /// Criteria hits come from each component's current criteria (the primary document's newest
  /// revision), so re-imported text replaces the old. Caption hits carry the cue's time.
  /// - Parameter request: The query, filters and limit.
  /// - Returns: At most `limit` hits, ranked by bm25 and grouped by component.
  /// - Throws: ``SearchError``, ``LookupError`` for an unknown or ambiguous component, or
  ///   ``SQLiteError``.
  func search(_ request: SearchRequest) throws -> SearchResults {
    guard request.limit >= 1 else { throw SearchError.badLimit(request.limit) }
    let query = try SearchQuery(request.text)
    let component = try request.component.map { try components.resolve($0).description }
    let scope = SearchScope(
      expression: query.expression, phrases: query.phrases, component: component,
      platform: request.platform?.rawValue, limit: request.limit)
    let kinds = request.kinds.isEmpty ? Set(SearchKind.allCases) : request.kinds
    var found: [SearchKind: [Ranked]] = [:]
    if kinds.contains(.criteria) {
      let documents = try currentCriteriaDocumentIDs(component: component)
      found[.criteria] = [
        try criteriaItemHits(scope, documents: documents), try gherkinHits(scope, documents: documents),
        try developerTextHits(scope, documents: documents, table: "developer_note", source: "developer-note"),
        try developerTextHits(
          scope, documents: documents, table: "announcement_example", source: "announcement"),
      ]
    }
    if kinds.contains(.captions) { found[.captions] = [try captionHits(scope)] }
    if kinds.contains(.recordings) { found[.recordings] = [try recordingNameHits(scope)] }
    if kinds.contains(.notes) { found[.notes] = [try noteHits(scope)] }
    let ranked = found.values.joined().flatMap(\.hits).sorted {
      ($0.score, $0.kind.rawValue, $0.snippet) < ($1.score, $1.kind.rawValue, $1.snippet)
    }
    return SearchResults(
      query: request.text, expression: query.expression, ranked: Array(ranked.prefix(request.limit)),
      capped: SearchKind.allCases.filter { found[$0]?.contains(where: \.capped) == true })
  }

  /// One index's best hits, and whether more matched than were ranked.
  private struct Ranked {
    var hits: [SearchHit]
    var capped: Bool
  }

  /// What every per-index query shares.
  private struct SearchScope {
    var expression: String
    /// The expression's phrases, in FTS5's order.
    var phrases: [String]
    var component: String?
    var platform: String?
    var limit: Int

    var family: String? { component?.split(separator: "/").first.map(String.init) }
    var slug: String? { component?.split(separator: "/").last.map(String.init) }
  }

  /// Marks around matched words in snippets, and the ellipsis where text was cut.
  private static let snippetMarks = "'[', ']', '…', 16"

  /// Ranks the newest ``SearchRequest/candidateCap`` matches of one index by bm25.
  ///
  /// `inner` selects `fts_rowid` and `score` (plus whatever the hit needs), filtered, from an FTS
  /// query over `fts`; it is read newest first and cut at the cap, so a common word costs a
  /// bounded amount of work beyond FTS5's own count of its documents.
  /// - Returns: The best `limit` rows, and whether more than the cap matched.
  private func ranked(_ inner: String, fts: String, values: [any SQLBindable], limit: Int) throws
    -> (rows: [Row], capped: Bool)
  {
    let rows = try connection.query(
      """
      SELECT *, count(*) OVER () AS candidates FROM (
        \(inner)
        ORDER BY \(fts).rowid DESC LIMIT \(SearchRequest.candidateCap + 1)
      ) ORDER BY score, fts_rowid DESC LIMIT \(limit)
      """, values)
    return (rows, (try rows.first?.decode("candidates") ?? 0) > SearchRequest.candidateCap)
  }

  /// The snippets of the kept rows, with matched words marked.
  ///
  /// The kept rows' text is indexed again in a scratch FTS5 table with the same tokenizer and
  /// matched with the same expression there: a prefix term then expands over a few rows' words
  /// instead of the whole index's, once per search rather than once per row.
  /// - Parameters:
  ///   - rows: Rows with `fts_rowid` and the text in `text_a` (and `text_b` for two columns).
  ///   - column: The column to cut the snippet from, or -1 for the best one.
  ///   - expression: The FTS5 expression the rows matched.
  /// - Returns: Snippets by `fts_rowid`.
  /// - Throws: ``SQLiteError``.
  private func snippets(rows: [Row], column: Int, expression: String) throws -> [Int64: String] {
    guard !rows.isEmpty else { return [:] }
    try connection.execute(
      """
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.snippet_scratch USING fts5 (
        a, b, tokenize = 'porter unicode61 remove_diacritics 2'
      );
      DELETE FROM temp.snippet_scratch;
      """)
    let insert = try connection.prepare("INSERT INTO temp.snippet_scratch (rowid, a, b) VALUES (?, ?, ?)")
    for row in rows {
      try insert.run([
        .integer(try row.decode("fts_rowid")), .text(try row.decode("text_a")),
        // Only two-column indexes select a second text.
        .text(row.columns.contains("text_b") ? try row.decode("text_b") : ""),
      ])
    }
    let found = try connection.query(
      """
      SELECT rowid AS id, snippet(snippet_scratch, \(column), \(Self.snippetMarks)) AS s
      FROM temp.snippet_scratch WHERE snippet_scratch MATCH ?
      """, [expression])
    return Dictionary(try found.map { (try $0.decode("id") as Int64, try $0.decode("s") as String) }) {
      first, _ in
      first
    }
  }

  /// The primary document of every component (or of one), newest revision: what "current
  /// criteria" means for `show` and `coverage`, as a JSON array for `json_each`.
  private func currentCriteriaDocumentIDs(component: String?) throws -> String {
    let parts = component?.split(separator: "/").map(String.init)
    let rows = try connection.query(
      """
      SELECT d.id, d.family, d.component, d.format,
        EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) AS has_items
      FROM criteria_document d
      WHERE d.revision = (SELECT max(revision) FROM criteria_document x
                          WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
        AND (?1 IS NULL OR (d.family = ?1 AND d.component = ?2))
      """, [parts?.first, parts?.last])
    let documents = try rows.map { row in
      try RowDecodingError.reading("criteria_document") {
        (
          id: try row.decode("id") as Int64,
          component: "\(try row.decode("family") as String)/\(try row.decode("component") as String)",
          rank: CriteriaLibrary.primaryRank(
            format: try row.decode("format"), hasItems: try row.decode("has_items"))
        )
      }
    }
    let primaries = Dictionary(grouping: documents, by: \.component).values.compactMap { candidates in
      candidates.min { $0.rank < $1.rank }?.id
    }
    return "[" + primaries.sorted().map(String.init).joined(separator: ",") + "]"
  }

  private func criteriaItemHits(_ scope: SearchScope, documents: String) throws -> Ranked {
    let found = try ranked(
      """
      SELECT criteria_item_fts.rowid AS fts_rowid, i.label AS text_a, i.expectation AS text_b, i.key, i.label, i.platforms,
        d.family || '/' || d.component AS component, bm25(criteria_item_fts, 4.0, 1.0) AS score
      FROM criteria_item_fts JOIN criteria_item i ON i.id = criteria_item_fts.rowid
        JOIN criteria_document d ON d.id = i.document_id
      WHERE criteria_item_fts MATCH ?1 AND d.id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR instr(',' || i.platforms || ',', ',' || ?3 || ',') > 0)
      """, fts: "criteria_item_fts", values: [scope.expression, documents, scope.platform], limit: scope.limit
    )
    let snippets = try snippets(rows: found.rows, column: -1, expression: scope.expression)
    let hits = try found.rows.map { row in
      let platforms = (try row.decode("platforms") as String).split(separator: ",").map(String.init)
      return SearchHit(
        kind: .criteria, source: "item", component: (try row.decode("component") as String?),
        platform: scope.platform ?? (platforms.count == 1 ? platforms[0] : nil), platforms: platforms,
        assistiveTech: nil, title: try row.decode("label"),
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: (try row.decode("key") as String?), recording: nil, startSeconds: nil, endSeconds: nil,
        score: try row.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  private func gherkinHits(_ scope: SearchScope, documents: String) throws -> Ranked {
    let found = try ranked(
      """
      SELECT gherkin_step_fts.rowid AS fts_rowid, s.text AS text_a, sc.title, d.family,
        d.family || '/' || d.component AS component, bm25(gherkin_step_fts) AS score
      FROM gherkin_step_fts JOIN gherkin_step s ON s.id = gherkin_step_fts.rowid
        JOIN gherkin_scenario sc ON sc.id = s.scenario_id JOIN criteria_document d ON d.id = sc.document_id
      WHERE gherkin_step_fts MATCH ?1 AND d.id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id
                                   AND instr(',' || i.platforms || ',', ',' || ?3 || ',') > 0))
      """, fts: "gherkin_step_fts", values: [scope.expression, documents, scope.platform], limit: scope.limit)
    let snippets = try snippets(rows: found.rows, column: 0, expression: scope.expression)
    let hits = try found.rows.map { row in
      let family = try row.decode("family") as Family
      return SearchHit(
        kind: .criteria, source: "gherkin", component: (try row.decode("component") as String?),
        platform: scope.platform,
        platforms: Platform.defaults(for: family).map(\.rawValue), assistiveTech: nil,
        title: try row.decode("title"),
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: try row.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  private func developerTextHits(_ scope: SearchScope, documents: String, table: String, source: String)
    throws
    -> Ranked
  {
    let found = try ranked(
      """
      SELECT \(table)_fts.rowid AS fts_rowid, n.text AS text_a, n.platform, n.framework, d.family,
        d.family || '/' || d.component AS component, bm25(\(table)_fts) AS score
      FROM \(table)_fts JOIN \(table) n ON n.id = \(table)_fts.rowid
        JOIN criteria_document d ON d.id = n.document_id
      WHERE \(table)_fts MATCH ?1 AND d.id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR n.platform IN (?3, 'general'))
      """, fts: "\(table)_fts", values: [scope.expression, documents, scope.platform], limit: scope.limit)
    let snippets = try snippets(rows: found.rows, column: 0, expression: scope.expression)
    let hits = try found.rows.map { row in
      let family = try row.decode("family") as Family
      // `general` notes apply to every platform of the family.
      let platformName: String = try row.decode("platform")
      let platform = Platform(rawValue: platformName)
      let framework: String = try row.decode("framework")
      let title = [platform?.displayName ?? "General", framework].filter { !$0.isEmpty }.joined(
        separator: " ")
      return SearchHit(
        kind: .criteria, source: source, component: (try row.decode("component") as String?),
        platform: platform?.rawValue ?? scope.platform,
        platforms: platform.map { [$0.rawValue] } ?? Platform.defaults(for: family).map(\.rawValue),
        assistiveTech: nil, title: title,
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: try row.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  /// Caption cues, ranked on the index alone; the component and platform filters are tokens
  /// in the index (``SearchFilterTokens``), and only the kept cues are read with their recording.
  private func captionHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT rowid AS fts_rowid, \(try ranking("caption_cue_fts", column: "text", scope, filters)) AS score
      FROM caption_cue_fts WHERE caption_cue_fts MATCH ?1
      """, fts: "caption_cue_fts", values: [filters.match(text: "text", scope.expression)], limit: scope.limit
    )
    let details = try rowsByID(
      id: "c.id",
      """
      SELECT c.id AS fts_rowid, c.text AS text_a, c.start_ms, c.end_ms, r.family, r.component, r.platform,
        r.assistive_tech, \(RecordingLibrary.primaryPath) AS path
      FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id
      """, found.rows)
    let snippets = try snippets(rows: details.values.map { $0 }, column: 0, expression: scope.expression)
    let hits = try found.rows.compactMap { ranked -> SearchHit? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let path: String? = try row.decode("path")
      return SearchHit(
        kind: .captions, source: "captions", component: try Self.component(row),
        platform: (try row.decode("platform") as String?),
        platforms: (try row.decode("platform") as String?).map { [$0] } ?? [],
        assistiveTech: (try row.decode("assistive_tech") as String?),
        title: path.map { ($0 as NSString).lastPathComponent } ?? "",
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: nil, recording: path,
        startSeconds: (try row.decode("start_ms") as Int64?).map { Double($0) / 1000 },
        endSeconds: (try row.decode("end_ms") as Int64?).map { Double($0) / 1000 },
        score: try ranked.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  /// Recording file names at present paths, filtered by tokens like captions.
  private func recordingNameHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT recording_path_fts.rowid AS fts_rowid,
        \(try ranking("recording_path_fts", column: "name", scope, filters)) AS score
      FROM recording_path_fts JOIN recording_path p ON p.id = recording_path_fts.rowid
      WHERE recording_path_fts MATCH ?1 AND p.missing_since IS NULL
      """, fts: "recording_path_fts", values: [filters.match(text: "name", scope.expression)],
      limit: scope.limit)
    let details = try rowsByID(
      id: "p.id",
      """
      SELECT p.id AS fts_rowid, p.name AS text_a, p.path, p.name, r.family, r.component, r.platform, r.assistive_tech
      FROM recording_path p JOIN recording r ON r.id = p.recording_id
      """, found.rows)
    let snippets = try snippets(rows: details.values.map { $0 }, column: 0, expression: scope.expression)
    let hits = try found.rows.compactMap { ranked -> SearchHit? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      return SearchHit(
        kind: .recordings, source: "recordings", component: try Self.component(row),
        platform: (try row.decode("platform") as String?),
        platforms: (try row.decode("platform") as String?).map { [$0] } ?? [],
        assistiveTech: (try row.decode("assistive_tech") as String?),
        title: try row.decode("name"),
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: nil, recording: (try row.decode("path") as String?), startSeconds: nil, endSeconds: nil,
        score: try ranked.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  /// The ranking call for an index with filter tokens: `exhibit_bm25`, given each phrase's row
  /// count (``PhraseStatistics``) so it need not count them itself.
  private func ranking(_ index: String, column: String, _ scope: SearchScope, _ filters: SearchFilterTokens)
    throws -> String
  {
    let rows = try statistics.rows(in: index, column: column, holding: scope.phrases)
    return "\(FilteredBM25.name)(\(index), \(filters.count)" + rows.map { ", \($0)" }.joined() + ")"
  }

  /// The rows `select` gives for the ranked rows' ids (`id` is its id column, selected as
  /// `fts_rowid`), by id.
  private func rowsByID(id: String, _ select: String, _ ranked: [Row]) throws -> [Int64: Row] {
    guard !ranked.isEmpty else { return [:] }
    let ids: [Int64] = try ranked.map { try $0.decode("fts_rowid") }
    var rows: [Int64: Row] = [:]
    for row in try connection.query(
      select + " WHERE \(id) IN (\(ids.map { _ in "?" }.joined(separator: ", ")))", ids)
    {
      rows[try row.decode("fts_rowid")] = row
    }
    return rows
  }

  private func noteHits(_ scope: SearchScope) throws -> Ranked {
    let found = try ranked(
      """
      SELECT evidence_note_fts.rowid AS fts_rowid, l.note AS text_a, i.key, i.label, d.family || '/' || d.component AS component,
        r.platform, r.assistive_tech, l.start_ms, l.end_ms, l.recording_id, bm25(evidence_note_fts) AS score
      FROM evidence_note_fts JOIN evidence_link l ON l.id = evidence_note_fts.rowid
        JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
        JOIN recording r ON r.id = l.recording_id
      WHERE evidence_note_fts MATCH ?1 AND l.retracted_at IS NULL
        AND (?2 IS NULL OR (d.family = ?2 AND d.component = ?3)) AND (?4 IS NULL OR r.platform = ?4)
      """, fts: "evidence_note_fts", values: [scope.expression, scope.family, scope.slug, scope.platform],
      limit: scope.limit)
    let snippets = try snippets(rows: found.rows, column: 0, expression: scope.expression)
    let hits = try found.rows.map { row in
      SearchHit(
        kind: .notes, source: "notes", component: (try row.decode("component") as String?),
        platform: (try row.decode("platform") as String?),
        platforms: (try row.decode("platform") as String?).map { [$0] } ?? [],
        assistiveTech: (try row.decode("assistive_tech") as String?),
        title: try row.decode("label"),
        snippet: snippets[try row.decode("fts_rowid")] ?? "",
        item: (try row.decode("key") as String?),
        recording: try recordingPathAndName(try row.decode("recording_id")).path,
        startSeconds: (try row.decode("start_ms") as Int64?).map { Double($0) / 1000 },
        endSeconds: (try row.decode("end_ms") as Int64?).map { Double($0) / 1000 },
        score: try row.decode("score"))
    }
    return Ranked(hits: hits, capped: found.capped)
  }

  /// A recording's shown path (``RecordingLibrary/primaryPath``) and file name, for the few hits kept.
  private func recordingPathAndName(_ id: Int64?) throws -> (path: String?, name: String) {
    let path: String? = try connection.first(
      "SELECT \(RecordingLibrary.primaryPath) AS path FROM recording r WHERE r.id = ?", [id])?.decode("path")
    return (path, path.map { ($0 as NSString).lastPathComponent } ?? "")
  }

  /// `family/component` of a recording row, when both are known.
  private static func component(_ row: Row) throws -> String? {
    guard let family: String = try row.decode("family"), let component: String = try row.decode("component")
    else {
      return nil
    }
    return "\(family)/\(component)"
  }
}

/// The search indexes: criteria, captions, recording names and link notes, ranked by bm25.
struct SearchIndex: DatabaseDomain {
  /// The workspace database.
  let connection: Connection
  /// The document frequencies of phrases, counted once per version of an index.
  let statistics: PhraseStatistics
}
