import ExhibitSQLite
import ExhibitStorage

// A phrase of two or more words among the captions, read from the caption pair index: each
// cue's neighbouring tokens joined into one (`WordPairs`, migration 31). A phrase of two words is
// one pair there, and FTS5 reads the pair's one list (1,966 rows for "double tap" among a million
// cues) instead of walking both words' lists together (228,000 rows) and checking positions in
// every row that holds both (12,175). A phrase of n words is a phrase of its n - 1 pairs, each
// the next token's neighbour (`"email me updates"` is `"email_me me_updat"`): FTS5 walks the
// pairs' short lists together instead of the words' long ones. A filter token is intersected with
// those lists. The phrase of pairs occurs in a row exactly where and as often as the phrase of
// words, so the rows, their order and their scores are the caption index's.
extension SearchIndex {
  /// The pairs to read for `scope`, space-separated, when the query is one phrase of two or more
  /// tokens that must match (`"double tap"`, `aria-label`, which is read as a phrase, or
  /// `"email me updates"`); nil otherwise, when ``readsWordPairs`` is off, and while the pair
  /// index has work waiting.
  func captionPair(_ scope: SearchScope) throws -> String? {
    guard readsWordPairs, scope.conjunctive, scope.phrases.count == 1, let phrase = scope.phrases.first,
      !phrase.hasSuffix("*")
    else { return nil }
    // The phrase as FTS5 quotes it: its quotes are punctuation to the tokenizer. While another
    // client's change waits for the pair index (SearchBacklog), the caption index answers.
    let row = try connection.first(
      "SELECT \(WordPairs.name)(?) AS pairs, \(SearchBacklog.pairsPendingSQL) AS behind", [phrase])
    guard let row, let pairs: String = try row.decode("pairs"), !pairs.isEmpty,
      try row.decode("behind") as Int64 == 0
    else { return nil }
    return pairs
  }

  /// Caption hits for a phrase of two or more words (`pair`, its pairs as ``captionPair(_:)``
  /// gives them), ranked on the pair index as the caption index ranks them; the filters are the
  /// same tokens. With a filter every match is read, oldest first: FTS5 then seeks the filter
  /// token's long list forward, to each of the pair's few rows, where walking it backward from
  /// the newest costs three times as much (2 against 6 ms for `"double tap"` on iOS among a
  /// million cues).
  func captionPairHits(_ scope: SearchScope, pair: String) throws -> Ranked {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let found = try ranked(
      try pairScores(scope, pair: pair), fts: "caption_pair_fts",
      values: [filters.match(text: "pairs", "\"\(pair)\"")], limit: scope.limit,
      walkForward: !filters.tokens.isEmpty)
    let best = try found.rows.map {
      (rowid: try $0.decode("fts_rowid") as Int64, score: try $0.decode("score") as Double)
    }
    return Ranked(
      candidates: try captionCandidates(scope, best), capped: found.capped, matched: found.matched)
  }

  /// How many cues hold the query's phrase, as the caption index would count them (and under
  /// the same key of ``PhraseStatistics``), counted on the pair index: the rows holding the
  /// phrase of `pair`'s pairs.
  func pairRows(_ scope: SearchScope, pair: String) throws -> [Int64] {
    try statistics.rows(in: "caption_cue_fts", column: "text", holding: scope.phrases) { _ in
      try connection.first(
        "SELECT count(*) AS n FROM caption_pair_fts WHERE caption_pair_fts MATCH ?", ["pairs : \"\(pair)\""])?
        .decode("n") ?? 0
    }
  }

  /// The pair index's rows holding `pair` and the filter tokens (bound as `?1`), with the
  /// scores the caption index gives them (``FilteredBM25/besideName``: its row lengths, its
  /// averages and the phrase's row count), unordered.
  func pairScores(_ scope: SearchScope, pair: String) throws -> String {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let averages = try PhraseStatistics.averages(of: "caption_cue_fts", connection)
    let rows = try pairRows(scope, pair: pair)
    let score =
      "\(FilteredBM25.besideName)(caption_pair_fts, \(filters.count), caption_cue_fts_size.sz, "
      + "\(averages.rows), \(averages.tokens.first ?? 0)" + rows.map { ", \($0)" }.joined() + ")"
    return """
      SELECT caption_pair_fts.rowid AS fts_rowid, \(score) AS score
      FROM caption_pair_fts
        LEFT JOIN caption_cue_fts_docsize AS caption_cue_fts_size ON caption_cue_fts_size.id = caption_pair_fts.rowid
      WHERE caption_pair_fts MATCH ?1
      """
  }
}
