import ExhibitStorage
import Foundation

// Reading the hits of ranked rows: each source's details (``SearchSource``), with the text its
// snippet is cut from.
extension SearchIndex {
  /// The candidates of one source's ranked rows (`fts_rowid` and `score`), in their order: the
  /// source's details read by id with its snippet columns, and the hit each makes.
  func candidates(_ source: SearchSource, _ scope: SearchScope, ranked: [(rowid: Int64, score: Double)])
    throws -> [Candidate]
  {
    guard !ranked.isEmpty else { return [] }
    let texts = source.snippetColumns.enumerated().map { "\($1) AS snippet_\($0)" }.joined(separator: ", ")
    var details: [Int64: Row] = [:]
    for row in try connection.query(
      "SELECT \(source.detailColumns), \(texts) FROM \(source.detailTables) WHERE \(source.alias).id IN ("
        + ranked.map { _ in "?" }.joined(separator: ", ") + ")", ranked.map(\.rowid))
    {
      details[try row.decode("hit_id")] = row
    }
    return try ranked.compactMap { ranked -> Candidate? in
      guard let row = details[ranked.rowid],
        let hit = try source.hit(row, scope.filters, score: ranked.score, snippet: "")
      else { return nil }
      let second: String? = source.snippetColumns.count > 1 ? try row.decode("snippet_1") : nil
      return Candidate(hit: hit, text: SnippetText(first: try row.decode("snippet_0"), second: second))
    }
  }

  /// ``candidates(_:_:ranked:)`` of the rows a ranking statement returned.
  func candidates(_ source: SearchSource, _ scope: SearchScope, rows: [Row]) throws -> [Candidate] {
    try candidates(
      source, scope,
      ranked: try rows.map { (rowid: try $0.decode("fts_rowid"), score: try $0.decode("score")) })
  }
}
