import Foundation
import Testing

@testable import ExhibitKit

/// A caption with many cues is stored a chunk per transaction, so other writers get the lock in
/// between; it ends up whole, and one a killed run left half stored is read again.
@Suite struct LongCaptionTests {
  typealias Workspace = SampleWorkspace
  static let cueCount = CatalogueWriter.captionChunk * 2 + 123

  static func longCaption() -> String {
    var text = "WEBVTT\n\n"
    for index in 0..<cueCount {
      let start = index * 10
      text += String(format: "00:%02d:%02d.%03d --> ", start / 60000, start / 1000 % 60, start % 1000)
      text += String(
        format: "00:%02d:%02d.%03d\n", (start + 9) / 60000, (start + 9) / 1000 % 60, (start + 9) % 1000)
      text += "cue \(index) says checked\n\n"
    }
    return text
  }

  static func track(_ store: Store) throws -> (cues: Int, lastPosition: Int, modified: Int64) {
    let row = try #require(
      try store.connection.first(
        """
        SELECT t.mtime_ns, count(c.id) AS cues, max(c.position) AS last FROM caption_track t
        JOIN caption_cue c ON c.track_id = t.id WHERE t.path LIKE '%checkboxVoiceOver-en-US.vtt'
        """))
    return (row.int("cues") ?? 0, row.int("last") ?? -1, row.int64("mtime_ns") ?? 0)
  }

  @Test func aLongCaptionIsStoredWholeInChunksAndAHalfStoredOneIsReadAgain() async throws {
    let workspace = try Workspace()
    try Self.longCaption().write(
      toFile: workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt"), atomically: true, encoding: .utf8
    )
    _ = try await workspace.catalogue()
    var stored = try Self.track(workspace.store)
    #expect(stored.cues == Self.cueCount && stored.lastPosition == Self.cueCount - 1)
    #expect(stored.modified > 0, "marked complete")
    #expect(
      try workspace.store.connection.query(
        "INSERT INTO caption_cue_fts (caption_cue_fts) VALUES ('integrity-check')"
      )
      .isEmpty)

    // As a run killed between chunks leaves it: part of the cues, the time unknown.
    try workspace.store.connection.execute(
      "DELETE FROM caption_cue WHERE position >= ? AND track_id = (SELECT id FROM caption_track WHERE path LIKE '%VoiceOver-en-US.vtt')",
      [CatalogueWriter.captionChunk])
    try workspace.store.connection.execute(
      "UPDATE caption_track SET mtime_ns = -1 WHERE path LIKE '%VoiceOver-en-US.vtt'")
    let again = try await workspace.catalogue()
    #expect(again.updated == 1)
    stored = try Self.track(workspace.store)
    #expect(stored.cues == Self.cueCount && stored.modified > 0)
    let hits = try workspace.store.search(SearchRequest("\"cue 10100 says\"", kinds: [.captions]))
    #expect(hits.hits.count == 1)
  }

  @Test func aCueOfAMegabyteIsKeptCutAndSaidSo() async throws {
    let workspace = try Workspace()
    let words = Array(repeating: "alpha bravo", count: 100_000).joined(separator: " ")
    try "WEBVTT\n\n00:00.000 --> 00:05.000\n\(words)\n".write(
      toFile: workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt"), atomically: true, encoding: .utf8
    )
    let summary = try await workspace.catalogue()
    #expect(
      summary.warnings.contains {
        $0.path.hasSuffix("checkboxVoiceOver-en-US.vtt") && $0.message.contains("only its first 4000")
      })
    let length = try workspace.store.connection.first(
      "SELECT max(length(text)) AS n FROM caption_cue")?.int("n")
    #expect(length == CatalogueWriter.longestCue)
    #expect(try workspace.store.search(SearchRequest("alpha bravo", kinds: [.captions])).hits.count == 1)
  }
}
