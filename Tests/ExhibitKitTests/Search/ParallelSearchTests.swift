import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A search of a big database ranks its indexes on two connections at once (``SearchHelper``):
/// it must find exactly what one connection finds, read one state of the database, and rank
/// the same newest matches however an index is walked.
@Suite struct ParallelSearchTests {
  typealias Workspace = SampleWorkspace

  /// The sample workspace with a link note, searched on two connections however small it is.
  static func prepared(twoConnections: Bool) async throws -> Workspace {
    let workspace = try await SampleWorkspace.searchable()
    var link = workspace.linkRequest()
    link.note = "checked with a double tap"
    _ = try workspace.store.link(link)
    workspace.store.searchHelperFromBytes = twoConnections ? 0 : .max
    return workspace
  }

  static let requests: [SearchRequest] = [
    SearchRequest("checked"), SearchRequest("checked", limit: 3), SearchRequest("tap", limit: 1),
    SearchRequest("che*"), SearchRequest("\"double tap\""), SearchRequest("checkbox NOT dimmed"),
    SearchRequest("checked", component: "native/checkbox"), SearchRequest("checked", platform: .android),
    SearchRequest("enter", component: "native/checkbox", platform: .ios),
    SearchRequest("toggle", kinds: [.captions]), SearchRequest("checkbox", kinds: [.criteria, .notes]),
    SearchRequest("nothingmatchesthis"),
  ]

  @Test func twoConnectionsFindWhatOneFinds() async throws {
    let parallel = try await Self.prepared(twoConnections: true)
    let single = try Store.open(at: parallel.store.path, access: .read)
    single.searchHelperFromBytes = .max
    for request in Self.requests {
      let found = try parallel.store.search(request)
      #expect(found == (try single.search(request)), "\(request.text)")
    }
    #expect(parallel.store.searchHelper != nil)
    #expect(single.searchHelper == nil)
    #expect(!(try parallel.store.search(SearchRequest("checked"))).hits.isEmpty)
  }

  @Test func aSmallDatabaseIsSearchedOnOneConnection() async throws {
    let workspace = try await SampleWorkspace.searchable()
    _ = try workspace.store.search(SearchRequest("checked"))
    #expect(workspace.store.searchHelper == nil)
  }

  /// A commit between the two connections' starts is noticed: the search starts both again, and
  /// after ``SearchHelper/attempts`` tries searches on one connection, which sees every commit.
  @Test func aCommitBetweenTheTwoStartsIsNoticed() async throws {
    let workspace = try await Self.prepared(twoConnections: true)
    // Another store's connection, which indexes what it writes as it commits.
    let writer = try Store.open(at: workspace.store.path, access: .write).connection
    let helper = try #require(workspace.store.searchHelper)
    var commits = 0
    helper.snapshotStarted = {
      commits += 1
      try writer.transaction {
        try writer.execute(
          """
          INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text)
          SELECT id, 1000 + \(commits), 0, 1, 'quokka number \(commits)' FROM caption_track LIMIT 1
          """)
      }
    }
    let found = try workspace.store.search(SearchRequest("quokka", kinds: [.captions, .criteria]))
    #expect(commits == SearchHelper.attempts)
    #expect(found.hits.count == SearchHelper.attempts)
    // Without commits in between, the first try stands.
    helper.snapshotStarted = nil
    #expect(try workspace.store.search(SearchRequest("quokka")).hits.count == SearchHelper.attempts)
  }

