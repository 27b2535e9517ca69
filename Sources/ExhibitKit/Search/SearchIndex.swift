import ExhibitSQLite
import Foundation

extension SearchIndex {
  /// Searches criteria, captions, recording names and link notes through the FTS5 indexes.
  ///
  /// Criteria hits come from each component's current criteria (the primary document's newest
  /// revision), so re-imported text replaces the old. Caption hits carry the cue's time.
  /// - Parameters:
  ///   - request: The query, filters and limit.
  ///   - helper: Another connection's index, reading the same state of the database in a
  ///     transaction of its own, with the queue to use it on: the indexes are then ranked on
  ///     both at once (``SearchWork``).
  /// - Returns: At most `limit` hits, ranked by bm25 and grouped by component.
  /// - Throws: ``SearchError``, ``LookupError`` for an unknown or ambiguous component, or
  ///   ``SQLiteError``.
  func search(_ request: SearchRequest, beside helper: (index: SearchIndex, queue: DispatchQueue)? = nil)
    throws -> SearchResults
  {
    guard request.limit >= 1 else { throw SearchError.badLimit(request.limit) }
    let query = try SearchQuery(request.text)
    let component = try request.component.map { try components.resolve($0).description }
    let scope = SearchScope(
      expression: query.expression, phrases: query.phrases, component: component,
      platform: request.platform?.rawValue, limit: request.limit)
    let kinds = request.kinds.isEmpty ? Set(SearchKind.allCases) : request.kinds
    // Each index's query, in the order the threads take them: the costliest first as a rule, so
    // two threads end near together.
    let documents = kinds.contains(.criteria) ? try currentCriteriaDocumentIDs(component: component) : "[]"
    let indexes: [(kind: SearchKind, rank: (SearchIndex) throws -> Ranked)] = [
      (.criteria, { try $0.criteriaItemHits(scope, documents: documents) }),
      (.captions, { try $0.captionHits(scope) }),
      (.criteria, { try $0.gherkinHits(scope, documents: documents) }),
      (.notes, { try $0.noteHits(scope) }),
      (.recordings, { try $0.recordingNameHits(scope) }),
      (
        .criteria,
        {
          try $0.developerTextHits(
            scope, documents: documents, table: "developer_note", source: "developer-note")
        }
      ),
      (
        .criteria,
        {
          try $0.developerTextHits(
            scope, documents: documents, table: "announcement_example", source: "announcement")
        }
      ),
    ]
    let tasks = indexes.filter { kinds.contains($0.kind) }
    let rankings = try SearchWork(tasks.map(\.rank)).run(on: self, beside: helper)
    var found: [SearchKind: [Ranked]] = [:]
    for (task, ranked) in zip(tasks, rankings) { found[task.kind, default: []].append(ranked) }
    // Hits rank by score, then kind, then snippet: only the hits that can be among the first
    // `limit` need their snippets cut (every hit ahead of the limit's score and kind, and those
    // tied with it), not each index's best `limit`.
    var candidates = found.values.joined().flatMap(\.candidates).sorted {
      ($0.hit.score, $0.hit.kind.rawValue) < ($1.hit.score, $1.hit.kind.rawValue)
    }
    if candidates.count > request.limit {
      let last = candidates[request.limit - 1].hit
      candidates = Array(
        candidates.prefix { ($0.hit.score, $0.hit.kind.rawValue) <= (last.score, last.kind.rawValue) })
    }
    let snippets = try snippets(of: candidates.map(\.text), expression: scope.expression)
    for (index, snippet) in snippets.enumerated() { candidates[index].hit.snippet = snippet }
    let ranked = candidates.map(\.hit).sorted {
      ($0.score, $0.kind.rawValue, $0.snippet) < ($1.score, $1.kind.rawValue, $1.snippet)
    }
    return SearchResults(
      query: request.text, expression: query.expression, ranked: Array(ranked.prefix(request.limit)),
      capped: SearchKind.allCases.filter { found[$0]?.contains(where: \.capped) == true })
  }

  /// One index's best hits, and whether more matched than were ranked.
  private struct Ranked {
    /// The hits, their snippets still to cut.
    var candidates: [Candidate]
    var capped: Bool
  }

