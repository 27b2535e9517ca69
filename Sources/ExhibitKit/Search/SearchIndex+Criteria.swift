import ExhibitSQLite
import ExhibitStorage
import Foundation

// The criteria indexes: items, Gherkin steps, developer notes and announcements, each read
// within the current criteria documents' stretch of its index.
extension SearchIndex {
  /// The current criteria document of every component (or of one): what "current criteria"
  /// means for `show` and `coverage`, as triggers keep it in `criteria_current`, as a JSON array
  /// for `json_each`.
  func currentCriteriaDocumentIDs(component: String?) throws -> String {
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
  func rowRange(_ scope: SearchScope, _ bounds: String, _ documents: String) throws
    -> [any SQLBindable]
  {
    guard scope.component != nil else { return [Int64.min, Int64.max] }
    let row = try connection.first(bounds + " (SELECT value FROM json_each(?))", [documents])
    let low: Int64? = try row?.decode("low")
    let high: Int64? = try row?.decode("high")
    return [low, high]
  }

  func criteriaItemHits(_ scope: SearchScope, documents: String) throws -> Ranked {
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
    return Ranked(candidates: candidates, capped: found.capped, matched: found.matched)
  }

  func gherkinHits(_ scope: SearchScope, documents: String) throws -> Ranked {
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
    return Ranked(candidates: candidates, capped: found.capped, matched: found.matched)
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  func developerTextHits(_ scope: SearchScope, documents: String, table: String, source: String)
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
    return Ranked(candidates: candidates, capped: found.capped, matched: found.matched)
  }
}
