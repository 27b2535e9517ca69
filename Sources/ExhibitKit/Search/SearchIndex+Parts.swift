import Dispatch
import ExhibitSQLite
import ExhibitStorage
import Foundation

// The caption index read in two ranges of row ids at once, one on each connection. A phrase of
// two common words filtered by platform (`"double tap"` on iOS) walks every row holding both
// words until it has the newest matches it ranks; two ranges walk at once, and forward, which
// FTS5 does faster than backward.
extension SearchIndex {
  /// Two ranges of the caption index's row ids to read at once for `scope`, the newer first,
  /// and whether they are the whole index: the whole index in halves when no more matches than
  /// the cap are expected; else the newest row ids expected to hold a fifth more than the cap,
  /// in halves. Expected: the rows holding the rarest phrase, times the share of rows holding
  /// each filter token, spread evenly over the row ids. Nil where the index is read as usual:
  /// terms joined by OR or NOT, or a phrase of one word (FTS5 reads a word's newest rows from
  /// its list without checking positions, faster than two ranges). An expectation that proves
  /// wrong costs time, not hits (``captionHits(_:fromParts:whole:)``).
  func captionParts(_ scope: SearchScope) throws -> (ranges: [Range<Int64>], whole: Bool)? {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    let phrasesOfWords = scope.phrases.contains { $0.contains(" ") && !$0.hasSuffix("*") }
    guard scope.conjunctive, phrasesOfWords || !filters.tokens.isEmpty else { return nil }
    guard let (low, high) = try captionRowIDs() else { return nil }
    let total = Double(high - low + 1)
    var expected =
      Double(try statistics.rows(in: "caption_cue_fts", column: "text", holding: scope.phrases).min() ?? 0)
    for rows in try statistics.rows(in: "caption_cue_fts", column: "scope", holding: filters.tokens) {
      expected *= Double(rows) / total
    }
    let wanted = 1.2 * Double(SearchRequest.candidateCap + 1)
    guard expected > Double(SearchRequest.candidateCap) else {
      let middle = low + (high - low) / 2
      return ([middle..<(high + 1), low..<middle], true)
    }
    // Only the few newest common words' rows would walk a whole range: FTS5's own newest-first
    // walk stops sooner there.
    guard phrasesOfWords else { return nil }
    let span = max(Int64(total * wanted / expected), 2)
    let start = max(high + 1 - span, low)
    let middle = start + (high + 1 - start) / 2
    return ([middle..<(high + 1), start..<middle], start == low)
  }

  /// The lowest and highest caption cue id, nil unless there are two or more. Two subqueries:
  /// each ends at one end of the table's tree (one query with both scans it).
  func captionRowIDs() throws -> (low: Int64, high: Int64)? {
    guard
      let row = try connection.first(
        "SELECT (SELECT min(id) FROM caption_cue) AS low, (SELECT max(id) FROM caption_cue) AS high"),
      let low: Int64 = try row.decode("low"), let high: Int64 = try row.decode("high"), high > low
    else { return nil }
    return (low, high)
  }

  /// Two ranges of caption cue ids, the newer first, for a phrase of words read from the
  /// pair index with a filter, and whether they are the whole index: each connection walks one
  /// forward, FTS5 seeking the filter token's long list to each of the pair's rows. As for the
  /// caption index (``captionParts(_:)``), the whole index in halves when no more matches than the
  /// cap are expected (the pair's rows times each filter token's share), else the newest row ids
  /// expected to hold a fifth more than the cap: `"double tap"` on iOS among ten million cues
  /// holds about 7,300, and reading every one took 30 ms. Nil without a filter (the pair's own
  /// list, read newest first, stops at the cap) or with fewer than two cues.
  func pairParts(_ scope: SearchScope, pair: String) throws -> (ranges: [Range<Int64>], whole: Bool)? {
    let filters = SearchFilterTokens(component: scope.component, platform: scope.platform)
    guard !filters.tokens.isEmpty, let (low, high) = try captionRowIDs() else { return nil }
    let total = Double(high - low + 1)
    var expected = Double(try pairRows(scope, pair: pair).min() ?? 0)
    for rows in try statistics.rows(in: "caption_cue_fts", column: "scope", holding: filters.tokens) {
      expected *= Double(rows) / total
    }
    let wanted = 1.2 * Double(SearchRequest.candidateCap + 1)
    let span =
      expected > Double(SearchRequest.candidateCap)
      ? max(Int64(total * wanted / expected), 2) : high + 1 - low
    let start = max(high + 1 - span, low)
    let middle = start + (high + 1 - start) / 2
    return ([middle..<(high + 1), start..<middle], start == low)
  }

  /// The caption hits from the matches of the two ranges ``captionParts(_:)`` made, as the
  /// whole index ranks them: its newest matches, up to the cap and one more (the newer range's,
  /// then the older's), ranked by score (the newer first where scores tie), the best `limit`
  /// kept. When the ranges hold no more than the cap but are not the whole index, older matches
  /// count too, and the whole index is read as usual.
  /// With `pair`, the ranges are the pair index's, read as a whole by ``captionPairHits(_:pair:)``.
  func captionHits(_ scope: SearchScope, fromParts parts: [Ranked], whole: Bool, pair: String? = nil) throws
    -> Ranked
  {
    let cap = SearchRequest.candidateCap
    let newest = Array(parts.flatMap(\.newest).prefix(cap + 1))
    if newest.count <= cap && !whole {
      return try pair.map { try captionPairHits(scope, pair: $0) } ?? captionHits(scope)
    }
    let best = newest.sorted { $0.score < $1.score || ($0.score == $1.score && $0.rowid > $1.rowid) }
    return Ranked(
      candidates: try captionCandidates(scope, Array(best.prefix(scope.limit))), capped: newest.count > cap,
      matched: newest.count)
  }

  /// Counts the caption index's rows holding each of the query's phrases not counted yet at
  /// this version of the index (``PhraseStatistics``: bm25's document frequencies, and the
  /// expectation of ``captionParts(_:)``), each in two halves of the row ids at once, one on the
  /// helper's connection: a phrase of several common words is checked position by position in
  /// every row holding them all (`"email me updates"` among ten million cues).
  func countCaptionPhrases(_ scope: SearchScope, beside helper: (index: SearchIndex, queue: DispatchQueue))
    throws
  {
    guard let (low, high) = try captionRowIDs() else { return }
    let middle = low + (high - low) / 2
    let count =
      "SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH ? AND rowid >= ? AND rowid < ?"
    _ = try statistics.rows(in: "caption_cue_fts", column: "text", holding: scope.phrases) { expression in
      let other = HelperCount(connection: helper.index.connection)
      let done = DispatchSemaphore(value: 0)
      helper.queue.async {
        other.result = Result {
          try other.connection.first(count, [expression, middle, high + 1])?.decode("n") ?? 0
        }
        done.signal()
      }
      let mine: Int64 = try self.connection.first(count, [expression, low, middle])?.decode("n") ?? 0
      done.wait()
      return mine + (try other.result.get())
    }
  }
}

/// The helper's half of a count: its connection, used on its queue only, and the result,
/// written there and read after it signals.
private final class HelperCount: @unchecked Sendable {
  let connection: Connection
  var result: Result<Int64, any Error> = .success(0)

  init(connection: Connection) {
    self.connection = connection
  }
}
