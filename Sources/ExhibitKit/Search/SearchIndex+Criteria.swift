import ExhibitSQLite
import ExhibitStorage
import Foundation

// The criteria indexes: items, Gherkin steps, developer notes and announcements, each read
// within the current criteria documents' stretch of its index, under the sources' scoping rules.
extension SearchIndex {
  /// The lowest and highest id of the rows a component's current document holds, with a
  /// component filter: one import writes them together, so FTS5 reads that stretch of its lists
  /// instead of every match (2 ms to 0.25 ms for a common word). Without the filter, every id.
  /// - Parameters:
  ///   - scope: The search; only its component and documents matter.
  ///   - bounds: A `SELECT` of `low` and `high` that ends in `IN`, for the documents.
  /// - Returns: The two bounds, to bind; nil bounds (no rows) match nothing.
  /// - Throws: ``SQLiteError``.
  func rowRange(_ scope: SearchScope, _ bounds: String) throws -> [any SQLBindable] {
    guard scope.component != nil else { return [Int64.min, Int64.max] }
    let row = try connection.first(bounds + " " + scope.filters.documentList)
    let low: Int64? = try row?.decode("low")
    let high: Int64? = try row?.decode("high")
    return [low, high]
  }

  func criteriaItemHits(_ scope: SearchScope) throws -> Ranked {
    let rules = SearchSource.items.predicate(scope.filters)
    let found = try ranked(
      """
      SELECT criteria_item_fts.rowid AS fts_rowid,
        \(try ranking("criteria_item_fts", weights: [4, 1], scope)) AS score
      FROM \(Self.withSizes("criteria_item_fts")) JOIN criteria_item i ON i.id = criteria_item_fts.rowid
      WHERE criteria_item_fts MATCH ?1 AND criteria_item_fts.rowid BETWEEN ?2 AND ?3 AND \(rules.sql)
      """, fts: "criteria_item_fts",
      values: [scope.expression]
        + (try rowRange(
          scope, "SELECT min(id) AS low, max(id) AS high FROM criteria_item WHERE document_id IN"))
        + rules.values,
      limit: scope.limit
    )
    return Ranked(
      candidates: try candidates(.items, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }

  func gherkinHits(_ scope: SearchScope) throws -> Ranked {
    let rules = SearchSource.gherkinSteps.predicate(scope.filters)
    let found = try ranked(
      """
      SELECT gherkin_step_fts.rowid AS fts_rowid, \(try ranking("gherkin_step_fts", column: "text", scope)) AS score
      FROM \(Self.withSizes("gherkin_step_fts")) JOIN gherkin_step s ON s.id = gherkin_step_fts.rowid
        JOIN gherkin_scenario sc ON sc.id = s.scenario_id
      WHERE gherkin_step_fts MATCH ?1 AND gherkin_step_fts.rowid BETWEEN ?2 AND ?3 AND \(rules.sql)
      """, fts: "gherkin_step_fts",
      values: [scope.expression]
        + (try rowRange(
          scope,
          """
          SELECT min(s.id) AS low, max(s.id) AS high
          FROM gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id WHERE sc.document_id IN
          """)) + rules.values,
      limit: scope.limit)
    return Ranked(
      candidates: try candidates(.gherkinSteps, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }

  /// Developer notes and announcement examples: text per platform (`general` for all).
  func developerTextHits(_ scope: SearchScope, source: SearchSource) throws -> Ranked {
    let index = source.table.split(separator: " ")[0] + "_fts"
    let rules = source.predicate(scope.filters)
    let found = try ranked(
      """
      SELECT \(index).rowid AS fts_rowid, \(try ranking(String(index), column: "text", scope)) AS score
      FROM \(Self.withSizes(String(index))) JOIN \(source.table) ON n.id = \(index).rowid
      WHERE \(index) MATCH ?1 AND \(rules.sql)
      """, fts: String(index), values: [scope.expression] + rules.values, limit: scope.limit)
    return Ranked(
      candidates: try candidates(source, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }
}
