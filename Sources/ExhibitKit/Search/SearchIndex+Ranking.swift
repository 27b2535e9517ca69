import ExhibitSQLite
import ExhibitStorage
import Foundation

// Ranking: each index's matches, newest first or walked forward, scored by Exhibit's bm25.
extension SearchIndex {
  /// Ranks the newest ``SearchRequest/candidateCap`` matches of one index by bm25.
  ///
  /// `inner` selects `fts_rowid` and `score` (plus whatever the hit needs), filtered, from an FTS
  /// query over `fts`; it is read newest first and cut at the cap, so a common word costs a
  /// bounded amount of work beyond FTS5's own count of its documents. With `walkForward`, for a
  /// query whose matches are known to be few, every match is read oldest first and the newest
  /// kept after: the same rows, and FTS5 intersects a small filter with a long word list
  /// forward in less than half the time it takes backward (0.65 against 1.56 ms).
  /// - Returns: The best `limit` rows, whether more than the cap matched, and how many matched
  ///   (up to the cap and one more).
  func ranked(
    _ inner: String, fts: String, values: [any SQLBindable], limit: Int, walkForward: Bool = false
  ) throws -> (rows: [Row], capped: Bool, matched: Int) {
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
    let matched: Int = try rows.first?.decode("candidates") ?? 0
    return (rows, matched > SearchRequest.candidateCap, matched)
  }

  /// Whether an index's matches under `filters` are few enough to walk forward (``ranked(_:fts:values:limit:walkForward:)``):
  /// no more than four times the cap hold the rarest filter token, so reading them all costs
  /// little more than reading the newest.
  func fewMatch(_ index: String, _ filters: SearchFilterTokens) throws -> Bool {
    guard !filters.tokens.isEmpty else { return false }
    let rows = try statistics.rows(in: index, column: "scope", holding: filters.tokens)
    return (rows.min() ?? .max) <= 4 * Int64(SearchRequest.candidateCap)
  }

  /// The ranking call for an index read ``withSizes(_:)``: `exhibit_bm25`, given each row's
  /// lengths and each phrase's row count (``PhraseStatistics``), so it need not look either up.
  func ranking(
    _ index: String, column: String, _ scope: SearchScope, _ filters: SearchFilterTokens = .none
  ) throws -> String {
    let rows = try statistics.rows(in: index, column: column, holding: scope.phrases)
    return "\(FilteredBM25.name)(\(index), \(filters.count), \(index)_size.sz"
      + rows.map { ", \($0)" }.joined() + ")"
  }

  /// An FTS5 index with each matching row's record of its column lengths, read in the same walk
  /// (the index first, then its `_docsize` table by row id): half a microsecond less a row than
  /// FTS5's lookup of the same record from inside the ranking function.
  static func withSizes(_ index: String) -> String {
    "\(index) LEFT JOIN \(index)_docsize AS \(index)_size ON \(index)_size.id = \(index).rowid"
  }

  /// The rows `select` gives for the ranked rows' ids (`id` is its id column, selected as
  /// `fts_rowid`), by id.
  func rowsByID(id: String, _ select: String, _ ranked: [Row]) throws -> [Int64: Row] {
    try rowsByID(id: id, select, ids: try ranked.map { try $0.decode("fts_rowid") })
  }

  /// The rows `select` gives for these ids, by id.
  func rowsByID(id: String, _ select: String, ids: [Int64]) throws -> [Int64: Row] {
    guard !ids.isEmpty else { return [:] }
    var rows: [Int64: Row] = [:]
    for row in try connection.query(
      select + " WHERE \(id) IN (\(ids.map { _ in "?" }.joined(separator: ", ")))", ids)
    {
      rows[try row.decode("fts_rowid")] = row
    }
    return rows
  }
}
