import ExhibitStorage
import Foundation

// The recordings' indexes: caption cues and file names, filtered by their recording's
// component and platform tokens (SearchFilterTokens).
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
    return Ranked(candidates: try captionCandidates(best), capped: found.capped, matched: found.matched)
  }

  /// The cues' matches in `range` of row ids, walked forward, the newest first: at most the cap
  /// and one more, with their scores (``captionHits(_:fromParts:whole:)`` merges two ranges).
  func captionMatches(_ scope: SearchScope, in range: Range<Int64>) throws -> [(rowid: Int64, score: Double)]
  {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let within =
      "caption_cue_fts.rowid >= \(range.lowerBound) AND caption_cue_fts.rowid < \(range.upperBound)"
    return try connection.query(
      """
      WITH walked AS MATERIALIZED (\(try captionScores(scope, filters)) AND \(within))
      SELECT fts_rowid, score FROM walked ORDER BY fts_rowid DESC LIMIT \(SearchRequest.candidateCap + 1)
      """, [filters.match(text: "text", scope.expression)]
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
  func captionCandidates(_ ranked: [(rowid: Int64, score: Double)]) throws -> [Candidate] {
    let details = try rowsByID(
      id: "c.id",
      """
      SELECT c.id AS fts_rowid, c.text AS text_a, c.start_ms, c.end_ms, r.family, r.component, r.platform,
        r.assistive_tech, r.sha256, \(RecordingLibrary.primaryPath) AS path
      FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id
      """, ids: ranked.map(\.rowid))
    return try ranked.compactMap { ranked -> Candidate? in
      guard let row = details[ranked.rowid] else { return nil }
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
          score: ranked.score),
        text: SnippetText(first: try row.decode("text_a")))
    }
  }

  /// Recording file names at present paths, filtered by tokens like captions.
  func recordingNameHits(_ scope: SearchScope) throws -> Ranked {
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
    return Ranked(candidates: candidates, capped: found.capped, matched: found.matched)
  }
}
