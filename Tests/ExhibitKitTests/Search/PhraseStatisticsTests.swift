import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Phrase counts for ranking are exact, kept beside the database when they were slow to make, and
/// counted again when the index changes; with or without them the hits and scores are the same.
@Suite struct PhraseStatisticsTests {
  @Test func theCacheIsNamedAfterTheDatabaseWithoutItsExtension() {
    let cases = [
      "Database/exhibit.sqlite": "Database/exhibit.search-cache.sqlite",
      "/srv/a.b/team.db": "/srv/a.b/team.search-cache.sqlite",
      "/srv/a.b/plain": "/srv/a.b/plain.search-cache.sqlite",
      ".hidden": ".hidden.search-cache.sqlite",
      "exhibit.sqlite": "exhibit.search-cache.sqlite",
    ]
    for (database, cache) in cases {
      #expect(PhraseStatistics.cachePath(besides: database) == cache, "\(database)")
    }
  }

  @Test func countsAreExactAndFollowTheIndex() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let statistics = PhraseStatistics(connection: workspace.store.connection)
    statistics.keepCountsSlowerThan = 0
    #expect(statistics.cache == nil, "opened before it was needed")
    let phrases = ["\"checked\"", "\"not checked\"", "\"che\" *", "\"nothing-like-this\""]
    let counts = try statistics.rows(in: "caption_cue_fts", column: "text", holding: phrases)
    for (phrase, count) in zip(phrases, counts) {
      let direct: Int64 =
        try workspace.store.connection.first(
          "SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH ?", ["text : (\(phrase))"])?
        .decode("n") ?? -1
      #expect(count == direct, "\(phrase)")
    }
    #expect(counts[0] > 0 && counts[3] == 0)
    let cached = try #require(statistics.cache).query("SELECT phrase FROM phrase_rows").count
    #expect(cached == phrases.count)

    // A new cue changes the index: the kept count is stale and is counted again.
    let before = try Self.search(workspace)
    let track: Int64 =
      try workspace.store.connection.first("SELECT id FROM caption_track LIMIT 1")?.decode("id") ?? 0
    try workspace.store.connection.execute(
      "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, 99, 100, 200, 'checked')",
      [track])
    let after = try statistics.rows(in: "caption_cue_fts", column: "text", holding: ["\"checked\""])
    #expect(after == [counts[0] + 1])
    #expect(try Self.search(workspace).count == before.count + 1)
  }

  @Test func quickCountsNeitherMakeNorOpenTheCache() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let cachePath = PhraseStatistics.cachePath(besides: workspace.store.path)
    workspace.store.phraseStatistics.keepCountsSlowerThan = 60
    let quick = try Self.search(workspace)
    #expect(!FileManager.default.fileExists(atPath: cachePath))
    #expect(workspace.store.phraseStatistics.cache == nil)
    // A count worth keeping makes the file; later searches read it.
    workspace.store.phraseStatistics.keepCountsSlowerThan = 0
    #expect(try Self.search(workspace) == quick)
    #expect(FileManager.default.fileExists(atPath: cachePath))
    let kept = try #require(workspace.store.phraseStatistics.cache).query("SELECT phrase FROM phrase_rows")
    #expect(Set(try kept.map { try $0.decode("phrase") as String }) == ["\"checked\"", "\"toggle\""])
    let reopened = try Store.open(at: workspace.store.path, access: .read)
    #expect(
      try reopened.search(SearchRequest("checked OR toggle", kinds: [.captions, .recordings])).hits == quick)
    #expect(reopened.phraseStatistics.cache != nil, "an existing cache is read")
  }

  @Test func scoresAreTheSameWithoutTheCache() async throws {
    let workspace = try await SampleWorkspace.searchable()
    workspace.store.phraseStatistics.keepCountsSlowerThan = 0
    let first = try Self.search(workspace)
    try FileManager.default.removeItem(atPath: PhraseStatistics.cachePath(besides: workspace.store.path))
    let reopened = try Store.open(at: workspace.store.path, access: .read)
    let again = try reopened.search(SearchRequest("checked OR toggle", kinds: [.captions, .recordings]))
    #expect(again.hits == first)
    #expect(!first.isEmpty)
  }

  @Test func aCountOutOfRangeInTheCacheIsAMissAndVerifyNamesIt() async throws {
    let workspace = try await SampleWorkspace.searchable()
    workspace.store.phraseStatistics.keepCountsSlowerThan = 0
    let first = try Self.search(workspace)
    #expect(!first.isEmpty)
    #expect(try workspace.store.verifyWorkspace().valid)
    let cachePath = PhraseStatistics.cachePath(besides: workspace.store.path)
    let total = try PhraseStatistics.rowCount(of: "caption_cue_fts", workspace.store.connection)
    let direct: Int64 =
      try workspace.store.connection.first("SELECT count(*) AS n FROM caption_cue_fts")?.decode("n") ?? -1
    #expect(total == direct)
    for forged in [total + 1_000, -3] {
      let cache = try Connection(path: cachePath, mode: .readWrite)
      try cache.execute("UPDATE phrase_rows SET rows = ?", [forged])
      try cache.close()
      let reopened = try Store.open(at: workspace.store.path, access: .read)
      let again = try reopened.search(SearchRequest("checked OR toggle", kinds: [.captions, .recordings]))
      #expect(again.hits == first, "a count of \(forged) is counted again")
      let report = try reopened.verifyWorkspace()
      #expect(!report.valid)
      #expect(report.problems.contains { $0.path == cachePath && $0.problem.contains("out of range") })
    }
  }

  private static func search(_ workspace: SampleWorkspace) throws -> [SearchHit] {
    try workspace.store.search(SearchRequest("checked OR toggle", kinds: [.captions, .recordings])).hits
  }
}
