import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Caption cues and recording names are indexed as their transaction commits (migration 13):
/// these tests write rows straight into a real store's tables and check the two FTS5 indexes
/// against their content with FTS5's own integrity check.
@Suite struct SearchBacklogTests {
  struct Workspace {
    let folder: TemporaryFolder
    let store: Store
    var connection: Connection { store.connection }

    init() throws {
      folder = try TemporaryFolder()
      store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    }

    /// Stores a recording of `native/checkbox` on iOS with one path; returns (recording, track).
    func addRecording(_ index: Int, name: String) throws -> (Int64, Int64) {
      try connection.execute(
        """
        INSERT INTO recording (sha256, size, status, container, duration_ms, family, component, platform,
          assistive_tech, catalogued_at)
        VALUES (?, 1000, 'ok', 'matroska,webm', 60000, 'native', 'checkbox', 'ios', 'voiceover', 'now')
        """, [String(repeating: String(index), count: 64)])
      let recording = connection.lastInsertRowID
      try connection.execute(
        """
        INSERT INTO recording_path (recording_id, path, name, size, mtime_ns, inode, device, first_seen, last_seen)
        VALUES (?, ?, ?, 1000, 0, ?, 1, 'now', 'now')
        """, [recording, "/media/\(name)", name, index])
      try connection.execute(
        "INSERT INTO caption_track (recording_id, path, language, sha256, size, mtime_ns) VALUES (?, ?, 'en', '', 0, 0)",
        [recording, "/media/\(name).vtt"])
      return (recording, connection.lastInsertRowID)
    }

    func addCue(_ track: Int64, _ position: Int, _ text: String) throws {
      try connection.execute(
        "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, 0, 1000, ?)",
        [track, position, text])
    }

    func count(_ sql: String) throws -> Int { try connection.first(sql)?.decode("n") ?? -1 }

    func cues(matching query: String) throws -> Int {
      try count("SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH '\(query)'")
    }

    func paths(matching query: String) throws -> Int {
      try count("SELECT count(*) AS n FROM recording_path_fts WHERE recording_path_fts MATCH '\(query)'")
    }

    var backlog: Int {
      get throws {
        try count(
          "SELECT (SELECT count(*) FROM caption_cue_unindexed) + (SELECT count(*) FROM recording_path_unindexed) AS n"
        )
      }
    }

    /// FTS5's check that each index holds exactly what its content holds (rank 1: content too).
    func requireSoundIndexes() throws {
      for index in ["caption_cue_fts", "recording_path_fts"] {
        try connection.execute("INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
      }
    }
  }

  @Test func rowsWrittenInATransactionWaitOnTheBacklogAndAreSearchableOnceItCommits() throws {
    let workspace = try Workspace()
    try workspace.connection.transaction {
      let (_, track) = try workspace.addRecording(1, name: "checkboxVoiceOver.webm")
      for (position, text) in ["Checkbox, not checked", "Double tap to toggle", "Checked"].enumerated() {
        try workspace.addCue(track, position, text)
      }
      #expect(try workspace.backlog == 4)
      #expect(try workspace.cues(matching: "toggle") == 0)
    }
    #expect(try workspace.backlog == 0)
    #expect(try workspace.cues(matching: "toggle") == 1)
    #expect(try workspace.cues(matching: "checked AND scope: zpios0") == 2)
    #expect(try workspace.paths(matching: "checkboxVoiceOver") == 1)
    try workspace.requireSoundIndexes()
  }

  @Test func rowsChangedBeforeTheirCommitAreIndexedAsTheTransactionLeavesThem() throws {
    let workspace = try Workspace()
    try workspace.connection.transaction {
      let (recording, track) = try workspace.addRecording(1, name: "first.webm")
      try workspace.addCue(track, 0, "Switch, off")
      try workspace.addCue(track, 1, "Dimmed")
      try workspace.connection.execute("DELETE FROM caption_cue WHERE text = 'Dimmed'", [])
      try workspace.connection.execute("UPDATE recording_path SET name = 'renamed.webm'", [])
      try workspace.connection.execute(
        "UPDATE recording SET family = 'web', platform = 'macos' WHERE id = ?", [recording])
    }
    #expect(try workspace.cues(matching: "dimmed") == 0)
    #expect(try workspace.cues(matching: "switch AND scope: zpmacos0") == 1)
    #expect(try workspace.cues(matching: "switch AND scope: zpios0") == 0)
    #expect(try workspace.paths(matching: "renamed") == 1)
    #expect(try workspace.paths(matching: "first") == 0)
    try workspace.requireSoundIndexes()
  }

  @Test func indexedRowsChangedLaterLeaveTheIndexAtOnce() throws {
    let workspace = try Workspace()
    let (recording, track) = try workspace.connection.transaction {
      let ids = try workspace.addRecording(1, name: "first.webm")
      try workspace.addCue(ids.1, 0, "Switch, off")
      return ids
    }
    try workspace.connection.transaction {
      try workspace.addCue(track, 1, "Switch, on")
      try workspace.connection.execute(
        "UPDATE recording SET platform = 'android' WHERE id = ?", [recording])
      // The cue indexed before moved to the new tokens already; the new one waits.
      #expect(try workspace.cues(matching: "switch AND scope: zpandroid0") == 1)
      try workspace.connection.execute("DELETE FROM caption_cue WHERE position = 0", [])
      #expect(try workspace.cues(matching: "switch") == 0)
    }
    #expect(try workspace.cues(matching: "switch AND scope: zpandroid0") == 1)
    #expect(try workspace.cues(matching: "off") == 0)
    try workspace.requireSoundIndexes()
  }

  @Test func aLoneInsertOutsideATransactionIsIndexedAsItCommits() throws {
    let workspace = try Workspace()
    let (_, track) = try workspace.connection.transaction { try workspace.addRecording(1, name: "a.webm") }
    try workspace.addCue(track, 0, "Radio button, selected")
    #expect(try workspace.backlog == 0)
    #expect(try workspace.cues(matching: "radio") == 1)
    try workspace.requireSoundIndexes()
  }

  @Test func aRolledBackTransactionLeavesNeitherRowsNorBacklog() throws {
    struct Abandon: Error {}
    let workspace = try Workspace()
    #expect(throws: Abandon.self) {
      try workspace.connection.transaction {
        let (_, track) = try workspace.addRecording(1, name: "a.webm")
        try workspace.addCue(track, 0, "Tab, selected")
        throw Abandon()
      }
    }
    #expect(try workspace.backlog == 0)
    #expect(try workspace.count("SELECT count(*) AS n FROM caption_cue") == 0)
    #expect(try workspace.cues(matching: "tab") == 0)
    try workspace.requireSoundIndexes()
  }
}
