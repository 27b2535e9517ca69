import ExhibitSQLite
import ExhibitStorage
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
    let kinds = request.searchedKinds
    let filters = try SearchFilters(request, kinds: kinds, on: connection)
    let scope = SearchScope(
      expression: query.expression, phrases: query.phrases, filters: filters, limit: request.limit,
      conjunctive: query.terms.allSatisfy { $0.joiner == .and })
    // Each source's ranking, in the order the threads take them (``SearchSource/all``): the
    // costliest first as a rule, so two threads end near together.
    let indexes: [(kind: SearchKind, rank: (SearchIndex) throws -> Ranked)] = SearchSource.all.map { source in
      switch source.name {
      case "item": (source.kind, { try $0.criteriaItemHits(scope) })
      case "gherkin": (source.kind, { try $0.gherkinHits(scope) })
      case "captions": (source.kind, { try $0.captionHits(scope) })
      case "recordings": (source.kind, { try $0.recordingNameHits(scope) })
      case "notes": (source.kind, { try $0.noteHits(scope) })
      case "heard": (source.kind, { try $0.heardHits(scope) })
      default: (source.kind, { try $0.developerTextHits(scope, source: source) })
      }
    }
    var tasks = indexes.filter { kinds.contains($0.kind) }.map { (kind: $0.kind, part: false, rank: $0.rank) }
    // A phrase of two or more words is read from the caption pair index; else captions with few
    // matches, all of which are read, are read in two parts at once.
    let pair = kinds.contains(.captions) ? try captionPair(scope) : nil
    if let pair, let captions = tasks.firstIndex(where: { $0.kind == .captions }) {
      tasks[captions].rank = { try $0.captionPairHits(scope, pair: pair) }
    }
    if pair == nil, let helper, kinds.contains(.captions) { try countCaptionPhrases(scope, beside: helper) }
    var parts: (ranges: [Range<Int64>], whole: Bool)?
    if helper != nil && kinds.contains(.captions) {
      parts = try pair.map { try pairParts(scope, pair: $0) } ?? captionParts(scope)
    }
    if let parts {
      tasks.removeAll { $0.kind == .captions }
      tasks.insert(
        contentsOf: parts.ranges.map { range in
          (
            kind: .captions, part: true,
            rank: {
              Ranked(
                candidates: [], capped: false, newest: try $0.captionMatches(scope, in: range, pair: pair))
            }
          )
        }, at: 0)
    }
    let rankings = try SearchWork(tasks.map(\.rank)).run(on: self, beside: helper)
    var found: [SearchKind: [Ranked]] = [:]
    var captionParts: [Ranked] = []
    for (task, ranked) in zip(tasks, rankings) {
      if task.part { captionParts.append(ranked) } else { found[task.kind, default: []].append(ranked) }
    }
    if let parts {
      found[.captions] = [try captionHits(scope, fromParts: captionParts, whole: parts.whole, pair: pair)]
    }
    // Hits rank as ``SearchHit/ranksBefore(_:)`` says, heard phrases last, then by score, kind
    // and snippet: only the hits that can be among the first `limit` need their snippets cut
    // (every hit ahead of the limit's place, and those tied with it but for the snippet), not
    // each index's best `limit`.
    func place(_ hit: SearchHit) -> (Int, Double, String) {
      (hit.kind == .heard ? 1 : 0, hit.score, hit.kind.rawValue)
    }
    var candidates = found.values.joined().flatMap(\.candidates).sorted { place($0.hit) < place($1.hit) }
    if candidates.count > request.limit {
      let last = place(candidates[request.limit - 1].hit)
      candidates = Array(candidates.prefix { place($0.hit) <= last })
    }
    let snippets = try snippets(of: candidates.map(\.text), expression: scope.expression)
    for (index, snippet) in snippets.enumerated() { candidates[index].hit.snippet = snippet }
    let hits = Dictionary(grouping: candidates.map(\.hit), by: \.kind)
    return SearchResults(
      request, query,
      found: found.map { kind, ranked in
        SearchFound(
          kind: kind, hits: hits[kind] ?? [], capped: ranked.contains(where: \.capped),
          matched: ranked.reduce(0) { $0 + $1.matched })
      })
  }

  /// One index's best hits, and whether more matched than were ranked.
  struct Ranked {
    /// The hits, their snippets still to cut.
    var candidates: [Candidate]
    var capped: Bool
    /// How many entries matched (up to the cap and one more).
    var matched = 0
    /// A range's matches, newest first, with their scores, for ranking parts of an index
    /// together (``captionMatches(_:in:)``); its candidates are then made after.
    var newest: [(rowid: Int64, score: Double)] = []
  }

  /// A hit and the text its snippet is cut from, once every index has chosen its hits.
  struct Candidate {
    var hit: SearchHit
    var text: SnippetText
  }

  /// A kept row's text: one column, or two (a criteria item's label and expectation) of which
  /// the snippet comes from the one that matches best.
  struct SnippetText {
    var first: String
    var second: String?
  }

  /// What every per-index query shares.
  struct SearchScope {
    var expression: String
    /// The expression's phrases, in FTS5's order.
    var phrases: [String]
    /// The component, platform, audit and current documents (``SearchSource/predicate(_:)``).
    var filters: SearchFilters
    var limit: Int
    /// Whether every term must match (no OR or NOT): then no more rows match than hold the
    /// rarest phrase.
    var conjunctive = false

    /// The component as `family/slug`, as the filter tokens spell it.
    var component: String? { filters.component?.description }
    /// The platform's name, as the filter tokens spell it.
    var platform: String? { filters.platform?.rawValue }
  }

  /// Marks around matched words in snippets, and the ellipsis where text was cut.
  static let snippetMarks = "'[', ']', '…', 16"

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
  func snippets(of texts: [SnippetText], expression: String) throws -> [String] {
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

  /// The ranking call for an index of several columns read ``withSizes(_:)``, each column's
  /// matches weighed as `bm25(index, weights...)` weighs them: `exhibit_bm25_weighted`, given
  /// each row's lengths and each phrase's row count in any column.
  func ranking(_ index: String, weights: [Double], _ scope: SearchScope) throws -> String {
    let rows = try statistics.rows(in: index, column: nil, holding: scope.phrases)
    return "\(FilteredBM25.weightedName)(\(index), \(index)_size.sz"
      + (weights.map { ", \($0)" } + rows.map { ", \($0)" }).joined() + ")"
  }

}

/// The search indexes: criteria, captions, recording names and link notes, ranked by bm25.
struct SearchIndex {
  /// Component names and aliases.
  var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// The workspace database.
  let connection: Connection
  /// The document frequencies of phrases, counted once per version of an index.
  let statistics: PhraseStatistics
  /// Whether a phrase of words is read from the caption pair index (``captionPair(_:)``);
  /// tests turn it off to compare the two readings.
  var readsWordPairs = true
}
