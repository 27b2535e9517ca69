import ExhibitSQLite
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
    #expect(backward.capped == [.captions] && forward.capped == [.captions])
    #expect(backward.hits.count == 30)
    #expect(forward.hits == backward.hits)
    #expect(!backward.hits.contains { $0.startSeconds == 0 })
    // The best ranked are the shortest, newest first among equals.
    #expect(backward.hits.first?.startSeconds == 1.001)
  }
}