  /// Only the newest matches are ranked (the cap's worth, and one more that tells the cap
  /// applied), whether the index is read newest first or, with a filter that holds few rows,
  /// oldest first: the two give the same hits.
  @Test func theNewestMatchesAreRankedHoweverTheIndexIsWalked() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let connection = workspace.store.connection
    try connection.transaction {
      let track: Int64 = try #require(
        try connection.first(
          """
          SELECT t.id FROM caption_track t JOIN recording r ON r.id = t.recording_id
          WHERE r.family = 'native' AND r.component = 'checkbox' LIMIT 1
          """)?.decode("id"))
      let cue = try connection.prepare(
        "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
      // The oldest is the best match, and one too many to be ranked; the others differ in length.
      for position in 0...SearchRequest.candidateCap + 1 {
        let words =
          position == 0 ? "zebra" : "zebra crossing" + String(repeating: " next", count: position % 7)
        try cue.run([
          .integer(track), .integer(Int64(2000 + position)), .integer(Int64(position)),
          .integer(Int64(position + 1)), .text(words),
        ])
      }
    }
    let backward = try workspace.store.search(SearchRequest("zebra", kinds: [.captions], limit: 30))
    // The component holds few cues, so its filter is walked oldest first.
    let forward = try workspace.store.search(
      SearchRequest("zebra", component: "native/checkbox", kinds: [.captions], limit: 30))
    #expect(backward.cappedKinds == [.captions] && forward.cappedKinds == [.captions])
    #expect(backward.hits.count == 30)
    #expect(forward.hits == backward.hits)
    #expect(!backward.hits.contains { $0.startSeconds == 0 })
    // The best ranked are the shortest, newest first among equals.
    #expect(backward.hits.first?.startSeconds == 1.001)
  }

  /// Captions are read in two ranges of row ids at once (``SearchIndex/captionParts(_:)``) and
  /// ranked as the whole index ranks its newest matches: when fewer matches are expected than
  /// there are, first with the newer half holding fewer than the cap, then with it holding more;
  /// and for a phrase with more matches than the cap, from the newest row ids only.
  @Test func halvesRankTheNewestMatchesAsTheWholeIndexDoes() async throws {
    let workspace = try await Self.prepared(twoConnections: true)
    let single = try Store.open(at: workspace.store.path, access: .read)
    single.searchHelperFromBytes = .max
    let connection = workspace.store.connection
    let track = try #require(
      try connection.first(
        """
        SELECT t.id, r.platform FROM caption_track t JOIN recording r ON r.id = t.recording_id
        WHERE r.platform IS NOT NULL LIMIT 1
        """))
    let platform = try #require(Platform(rawValue: try track.decode("platform")))
    let other = try #require(
      try connection.first(
        """
        SELECT t.id FROM caption_track t JOIN recording r ON r.id = t.recording_id
        WHERE r.platform IS NOT NULL AND r.platform != ? LIMIT 1
        """, [platform.rawValue]))
    let request = SearchRequest("zebra", platform: platform, kinds: [.captions], limit: 30)
    var position: Int64 = 5000
    func add(_ count: Int, _ text: String, to track: Row) throws {
      try connection.transaction {
        let cue = try connection.prepare(
          "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
        for index in 0..<count {
          position += 1
          try cue.run([
            .integer(try track.decode("id")), .integer(position), .integer(position), .integer(position + 1),
            .text(text + String(repeating: " next", count: index % 5)),
          ])
        }
      }
    }
    // Round 1: fewer than the cap of the matches are in the newer half (cues of another
    // platform came between); round 2: more than the cap of them are.
    for round in [1, 2] {
      if round == 1 {
        // The oldest hundred are the best matches, and too old to be among the newest.
        try add(100, "zebra", to: track)
        try add(SearchRequest.candidateCap - 98, "zebra crossing", to: track)
        try add(3 * SearchRequest.candidateCap, "quiet street", to: other)
        try add(300, "zebra crossing", to: track)
      } else {
        try add(8 * SearchRequest.candidateCap, "quiet street", to: other)
        try add(SearchRequest.candidateCap + 200, "zebra crossing", to: track)
      }
      // Few cues are of the platform: fewer matches are expected than there are.
      let index = SearchIndex(connection: connection, statistics: PhraseStatistics(connection: connection))
      let scope = SearchIndex.SearchScope(
        expression: "\"zebra\"", phrases: ["\"zebra\""], filters: SearchFilters(platform: platform),
        limit: 30, conjunctive: true)
      let parts = try #require(try index.captionParts(scope), "round \(round)")
      #expect(parts.whole, "round \(round)")
      let newer = try index.captionMatches(scope, in: parts.ranges[0])
      #expect((newer.count > SearchRequest.candidateCap) == (round == 2), "round \(round)")
      let halves = try workspace.store.search(request)
      let whole = try single.search(request)
      #expect(halves == whole, "round \(round)")
      #expect(halves.cappedKinds == [.captions] && halves.hits.count == 30, "round \(round)")
      #expect(!halves.hits.contains { $0.snippet == "[zebra]" }, "round \(round)")
      // A phrase of two words on every platform, with more matches than the cap: only the newest
      // row ids expected to hold a fifth more than the cap are read, in two ranges.
      let phrase = SearchIndex.SearchScope(
        expression: "\"zebra crossing\"", phrases: ["\"zebra crossing\""], filters: SearchFilters(),
        limit: 30,
        conjunctive: true)
      #expect(try index.captionParts(phrase)?.whole == false, "round \(round)")
      let crossing = SearchRequest("\"zebra crossing\"", kinds: [.captions], limit: 30)
      let crossingHalves = try workspace.store.search(crossing)
      #expect(crossingHalves == (try single.search(crossing)), "round \(round)")
      #expect(crossingHalves.cappedKinds == [.captions], "round \(round)")
    }
  }
}
