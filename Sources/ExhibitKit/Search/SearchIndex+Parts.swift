import ExhibitSQLite
import Foundation

// An index read in two parts by row id, one on each connection, when every match must be read
// anyway: a phrase of two common words filtered by platform (`"double tap"` on iOS) walks all
// the rows holding both words, and two halves walk at once.
extension SearchIndex {
  /// The caption index's row ids in two halves, when the matches for `scope` are expected to
  /// be no more than the cap, so that all of them are read (walked forward) whichever way: the
  /// rows holding the rarest phrase when every term must match (else every row), times the
  /// share of rows holding each filter token. Nil otherwise, when the newest matches are read
  /// from the one index as usual. (An expectation that proves wrong costs time, not hits:
  /// ``captionHits(_:merging:of:)``.)
  func captionParts(_ scope: SearchScope) throws -> [Range<Int64>]? {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    // Two subqueries: each ends at one end of the table's tree (one query with both scans it).
    guard
      let row = try connection.first(
        "SELECT (SELECT min(id) FROM caption_cue) AS low, (SELECT max(id) FROM caption_cue) AS high"),
      let low: Int64 = try row.decode("low"), let high: Int64 = try row.decode("high"), high > low
    else { return nil }
    let total = Double(high - low + 1)
    var expected = total
    if scope.conjunctive,
      let rarest = try statistics.rows(in: "caption_cue_fts", column: "text", holding: scope.phrases).min()
    {
      expected = Double(rarest)
    }
    for rows in try statistics.rows(in: "caption_cue_fts", column: "scope", holding: filters.tokens) {
      expected *= Double(rows) / total
    }
    guard expected <= Double(SearchRequest.candidateCap) else { return nil }
    let middle = low + (high - low) / 2
    return [middle..<(high + 1), low..<middle]
  }

  /// The caption hits from the two parts ``captionParts(_:)`` made (newer first), as the whole
  /// index ranks them: its newest matches, up to the cap and one more, ranked by score (the
  /// newer first where scores tie), the best `limit` kept.
  /// - When all matches together are no more than the cap, they are all the newest.
  /// - When the newer part alone has more, its newest are the whole index's.
  /// - Else the newest are all the newer part's and the newest of the older part's: those are
  ///   read again from the older part.
  func captionHits(_ scope: SearchScope, merging parts: [Ranked], of ranges: [Range<Int64>]) throws -> Ranked
  {
    let cap = SearchRequest.candidateCap
    let newer = parts[0]
    if newer.matches > cap { return newer }
    var older = parts[1]
    let matches = newer.matches + older.matches
    if matches > cap { older = try captionHits(scope, part: ranges[1], newest: cap + 1 - newer.matches) }
    let candidates = (newer.candidates + older.candidates).sorted {
      $0.hit.score < $1.hit.score || ($0.hit.score == $1.hit.score && $0.rowid > $1.rowid)
    }
    return Ranked(
      candidates: Array(candidates.prefix(scope.limit)), capped: matches > cap, matches: min(matches, cap + 1)
    )
  }
}
