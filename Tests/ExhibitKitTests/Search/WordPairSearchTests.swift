import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A phrase of two words is read from the caption pair index (``SearchIndex/captionPair(_:)``):
/// it must find, order and score exactly what the caption index finds, under every filter, and
/// the pair index must follow the captions as they are added, deleted and re-scoped, and be
/// built for a workspace made before it.
@Suite struct WordPairSearchTests {
  @Test func pairsAreTheIndexTokenizersNeighbouringTokens() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("pairs.sqlite"))
    func pairs(_ text: String?) throws -> String? {
      try connection.first("SELECT exhibit_word_pairs(?) AS p", [text]).flatMap { try $0.decode("p") }
    }
    #expect(try pairs("Double-tap to toggle") == "doubl_tap tap_to to_toggl")
    let creme = try pairs("  Crème  BRÛLÉE, twice!")
    #expect(creme == "creme_brule brule_twice", "\(creme ?? "nil")")
    #expect(try pairs("\"double tap\"") == "doubl_tap")
    #expect(try pairs("tap tap tap") == "tap_tap tap_tap")
    #expect(try pairs("one") == "")
    #expect(try pairs("") == "")
    #expect(try pairs("…, !") == "")
    #expect(try pairs(nil) == nil)
    // The tokens are the caption index's: FTS5 finds each pair's words as a phrase there.
    try connection.execute(
      """
      CREATE VIRTUAL TABLE t USING fts5 (x, tokenize = 'porter unicode61 remove_diacritics 2');
      INSERT INTO t (x) VALUES ('Crème  BRÛLÉE, twice!');
      """)
    #expect(
      try connection.first("SELECT count(*) AS n FROM t WHERE t MATCH '\"crème brûlée\"'")?.int("n") == 1)
  }

  /// The sample workspace with cues that say a phrase in many ways, on two platforms.
  static func workspace() async throws -> (SampleWorkspace, Platform) {
    let workspace = try await SampleWorkspace.searchable()
    let connection = workspace.store.connection
    let tracks = try connection.query(
      """
      SELECT t.id, r.platform FROM caption_track t JOIN recording r ON r.id = t.recording_id
      WHERE r.platform IS NOT NULL ORDER BY t.id
      """)
    let first = try #require(tracks.first)
    let platform = try #require(Platform(rawValue: try first.decode("platform")))
    let other = try #require(tracks.first { $0.string("platform") != platform.rawValue })
    let texts = [
      "double tap", "Double-Tap to open", "double taps twice", "tap double", "double tap tap double tap",
      "dóuble tap", "double. Tap", "double", "tap", "a double tap then another double tap", "doubled tapping",
      "checked not checked", "not checked", "NOT CHECKED yet", "aria-label read aloud", "aria label",
      "email me updates", "Email me, updates daily", "email me email me updates", "me updates email",
      "email me updates email me updates", "emails me updated",
    ]
    try connection.transaction {
      let cue = try connection.prepare(
        "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
      var position: Int64 = 9000
      for round in 0..<40 {
        for text in texts {
          position += 1
          let track = (round + text.count) % 3 == 0 ? other : first
          try cue.run([
            .integer(try track.decode("id")), .integer(position), .integer(position), .integer(position + 1),
            .text(text + String(repeating: " more", count: round % 4)),
          ])
        }
      }
    }
    return (workspace, platform)
  }

  /// Searches on the store's connection with the pair index read, and without.
  static func bothWays(_ store: Store, _ request: SearchRequest) throws -> (
    pairs: SearchResults, words: SearchResults
  ) {
    let statistics = PhraseStatistics(connection: store.connection)
    var index = SearchIndex(connection: store.connection, statistics: statistics)
    let pairs = try store.connection.reading { try index.search(request) }
    index.readsWordPairs = false
    let words = try store.connection.reading { try index.search(request) }
    return (pairs, words)
  }

  static func requests(_ platform: Platform) -> [SearchRequest] {
    [
      SearchRequest("\"double tap\""), SearchRequest("double-tap"), SearchRequest("\"Double Taps\""),
      SearchRequest("\"tap double\""), SearchRequest("\"double tap\"", limit: 3),
      SearchRequest("\"double tap\"", platform: platform),
      SearchRequest("\"double tap\"", platform: .windows),
      SearchRequest("\"double tap\"", component: "native/checkbox", kinds: [.captions]),
      SearchRequest("\"not checked\"", kinds: [.captions]), SearchRequest("aria-label"),
      SearchRequest("\"quiet street\""), SearchRequest("\"email me updates\""),
      SearchRequest("\"email me updates\"", platform: platform),
      SearchRequest("\"email me updates\"", component: "native/checkbox", kinds: [.captions]),
      SearchRequest("\"a double tap then\""), SearchRequest("\"me updates email\"", limit: 2),
    ]
  }

  @Test func aPhraseOfTwoWordsFindsWhatTheCaptionIndexFinds() async throws {
    let (workspace, platform) = try await Self.workspace()
    for request in Self.requests(platform) {
      let found = try Self.bothWays(workspace.store, request)
      #expect(found.pairs == found.words, "\(request.text) \(request.platform?.rawValue ?? "")")
    }
    let tapped = try Self.bothWays(
      workspace.store, SearchRequest("\"double tap\"", kinds: [.captions], limit: 500))
    // 40 rounds of eight cues that say it, stemmed ("doubled tapping" too), and the sample's
    // own; none of "tap double" or either word alone.
    #expect(tapped.pairs.hits.count == 40 * 8 + 2)
    #expect(
      tapped.pairs.hits.allSatisfy {
        $0.snippet.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains("[doubl")
      })
    let filtered = try Self.bothWays(
      workspace.store, SearchRequest("\"double tap\"", platform: platform, kinds: [.captions], limit: 500))
    #expect(!filtered.pairs.hits.isEmpty && filtered.pairs.hits.count < 40 * 8)
    #expect(filtered.pairs.hits.allSatisfy { $0.platform == platform })
    // A phrase of three words is the phrase of its two pairs: every cue that says it, stemmed,
    // however often, and none that says its words in another order (40 rounds of five, and the
    // sample's own two).
    let mailed = try Self.bothWays(
      workspace.store, SearchRequest("\"email me updates\"", kinds: [.captions], limit: 500))
    #expect(mailed.pairs == mailed.words)
    #expect(mailed.pairs.hits.count == 40 * 5 + 2)
    // The phrase was read from the pair index; a prefix or a second term are not.
    let index = SearchIndex(
      connection: workspace.store.connection,
      statistics: PhraseStatistics(connection: workspace.store.connection))
    func pair(_ text: String) throws -> String? {
      let query = try SearchQuery(text)
      return try index.captionPair(
        SearchIndex.SearchScope(
          expression: query.expression, phrases: query.phrases, filters: SearchFilters(), limit: 20,
          conjunctive: query.terms.allSatisfy { $0.joiner == .and }))
    }
    #expect(try pair("\"double tap\"") == "doubl_tap")
    #expect(try pair("aria-label") == "aria_label")
    #expect(try pair("\"email me updates\"") == "email_me me_updat")
    for text in [
      "\"double tap\"*", "\"double tap\" checked", "checked", "tap OR \"double tap\"",
    ] {
      #expect(try pair(text) == nil, "\(text)")
    }
  }

  /// On two connections a filtered phrase of two words is read from the pair index in two
  /// halves at once: the same hits as the caption index read on one.
  @Test func twoConnectionsReadThePairIndexInHalves() async throws {
    let (workspace, platform) = try await Self.workspace()
    workspace.store.searchHelperFromBytes = 0
    for request in Self.requests(platform) {
      let parallel = try workspace.store.search(request)
      #expect(parallel == (try Self.bothWays(workspace.store, request).words), "\(request.text)")
    }
    #expect(workspace.store.searchHelper != nil)
    let index = SearchIndex(
      connection: workspace.store.connection,
      statistics: PhraseStatistics(connection: workspace.store.connection))
    let filtered = SearchIndex.SearchScope(
      expression: "\"double tap\"", phrases: ["\"double tap\""], filters: SearchFilters(platform: platform),
      limit: 20, conjunctive: true)
    let halves = try #require(try index.pairParts(filtered, pair: "doubl_tap"))
    #expect(
      halves.whole && halves.ranges.count == 2 && halves.ranges[0].lowerBound == halves.ranges[1].upperBound)
    let matches = try halves.ranges.flatMap { try index.captionMatches(filtered, in: $0, pair: "doubl_tap") }
    #expect(!matches.isEmpty && matches.count < 40 * 8)
    let unfiltered = SearchIndex.SearchScope(
      expression: "\"double tap\"", phrases: ["\"double tap\""], filters: SearchFilters(), limit: 20,
      conjunctive: true)
    #expect(try index.pairParts(unfiltered, pair: "doubl_tap") == nil)
  }

  /// With more matches expected than the cap, only the newest row ids expected to hold a fifth
  /// more are read; where they hold too few (the expectation wrong), the whole pair index is read.
  /// Either way the hits are the caption index's.
  @Test func aCommonPairUnderAFilterReadsTheNewestRowIds() async throws {
    let (workspace, platform) = try await Self.workspace()
    workspace.store.searchHelperFromBytes = 0
    let connection = workspace.store.connection
    let tracks = try connection.query(
      "SELECT t.id, r.platform FROM caption_track t JOIN recording r ON r.id = t.recording_id ORDER BY t.id")
    let mine = try #require(tracks.first { $0.string("platform") == platform.rawValue })
    let other = try #require(tracks.first { $0.string("platform") != platform.rawValue })
    var position: Int64 = 20_000
    func add(_ count: Int, _ text: String, to track: Row) throws {
      try connection.transaction {
        let cue = try connection.prepare(
          "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
        for index in 0..<count {
          position += 1
          try cue.run([
            .integer(try track.decode("id")), .integer(position), .integer(position), .integer(position + 1),
            .text(text + String(repeating: " again", count: index % 5)),
          ])
        }
      }
    }
    let cap = SearchRequest.candidateCap
    let index = SearchIndex(connection: connection, statistics: PhraseStatistics(connection: connection))
    let scope = SearchIndex.SearchScope(
      expression: "\"double tap\"", phrases: ["\"double tap\""], filters: SearchFilters(platform: platform),
      limit: 30, conjunctive: true)
    let request = SearchRequest("\"double tap\"", platform: platform, kinds: [.captions], limit: 30)
    // The oldest are this platform's, the newest another's: the newest span holds too few.
    try add(3 * cap, "double tap", to: mine)
    try add(3 * cap, "double tap", to: other)
    let misjudged = try #require(try index.pairParts(scope, pair: "doubl_tap"))
    #expect(!misjudged.whole)
    var found = try workspace.store.search(request)
    #expect(found == (try Self.bothWays(workspace.store, request).words))
    #expect(found.cappedKinds == [.captions] && found.hits.allSatisfy { $0.platform == platform })
    // Now the newest are this platform's too.
    try add(3 * cap, "double tap", to: mine)
    let newest = try #require(try index.pairParts(scope, pair: "doubl_tap"))
    #expect(!newest.whole)
    #expect(
      try newest.ranges.reduce(0) { $0 + (try index.captionMatches(scope, in: $1, pair: "doubl_tap")).count }
        > cap)
    found = try workspace.store.search(request)
    #expect(found == (try Self.bothWays(workspace.store, request).words))
    #expect(found.cappedKinds == [.captions])
  }

  /// FTS5's own check of the pair index, and of it against the captions it is read from.
  static func checkPairIndex(_ connection: Connection) throws {
    try connection.execute(
      "INSERT INTO caption_pair_fts (caption_pair_fts, rank) VALUES ('integrity-check', 1)")
  }

  @Test func thePairIndexFollowsTheCaptions() async throws {
    let (workspace, platform) = try await Self.workspace()
    let connection = workspace.store.connection
    try Self.checkPairIndex(connection)
    let request = SearchRequest("\"double tap\"", kinds: [.captions], limit: 500)
    let before = try Self.bothWays(workspace.store, request).pairs.hits.count
    // Cues deleted, then a recording's platform changed: both indexes follow.
    try connection.transaction {
      try connection.execute("DELETE FROM caption_cue WHERE text LIKE 'Double-Tap%' OR text LIKE 'dóuble%'")
    }
    try Self.checkPairIndex(connection)
    var found = try Self.bothWays(workspace.store, request)
    #expect(found.pairs == found.words && found.pairs.hits.count == before - 80)
    let recording: Int64 = try #require(
      try connection.first(
        "SELECT id FROM recording WHERE platform = ? ORDER BY id LIMIT 1", [platform.rawValue])?
        .decode("id"))
    try connection.transaction {
      try connection.execute("UPDATE recording SET platform = 'windows' WHERE id = ?", [recording])
    }
    try Self.checkPairIndex(connection)
    let windows = SearchRequest("\"double tap\"", platform: .windows, kinds: [.captions], limit: 500)
    found = try Self.bothWays(workspace.store, windows)
    #expect(found.pairs == found.words && !found.pairs.hits.isEmpty)
    #expect(found.pairs.hits.allSatisfy { $0.platform == .windows })
    // A cue added and deleted before its transaction commits never reaches either index.
    try connection.transaction {
      try connection.execute(
        """
        INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text)
        SELECT id, 99999, 0, 1, 'double tap once only' FROM caption_track ORDER BY id LIMIT 1
        """)
      try connection.execute("DELETE FROM caption_cue WHERE position = 99999")
    }
    try Self.checkPairIndex(connection)
    // A change made where Exhibit's tokenizer function is not (another SQLite client; here a
    // commit without Exhibit's backlog step) waits for the pair index: the caption index answers
    // phrases meanwhile, and Exhibit's next commit brings the pair index up to date.
    connection.willCommit = nil
    try connection.transaction {
      try connection.execute("UPDATE recording SET platform = 'android' WHERE id = ?", [recording])
      try connection.execute("DELETE FROM caption_cue WHERE text LIKE 'double. Tap%'")
    }
    let waiting: Int64 = try #require(
      try connection.first(
        "SELECT (SELECT count(*) FROM caption_pair_stale) + (SELECT count(*) FROM caption_pair_unindexed) AS n"
      )?
      .decode("n"))
    #expect(waiting > 0)
    let android = SearchRequest("\"double tap\"", platform: .android, kinds: [.captions], limit: 500)
    let index = SearchIndex(connection: connection, statistics: PhraseStatistics(connection: connection))
    let androidScope = SearchIndex.SearchScope(
      expression: "\"double tap\"", phrases: ["\"double tap\""], filters: SearchFilters(platform: .android),
      limit: 20, conjunctive: true)
    #expect(try connection.reading { try index.captionPair(androidScope) } == nil)
    let whileWaiting = try Self.bothWays(workspace.store, android)
    #expect(whileWaiting.pairs == whileWaiting.words && !whileWaiting.pairs.hits.isEmpty)
    connection.willCommit = SearchBacklog.index
    try connection.transaction {
      try connection.execute("UPDATE caption_track SET id = id WHERE 0")
    }
    try Self.checkPairIndex(connection)
    #expect(try connection.reading { try index.captionPair(androidScope) } == "doubl_tap")
    #expect(try Self.bothWays(workspace.store, android).pairs == whileWaiting.words)
    // The check sees an index that did not follow: without its trigger, a change of platform.
    try connection.execute("DROP TRIGGER recording_pair_scope_update")
    try connection.transaction {
      try connection.execute("UPDATE recording SET platform = 'macos' WHERE id = ?", [recording])
    }
    #expect(throws: SQLiteError.self) { try Self.checkPairIndex(connection) }
  }

  @Test func aWorkspaceMadeBeforeThePairIndexHasItBuiltWhenUpgraded() async throws {
    let (workspace, platform) = try await Self.workspace()
    let path = workspace.store.path
    // The database as version 30 left it.
    try VersionThirty.downgrade(workspace.store.connection)
    try workspace.store.close()
    let upgraded = try Store.open(at: path, access: .write)
    #expect(try upgraded.connection.userVersion == Schema.migrator.latestVersion)
    try Self.checkPairIndex(upgraded.connection)
    for request in Self.requests(platform) {
      let found = try Self.bothWays(upgraded, request)
      #expect(found.pairs == found.words, "\(request.text)")
    }
    let tapped = try Self.bothWays(upgraded, SearchRequest("\"double tap\"", kinds: [.captions], limit: 500))
    #expect(tapped.pairs.hits.count == 40 * 8 + 2)
  }
}
