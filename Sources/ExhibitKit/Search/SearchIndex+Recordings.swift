import ExhibitStorage
import Foundation

// The recordings' indexes: caption cues and file names. The sources' component and platform
// rules are tokens in these indexes (SearchFilterTokens): the same rule, in the form FTS5 reads
// fastest; the rest of the rules (present paths only) are the sources' own predicate.
extension SearchIndex {
  /// Caption cues, ranked on the index alone; the component and platform filters are tokens
  /// in the index (``SearchFilterTokens``), and only the kept cues are read with their recording.
  func captionHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      captionScores(scope, filters), fts: "caption_cue_fts",
      values: [filters.match(text: "text", scope.expression)], limit: scope.limit,
      walkForward: try fewMatch("caption_cue_fts", filters))
    let best = try found.rows.map {
      (rowid: try $0.decode("fts_rowid") as Int64, score: try $0.decode("score") as Double)
    }
    return Ranked(
      candidates: try captionCandidates(scope, best), capped: found.capped, matched: found.matched)
  }

  /// The cues' matches in `range` of row ids, walked forward, the newest first: at most the cap
  /// and one more, with their scores (``captionHits(_:fromParts:whole:)`` merges two ranges).
  /// With `pair`, the caption pair index's matches of that pair (``pairScores(_:pair:)``).
  func captionMatches(_ scope: SearchScope, in range: Range<Int64>, pair: String? = nil) throws
    -> [(rowid: Int64, score: Double)]
  {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let index = pair == nil ? "caption_cue_fts" : "caption_pair_fts"
    let within = "\(index).rowid >= \(range.lowerBound) AND \(index).rowid < \(range.upperBound)"
    let scores = try pair.map { try pairScores(scope, pair: $0) } ?? captionScores(scope, filters)
    let match =
      pair.map { filters.match(text: "pairs", "\"\($0)\"") } ?? filters.match(text: "text", scope.expression)
    return try connection.query(
      """
      WITH walked AS MATERIALIZED (\(scores) AND \(within))
      SELECT fts_rowid, score FROM walked ORDER BY fts_rowid DESC LIMIT \(SearchRequest.candidateCap + 1)
      """, [match]
    ).map { (rowid: try $0.decode("fts_rowid"), score: try $0.decode("score")) }
  }

  /// The caption index's matching row ids and scores, unordered.
  private func captionScores(_ scope: SearchScope, _ filters: SearchFilterTokens) throws -> String {
    """
    SELECT caption_cue_fts.rowid AS fts_rowid,
      \(try ranking("caption_cue_fts", column: "text", scope, filters)) AS score
    FROM \(Self.withSizes("caption_cue_fts")) WHERE caption_cue_fts MATCH ?1
    """
  }

  /// Hits for ranked cues, read with their recordings, in the order given.
  func captionCandidates(_ scope: SearchScope, _ ranked: [(rowid: Int64, score: Double)]) throws
    -> [Candidate]
  {
    try candidates(.captions, scope, ranked: ranked)
  }

  /// Phrases Exhibit heard, filtered by tokens like captions; few, so ranked on the index alone.
  func heardHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT heard_phrase_fts.rowid AS fts_rowid,
        \(try ranking("heard_phrase_fts", column: "text", scope, filters)) AS score
      FROM \(Self.withSizes("heard_phrase_fts")) WHERE heard_phrase_fts MATCH ?1
      """, fts: "heard_phrase_fts", values: [filters.match(text: "text", scope.expression)],
      limit: scope.limit, walkForward: try fewMatch("heard_phrase_fts", filters))
    return Ranked(
      candidates: try candidates(.heard, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }

  /// Recording file names at present paths, filtered by tokens like captions.
  func recordingNameHits(_ scope: SearchScope) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      """
      SELECT recording_path_fts.rowid AS fts_rowid,
        \(try ranking("recording_path_fts", column: "name", scope, filters)) AS score
      FROM \(Self.withSizes("recording_path_fts")) JOIN recording_path p ON p.id = recording_path_fts.rowid
      WHERE recording_path_fts MATCH ?1 AND \(SearchSource.recordingNames.predicate(SearchFilters()).sql)
      """, fts: "recording_path_fts", values: [filters.match(text: "name", scope.expression)],
      limit: scope.limit, walkForward: try fewMatch("recording_path_fts", filters))
    return Ranked(
      candidates: try candidates(.recordingNames, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }
}