  /// A hit and the text its snippet is cut from, once every index has chosen its hits.
  private struct Candidate {
    var hit: SearchHit
    var text: SnippetText
  }

  /// A kept row's text: one column, or two (a criteria item's label and expectation) of which
  /// the snippet comes from the one that matches best.
  private struct SnippetText {
    var first: String
    var second: String?
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
  /// bounded amount of work beyond FTS5's own count of its documents. With `walkForward`, for a
  /// query whose matches are known to be few, every match is read oldest first and the newest
  /// kept after: the same rows, and FTS5 intersects a small filter with a long word list
  /// forward in less than half the time it takes backward (0.65 against 1.56 ms).
  /// - Returns: The best `limit` rows, and whether more than the cap matched.
  private func ranked(
    _ inner: String, fts: String, values: [any SQLBindable], limit: Int, walkForward: Bool = false
  ) throws -> (rows: [Row], capped: Bool) {
    let newest =
      walkForward
      ? "SELECT * FROM walked ORDER BY fts_rowid DESC" : "\(inner) ORDER BY \(fts).rowid DESC"
    let rows = try connection.query(
      """
      \(walkForward ? "WITH walked AS MATERIALIZED (\(inner))" : "")
      SELECT *, count(*) OVER () AS candidates FROM (
        \(newest) LIMIT \(SearchRequest.candidateCap + 1)
      ) ORDER BY score, fts_rowid DESC LIMIT \(limit)
      """, values)
    return (rows, (try rows.first?.decode("candidates") ?? 0) > SearchRequest.candidateCap)
  }

  /// Whether an index's matches under `filters` are few enough to walk forward (``ranked(_:fts:values:limit:walkForward:)``):
  /// no more than four times the cap hold the rarest filter token, so reading them all costs
  /// little more than reading the newest.
  private func fewMatch(_ index: String, _ filters: SearchFilterTokens) throws -> Bool {
    guard !filters.tokens.isEmpty else { return false }
    let rows = try statistics.rows(in: index, column: "scope", holding: filters.tokens)
    return (rows.min() ?? .max) <= 4 * Int64(SearchRequest.candidateCap)
  }

  /// The snippets of every index's kept rows, with matched words marked, in `texts`' order ("" for
  /// a text the expression does not match, as when only a filter token did).
  ///
  /// The kept rows' text is indexed again in a scratch FTS5 table with the same tokenizer and
  /// matched with the same expression there: a prefix term then expands over a few rows' words
  /// instead of the whole index's, once per search rather than once per row or per index. The
  /// scratch index reads its text from a scratch table (external content), so emptying it drops
  /// its segments instead of deleting row by row, and one savepoint makes FTS5 write one segment,
  /// not one a row. A snippet depends on its own row's text alone, so one pass for all indexes
  /// cuts the same snippets as a pass per index.
  /// - Parameters:
  ///   - texts: The kept rows' texts.
  ///   - expression: The FTS5 expression the rows matched.
  /// - Returns: One snippet per text.
  /// - Throws: ``SQLiteError``.
  private func snippets(of texts: [SnippetText], expression: String) throws -> [String] {
    guard !texts.isEmpty else { return [] }
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS temp.snippet_text (
        id INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT NOT NULL, best_of INTEGER NOT NULL);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.snippet_scratch USING fts5 (
        a, b, content = 'snippet_text', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      SAVEPOINT snippets;
      """)
    do {
      try connection.execute(
        """
        DELETE FROM temp.snippet_text;
        INSERT INTO temp.snippet_scratch (snippet_scratch) VALUES ('delete-all');
        """)
      let insert = try connection.prepare(
        "INSERT INTO temp.snippet_text (id, a, b, best_of) VALUES (?, ?, ?, ?)")
      for (index, text) in texts.enumerated() {
        // Two columns: the better one (-1); one: that one (0).
        try insert.run([
          .integer(Int64(index)), .text(text.first), .text(text.second ?? ""),
          .integer(text.second == nil ? 0 : -1),
        ])
      }
      try connection.execute(
        "INSERT INTO temp.snippet_scratch (rowid, a, b) SELECT id, a, b FROM temp.snippet_text")
      var snippets = Array(repeating: "", count: texts.count)
      for row in try connection.query(
        """
        SELECT f.rowid AS id, snippet(snippet_scratch, t.best_of, \(Self.snippetMarks)) AS s
        FROM temp.snippet_scratch f JOIN temp.snippet_text t ON t.id = f.rowid
        WHERE snippet_scratch MATCH ?
        """, [expression])
      {
        snippets[Int(try row.decode("id") as Int64)] = try row.decode("s")
      }
      try connection.execute("RELEASE snippets")
      return snippets
    } catch {
      try? connection.execute("ROLLBACK TO snippets; RELEASE snippets;")
      throw error
    }
  }

  /// The current criteria document of every component (or of one): what "current criteria"
  /// means for `show` and `coverage`, as triggers keep it in `criteria_current`, as a JSON array
  /// for `json_each`.
  private func currentCriteriaDocumentIDs(component: String?) throws -> String {
    let parts = component?.split(separator: "/").map(String.init)
    let row = try connection.first(
      """
      SELECT json_group_array(document_id) AS ids FROM criteria_current
      WHERE ?1 IS NULL OR (family = ?1 AND component = ?2)
      """, [parts?.first, parts?.last])
    return try row?.decode("ids") ?? "[]"
  }

  /// The lowest and highest id of the rows a component's current document holds, with a
  /// component filter: one import writes them together, so FTS5 reads that stretch of its lists
  /// instead of every match (2 ms to 0.25 ms for a common word). Without the filter, every id.
  /// - Parameters:
  ///   - scope: The search; only its component matters.
  ///   - bounds: A `SELECT` of `low` and `high` that ends in `IN`, for the documents.
  ///   - documents: The current documents, as a JSON array.
  /// - Returns: The two bounds, to bind; nil bounds (no rows) match nothing.
  /// - Throws: ``SQLiteError``.
  private func rowRange(_ scope: SearchScope, _ bounds: String, _ documents: String) throws
    -> [any SQLBindable]
  {
    guard scope.component != nil else { return [Int64.min, Int64.max] }
    let row = try connection.first(bounds + " (SELECT value FROM json_each(?))", [documents])
    let low: Int64? = try row?.decode("low")
    let high: Int64? = try row?.decode("high")
    return [low, high]
  }

  private func criteriaItemHits(_ scope: SearchScope, documents: String) throws -> Ranked {
    let found = try ranked(
      """
      SELECT criteria_item_fts.rowid AS fts_rowid,
        \(try ranking("criteria_item_fts", weights: [4, 1], scope)) AS score
      FROM \(Self.withSizes("criteria_item_fts")) JOIN criteria_item i ON i.id = criteria_item_fts.rowid
      WHERE criteria_item_fts MATCH ?1 AND criteria_item_fts.rowid BETWEEN ?4 AND ?5
        AND i.document_id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR instr(',' || i.platforms || ',', ',' || ?3 || ',') > 0)
      """, fts: "criteria_item_fts",
      values: [scope.expression, documents, scope.platform]
        + (try rowRange(
          scope, "SELECT min(id) AS low, max(id) AS high FROM criteria_item WHERE document_id IN", documents)),
      limit: scope.limit
    )
    let details = try rowsByID(
      id: "i.id",
      """
      SELECT i.id AS fts_rowid, i.label AS text_a, i.expectation AS text_b, i.key, i.label, i.platforms,
        d.family || '/' || d.component AS component
      FROM criteria_item i JOIN criteria_document d ON d.id = i.document_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let platforms = Self.platforms(try row.decode("platforms"))
      return Candidate(
        hit: SearchHit(
          kind: .criteria, source: "item", component: try Self.componentID(row),
          platform: Self.platform(scope.platform) ?? (platforms.count == 1 ? platforms[0] : nil),
          platforms: platforms,
          assistiveTech: nil, title: try row.decode("label"),
          snippet: "",
          item: (try row.decode("key") as String?).flatMap(ItemKey.init), recording: nil, startSeconds: nil,
          endSeconds: nil, score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a"), second: try row.decode("text_b")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  private func gherkinHits(_ scope: SearchScope, documents: String) throws -> Ranked {
    let found = try ranked(
      """
      SELECT gherkin_step_fts.rowid AS fts_rowid, \(try ranking("gherkin_step_fts", column: "text", scope)) AS score
      FROM \(Self.withSizes("gherkin_step_fts")) JOIN gherkin_step s ON s.id = gherkin_step_fts.rowid
        JOIN gherkin_scenario sc ON sc.id = s.scenario_id
      WHERE gherkin_step_fts MATCH ?1 AND gherkin_step_fts.rowid BETWEEN ?4 AND ?5
        AND sc.document_id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = sc.document_id
                                   AND instr(',' || i.platforms || ',', ',' || ?3 || ',') > 0))
      """, fts: "gherkin_step_fts",
      values: [scope.expression, documents, scope.platform]
        + (try rowRange(
          scope,
          """
          SELECT min(s.id) AS low, max(s.id) AS high
          FROM gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id WHERE sc.document_id IN
          """, documents)),
      limit: scope.limit)
    let details = try rowsByID(
      id: "s.id",
      """
      SELECT s.id AS fts_rowid, s.text AS text_a, sc.title, d.family, d.family || '/' || d.component AS component
      FROM gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id
        JOIN criteria_document d ON d.id = sc.document_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let family = try row.decode("family") as Family
      // A desktop platform is never answered with a mobile scenario, nor mobile with a desktop one.
      if let platform = scope.platform.flatMap(Platform.init(rawValue:)) {
        let title: String = try row.decode("title")
        let text: String = try row.decode("text_a")
        guard GherkinFeature.fits(title, platform), GherkinFeature.fits(text, platform) else { return nil }
      }
      return Candidate(
        hit: SearchHit(
          kind: .criteria, source: "gherkin", component: try Self.componentID(row),
          platform: Self.platform(scope.platform),
          platforms: Platform.defaults(for: family), assistiveTech: nil,
          title: try row.decode("title"),
          snippet: "",
          item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  private func developerTextHits(_ scope: SearchScope, documents: String, table: String, source: String)
    throws
    -> Ranked
  {
    let found = try ranked(
      """
      SELECT \(table)_fts.rowid AS fts_rowid, n.text AS text_a, n.platform, n.framework, d.family,
        d.family || '/' || d.component AS component,
        \(try ranking("\(table)_fts", column: "text", scope)) AS score
      FROM \(Self.withSizes("\(table)_fts")) JOIN \(table) n ON n.id = \(table)_fts.rowid
        JOIN criteria_document d ON d.id = n.document_id
      WHERE \(table)_fts MATCH ?1 AND d.id IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR n.platform IN (?3, 'general'))
      """, fts: "\(table)_fts", values: [scope.expression, documents, scope.platform], limit: scope.limit)
    let candidates = try found.rows.map { row -> Candidate in
      let family = try row.decode("family") as Family
      // `general` notes apply to every platform of the family.
      let platformName: String = try row.decode("platform")
      let platform = Platform(rawValue: platformName)
      let framework: String = try row.decode("framework")
      let title = [platform?.displayName ?? "General", framework].filter { !$0.isEmpty }.joined(
        separator: " ")
      return Candidate(
        hit: SearchHit(
          kind: .criteria, source: source, component: try Self.componentID(row),
          platform: platform ?? Self.platform(scope.platform),
          platforms: platform.map { [$0] } ?? Platform.defaults(for: family),
          assistiveTech: nil, title: title,
          snippet: "",
          item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: try row.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  /// Caption cues, ranked on the index alone; the component and platform filters are tokens
  /// in the index (``SearchFilterTokens``), and only the kept cues are read with their recording.
  private func captionHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT caption_cue_fts.rowid AS fts_rowid,
        \(try ranking("caption_cue_fts", column: "text", scope, filters)) AS score
      FROM \(Self.withSizes("caption_cue_fts")) WHERE caption_cue_fts MATCH ?1
      """, fts: "caption_cue_fts", values: [filters.match(text: "text", scope.expression)],
      limit: scope.limit,
      walkForward: try fewMatch("caption_cue_fts", filters))
    let details = try rowsByID(
      id: "c.id",
      """
      SELECT c.id AS fts_rowid, c.text AS text_a, c.start_ms, c.end_ms, r.family, r.component, r.platform,
        r.assistive_tech, r.sha256, \(RecordingLibrary.primaryPath) AS path
      FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let recording = try Self.recording(row)
      let platform = Self.platform(try row.decode("platform"))
      return Candidate(
        hit: SearchHit(
          kind: .captions, source: "captions", component: try Self.component(row),
          platform: platform, platforms: platform.map { [$0] } ?? [],
          assistiveTech: (try row.decode("assistive_tech") as String?),
          title: recording.map { ($0.path as NSString).lastPathComponent } ?? "",
          snippet: "",
          item: nil, recording: recording,
          startSeconds: (try row.decode("start_ms") as Int64?).map { Double($0) / 1000 },
          endSeconds: (try row.decode("end_ms") as Int64?).map { Double($0) / 1000 },
          score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  /// Recording file names at present paths, filtered by tokens like captions.
  private func recordingNameHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT recording_path_fts.rowid AS fts_rowid,
        \(try ranking("recording_path_fts", column: "name", scope, filters)) AS score
      FROM \(Self.withSizes("recording_path_fts")) JOIN recording_path p ON p.id = recording_path_fts.rowid
      WHERE recording_path_fts MATCH ?1 AND p.missing_since IS NULL
      """, fts: "recording_path_fts", values: [filters.match(text: "name", scope.expression)],
      limit: scope.limit, walkForward: try fewMatch("recording_path_fts", filters))
    let details = try rowsByID(
      id: "p.id",
      """
      SELECT p.id AS fts_rowid, p.name AS text_a, p.path, p.name, r.family, r.component, r.platform, r.assistive_tech,
        r.sha256
      FROM recording_path p JOIN recording r ON r.id = p.recording_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let platform = Self.platform(try row.decode("platform"))
      return Candidate(
        hit: SearchHit(
          kind: .recordings, source: "recordings", component: try Self.component(row),
          platform: platform, platforms: platform.map { [$0] } ?? [],
          assistiveTech: (try row.decode("assistive_tech") as String?),
          title: try row.decode("name"),
          snippet: "",
          item: nil, recording: try Self.recording(row), startSeconds: nil, endSeconds: nil,
          score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  /// The ranking call for an index read ``withSizes(_:)``: `exhibit_bm25`, given each row's
  /// lengths and each phrase's row count (``PhraseStatistics``), so it need not look either up.
  private func ranking(
    _ index: String, column: String, _ scope: SearchScope, _ filters: SearchFilterTokens = .none
  ) throws -> String {
    let rows = try statistics.rows(in: index, column: column, holding: scope.phrases)
    return "\(FilteredBM25.name)(\(index), \(filters.count), \(index)_size.sz"
      + rows.map { ", \($0)" }.joined() + ")"
  }

  /// The ranking call for an index of several columns read ``withSizes(_:)``, each column's
  /// matches weighed as `bm25(index, weights...)` weighs them: `exhibit_bm25_weighted`, given
  /// each row's lengths and each phrase's row count in any column.
  private func ranking(_ index: String, weights: [Double], _ scope: SearchScope) throws -> String {
    let rows = try statistics.rows(in: index, column: nil, holding: scope.phrases)
    return "\(FilteredBM25.weightedName)(\(index), \(index)_size.sz"
      + (weights.map { ", \($0)" } + rows.map { ", \($0)" }).joined() + ")"
  }

  /// An FTS5 index with each matching row's record of its column lengths, read in the same walk
  /// (the index first, then its `_docsize` table by row id): half a microsecond less a row than
  /// FTS5's lookup of the same record from inside the ranking function.
  private static func withSizes(_ index: String) -> String {
    "\(index) LEFT JOIN \(index)_docsize AS \(index)_size ON \(index)_size.id = \(index).rowid"
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

  /// Link notes. The index holds live notes only (a retraction deletes the note from it), so
  /// without a filter it ranks alone; only the kept notes are read with their item and recording.
  private func noteHits(_ scope: SearchScope) throws -> Ranked {
    let filter: String
    if scope.component != nil {
      // A component has few links: the index is asked about those alone (50 ms to 5 ms among
      // 100,000 notes), rather than every match being joined to its item until enough pass.
      filter = """
        AND evidence_note_fts.rowid IN (
          SELECT l.id FROM criteria_document d JOIN criteria_item i ON i.document_id = d.id
            JOIN evidence_link l ON l.item_id = i.id JOIN recording r ON r.id = l.recording_id
          WHERE d.family = ?2 AND d.component = ?3 AND (?4 IS NULL OR r.platform = ?4))
        """
    } else if scope.platform != nil {
      // A platform has many: the matches are walked, newest first, until enough pass.
      filter = """
        AND EXISTS (SELECT 1 FROM evidence_link l JOIN recording r ON r.id = l.recording_id
                    WHERE l.id = evidence_note_fts.rowid AND r.platform = ?4)
        """
    } else {
      filter = ""
    }
    let found = try ranked(
      """
      SELECT evidence_note_fts.rowid AS fts_rowid, \(try ranking("evidence_note_fts", column: "note", scope)) AS score
      FROM \(Self.withSizes("evidence_note_fts")) WHERE evidence_note_fts MATCH ?1 \(filter)
      """, fts: "evidence_note_fts",
      values: filter.isEmpty
        ? [scope.expression] : [scope.expression, scope.family, scope.slug, scope.platform],
      limit: scope.limit)
    let details = try rowsByID(
      id: "l.id",
      """
      SELECT l.id AS fts_rowid, l.note AS text_a, i.key, i.label, d.family || '/' || d.component AS component,
        r.platform, r.assistive_tech, r.sha256, l.start_ms, l.end_ms, \(RecordingLibrary.primaryPath) AS path
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
        JOIN criteria_document d ON d.id = i.document_id JOIN recording r ON r.id = l.recording_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let platform = Self.platform(try row.decode("platform"))
      return Candidate(
        hit: SearchHit(
          kind: .notes, source: "notes", component: try Self.componentID(row),
          platform: platform, platforms: platform.map { [$0] } ?? [],
          assistiveTech: (try row.decode("assistive_tech") as String?),
          title: try row.decode("label"),
          snippet: "",
          item: (try row.decode("key") as String?).flatMap(ItemKey.init),
          recording: try Self.recording(row),
          startSeconds: (try row.decode("start_ms") as Int64?).map { Double($0) / 1000 },
          endSeconds: (try row.decode("end_ms") as Int64?).map { Double($0) / 1000 },
          score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped)
  }

  /// The component of a recording row, when its family and component are both known.
  private static func component(_ row: Row) throws -> ComponentID? {
    guard let family: String = try row.decode("family"), let component: String = try row.decode("component")
    else {
      return nil
    }
    return ComponentID("\(family)/\(component)")
  }

  /// A row's `component` column, `family/slug`.
  private static func componentID(_ row: Row) throws -> ComponentID? {
    (try row.decode("component") as String?).flatMap(ComponentID.init)
  }

  /// A stored platform name, nil for none or one Exhibit does not know.
  private static func platform(_ name: String?) -> Platform? {
    name.flatMap(Platform.init(rawValue:))
  }

  /// A stored, comma-separated list of platforms.
  private static func platforms(_ list: String) -> [Platform] {
    list.split(separator: ",").compactMap { Platform(rawValue: String($0)) }
  }

  /// The recording a row's `sha256` and `path` name, when it has both.
  private static func recording(_ row: Row) throws -> RecordingRef? {
    guard let sha256: String = try row.decode("sha256"), let path: String = try row.decode("path") else {
      return nil
    }
    return RecordingRef(sha256: sha256, path: path)
  }
}

/// The search indexes: criteria, captions, recording names and link notes, ranked by bm25.
struct SearchIndex {
  /// Component names and aliases.
  private var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// The workspace database.
  let connection: Connection
  /// The document frequencies of phrases, counted once per version of an index.
  let statistics: PhraseStatistics
}
