import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// The catalogue over real SQLite and real libavformat, on copies of the sample recordings.
@Suite struct CataloguerTests {
  typealias Workspace = SampleWorkspace

  @Test func theSampleMediaIsCataloguedWithCaptionsAndAttribution() async throws {
    let workspace = try Workspace()
    let summary = try await workspace.catalogue()
    // Three videos and a screenshot.
    #expect(summary.scanned == 4 && summary.added == 4 && summary.failed == 0 && summary.errors.isEmpty)
    let all = try workspace.store.recordings()
    #expect(all.count == 4)
    let screenshot = try #require(all.first { $0.path.hasSuffix(".png") })
    #expect(screenshot.container == "png" && screenshot.videoCodec == "png" && screenshot.width == 390)
    #expect(screenshot.height == 300 && screenshot.durationSeconds == nil && screenshot.status == .ok)
    #expect(screenshot.platform == "ios" && screenshot.component == nil)
    let recordings = all.filter { $0.path.hasSuffix(".webm") }
    #expect(recordings.count == 3)
    for recording in recordings {
      #expect(recording.sha256 == (try SampleWorkspace.sha256sum(recording.path)))
      #expect(recording.videoCodec == "vp9" && recording.width == 320 && recording.height == 180)
      #expect(recording.audioCodec == "opus")
      #expect(recording.status == .ok)
      let vtt = try WebVTT.parse(
        Array(
          try Data(
            contentsOf: URL(
              fileURLWithPath: recording.path.replacingOccurrences(of: ".webm", with: "-en-US.vtt")))),
        path: "")
      #expect(recording.captionCues == vtt.cues.count && vtt.cues.count > 0)
    }
    let byName = Dictionary(
      uniqueKeysWithValues: recordings.map { (($0.path as NSString).lastPathComponent, $0) })
    #expect(byName["checkboxVoiceOver.webm"]?.platform == "ios")
    #expect(byName["checkboxVoiceOver.webm"]?.assistiveTech == "voiceover")
    #expect(byName["checkbox_AndroidTalkback.webm"]?.platform == "android")
    // No criteria are imported: the folder names the family, but no component is invented.
    #expect(byName["checkbox_WindowsNvdaChrome.webm"]?.component == nil)
    #expect(byName["checkbox_WindowsNvdaChrome.webm"]?.family == "web")
    #expect(byName["checkbox_WindowsNvdaChrome.webm"]?.assistiveTech == "nvda")
    // The live-written file has its duration from the packets.
    #expect((byName["checkbox_WindowsNvdaChrome.webm"]?.durationSeconds ?? 0) > 4)
    #expect(
      try workspace.count("SELECT count(*) AS n FROM audit_event WHERE action = 'recording.catalog'") == 4)
    // Captions are searchable, in step with the rows.
    #expect(
      try workspace.count("SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH 'checkbox'")
        > 0)
  }

  /// Batches are written on a thread of their own while later files are read: a batch per file
  /// stores what one batch stores, searchable the same, with an audit event each.
  @Test func batchesOfOneStoreWhatOneBatchStores() async throws {
    let whole = try Workspace()
    let single = try Workspace()
    let together = try await whole.catalogue()
    let apart = try await single.catalogue(batchSize: 1)
    func counts(_ summary: CatalogueSummary) -> [Int] {
      [
        summary.scanned, summary.read, summary.added, summary.unchanged, summary.updated, summary.failed,
        summary.moved.count, summary.duplicates.count, summary.warnings.count, summary.errors.count,
      ]
    }
    #expect(counts(apart) == counts(together) && apart.added == 4)
    for sql in [
      "SELECT count(*) AS n FROM caption_cue",
      "SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH 'checkbox'",
      "SELECT count(*) AS n FROM recording_path_fts WHERE recording_path_fts MATCH 'checkbox*'",
      "SELECT count(*) AS n FROM audit_event WHERE action = 'recording.catalog'",
    ] {
      #expect(try single.count(sql) == (try whole.count(sql)) && (try single.count(sql)) > 0, "\(sql)")
    }
    for index in ["caption_cue_fts", "recording_path_fts"] {
      try single.store.connection.execute(
        "INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
    }
  }

  @Test func anUnchangedFolderIsSkippedWithoutReading() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let again = try await workspace.catalogue()
    #expect(again.read == 0)
    #expect(again.unchanged == 4 && again.added == 0 && again.updated == 0)
    // Touching a file makes it read again, but the same bytes are still the same recording.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)],
      ofItemAtPath: workspace.path(SampleWorkspace.voiceOver))
    let touched = try await workspace.catalogue()
    #expect(touched.read == 1 && touched.unchanged == 4)
    #expect(try workspace.count("SELECT count(*) AS n FROM recording") == 4)
  }

  @Test func aMovedFileKeepsItsRecordingAndLinks() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    let linkID = try Self.link(workspace.store, recording: id)
    try FileManager.default.createDirectory(
      atPath: workspace.path("archive"), withIntermediateDirectories: true)
    let moved = workspace.path("archive/checkboxVoiceOver.webm")
    try FileManager.default.moveItem(atPath: workspace.path(SampleWorkspace.voiceOver), toPath: moved)
    let summary = try await workspace.catalogue()
    #expect(summary.moved == [.init(path: moved, from: [workspace.path(SampleWorkspace.voiceOver)])])
    #expect(summary.added == 0)
    #expect(try workspace.store.resolveRecording(moved) == id)
    let detail = try workspace.store.recordingDetail(id: id)
    #expect(detail.recording.path == moved && !detail.recording.missing)
    #expect(detail.paths.first { $0.path == workspace.path(SampleWorkspace.voiceOver) }?.missingSince != nil)
    #expect(detail.links.map(\.id) == [linkID])
    #expect(try workspace.count("SELECT count(*) AS n FROM audit_event WHERE action = 'recording.move'") == 1)
  }

  @Test func theSameBytesAtTwoPathsAreReported() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let copy = workspace.path("native/checkbox/copy-of-voiceover.webm")
    try FileManager.default.copyItem(atPath: workspace.path(SampleWorkspace.voiceOver), toPath: copy)
    let summary = try await workspace.catalogue()
    #expect(summary.duplicates == [.init(path: copy, sameAs: [workspace.path(SampleWorkspace.voiceOver)])])
    #expect(try workspace.count("SELECT count(*) AS n FROM recording") == 4)
    #expect(try workspace.count("SELECT count(*) AS n FROM recording_path") == 5)
  }

  @Test func vanishedFilesAreMarkedMissingNotDeleted() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    try FileManager.default.removeItem(atPath: workspace.path(SampleWorkspace.talkBack))
    try FileManager.default.removeItem(
      atPath: workspace.path("native/checkbox/checkbox_AndroidTalkback-en-US.vtt"))
    let summary = try await workspace.catalogue()
    #expect(summary.missing == [workspace.path(SampleWorkspace.talkBack)])
    let listed = try workspace.store.recordings().first {
      $0.path == workspace.path(SampleWorkspace.talkBack)
    }
    #expect(listed?.missing == true)
    #expect(listed?.sha256 != nil)
    // Its caption track went with the file; the search index with it.
    #expect(listed?.captionCues == 0)
    #expect(
      try workspace.count("SELECT count(*) AS n FROM caption_cue")
        == (try workspace.count(
          "SELECT count(*) AS n FROM caption_cue_fts")))
    // A second run does not report it again.
    #expect(try await workspace.catalogue().missing.isEmpty)
  }

  @Test func changedBytesAtAPathAreAnUpdate() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    try FileManager.default.removeItem(atPath: workspace.path(SampleWorkspace.voiceOver))
    try FileManager.default.copyItem(
      atPath: workspace.path(SampleWorkspace.talkBack), toPath: workspace.path(SampleWorkspace.voiceOver))
    let summary = try await workspace.catalogue()
    #expect(summary.updated == 1)
    #expect(
      try workspace.count("SELECT count(*) AS n FROM audit_event WHERE action = 'recording.update'") == 1)
  }

  @Test func captionChangesAloneAreReadAgain() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let caption = workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt")
    try "WEBVTT\n\n00:01.000 --> 00:02.000\nDimmed and dismissed.\n".write(
      toFile: caption, atomically: true, encoding: .utf8)
    let summary = try await workspace.catalogue()
    #expect(summary.read == 0 && summary.updated == 1)
    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    #expect(
      try workspace.store.recordingDetail(id: id).captions.first?.cues.map(\.text) == [
        "Dimmed and dismissed."
      ])
    #expect(
      try workspace.count("SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH 'dimmed'")
        == 1)
  }

  @Test func aRemovedCaptionFileTakesItsCuesWithIt() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    try FileManager.default.removeItem(atPath: workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt"))
    let summary = try await workspace.catalogue()
    #expect(summary.read == 0)
    let recording = try workspace.store.recordings().first {
      $0.path == workspace.path(SampleWorkspace.voiceOver)
    }
    #expect(recording?.captionCues == 0)
    // The search index dropped the cues in the same transaction: FTS5's own check agrees.
    try workspace.store.connection.execute(
      "INSERT INTO caption_cue_fts (caption_cue_fts, rank) VALUES ('integrity-check', 1)")
    #expect(
      try workspace.count("SELECT count(*) AS n FROM caption_cue_fts WHERE caption_cue_fts MATCH 'email'")
        == 1)
  }

  @Test func orphanCaptionsAndBadCuesAreReported() async throws {
    let workspace = try Workspace()
    try "WEBVTT\n".write(
      toFile: workspace.path("web/checkbox/lonely-en.vtt"), atomically: true, encoding: .utf8)
    try "WEBVTT\n\n00:01.000 -> 00:02.000\nbroken arrow\n\n00:03.000 --> 00:04.000\nfine\n".write(
      toFile: workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt"), atomically: true, encoding: .utf8
    )
    let summary = try await workspace.catalogue()
    #expect(summary.orphanCaptions == [workspace.path("web/checkbox/lonely-en.vtt")])
    #expect(summary.warnings.contains { $0.path.hasSuffix("checkboxVoiceOver-en-US.vtt") })
    #expect(summary.errors.isEmpty)
    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    #expect(try workspace.store.recordingDetail(id: id).captions.first?.cues.map(\.text) == ["fine"])
  }

  @Test func badFilesAreListedAndTheRestCatalogued() async throws {
    let workspace = try Workspace()
    let bad = workspace.path("bad")
    try FileManager.default.createDirectory(atPath: bad + "/folder.webm", withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: bad + "/empty.webm"))
    try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(
      to: URL(fileURLWithPath: bad + "/random.webm"))
    try "hello\n".write(toFile: bad + "/text.webm", atomically: true, encoding: .utf8)
    try "ffconcat version 1.0\nfile '\(workspace.path(SampleWorkspace.voiceOver))'\n".write(
      toFile: bad + "/concat.webm", atomically: true, encoding: .utf8)
    #expect(mkfifo(bad + "/pipe.webm", 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: bad + "/dangling.webm", withDestinationPath: bad + "/nowhere")
    let whole = try Data(contentsOf: URL(fileURLWithPath: workspace.path(SampleWorkspace.voiceOver)))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: bad + "/truncated.webm"))

    let summary = try await workspace.catalogue()
    let failed = Set(summary.errors.map { ($0.path as NSString).lastPathComponent })
    #expect(
      failed == [
        "folder.webm", "empty.webm", "random.webm", "text.webm", "concat.webm", "pipe.webm", "dangling.webm",
      ])
    #expect(summary.errors.allSatisfy { !$0.message.isEmpty })
    #expect(summary.failed == 7)
    #expect(summary.added == 5)  // three samples, the screenshot and the truncated one
    let truncated = try workspace.store.recordings(status: .truncated)
    #expect(truncated.map { ($0.path as NSString).lastPathComponent } == ["truncated.webm"])
    #expect(truncated.first?.sha256 != nil)
    // Regular files that are not recordings are kept as errors with their hash; the rest are not stored.
    let errors = try workspace.store.recordings(status: .error)
    #expect(
      Set(errors.map { ($0.path as NSString).lastPathComponent }) == [
        "empty.webm", "random.webm", "text.webm", "concat.webm",
      ])
    // A second run still says they are bad, without reading them again.
    let again = try await workspace.catalogue()
    #expect(again.failed == 7 && again.errors.count == 7)
  }

  @Test func aFileChangingWhileReadIsRecordedAsSuchWithoutMetadata() async throws {
    let workspace = try Workspace()
    let target = workspace.path(SampleWorkspace.voiceOver)
    var examiner = RecordingExaminer()
    examiner.hasher.blockSize = 4096
    examiner.hasher.afterBlock = { read in
      guard read == 4096, let handle = FileHandle(forWritingAtPath: target) else { return }
      handle.seekToEndOfFile()
      handle.write(Data("appended".utf8))
      try? handle.close()
    }
    let summary = try await workspace.catalogue([target], examiner: examiner)
    #expect(summary.failed == 1)
    #expect(summary.errors.first?.message.contains("changed while it was being read") == true)
    let stored = try #require(try workspace.store.recordings().first)
    #expect(
      stored.status == .error && stored.sha256 == nil && stored.container == nil
        && stored.durationSeconds == nil)
    #expect(try workspace.count("SELECT count(*) AS n FROM recording_stream") == 0)
    // Once the file is still, the next run reads it properly.
    let settled = try await workspace.catalogue([target])
    #expect(settled.failed == 0)
    let all = try workspace.store.recordings()
    #expect(all.count == 1)
    let fixed = try #require(all.first)
    let expected = try SampleWorkspace.sha256sum(target)
    #expect(fixed.status != .error && fixed.sha256 == expected)
  }

  @Test func aFileChangedBetweenItsHashAndItsProbeIsRefused() throws {
    let workspace = try Workspace()
    let target = workspace.path(SampleWorkspace.voiceOver)
    let examiner = RecordingExaminer()
    guard case .hashed(let digest) = examiner.hashMedia(target) else {
      Issue.record("the sample was not hashed")
      return
    }
    #expect(try SampleWorkspace.sha256sum(target) == digest.sha256)
    // The bytes change after the hash and before the probe: neither may be stored for them.
    let handle = try #require(FileHandle(forWritingAtPath: target))
    handle.seekToEndOfFile()
    handle.write(Data("appended".utf8))
    try handle.close()
    guard case .failed(let reason, let kept) = try examiner.probeMedia(target, digest: digest) else {
      Issue.record("a changed file was read as if it had not changed")
      return
    }
    #expect(reason.contains("changed while it was being read") && kept == nil)
    // Unchanged, the two steps give what one reading gives.
    let fresh = try Workspace()
    let still = fresh.path(SampleWorkspace.voiceOver)
    guard case .hashed(let again) = examiner.hashMedia(still),
      case .read(let read, let info) = try examiner.probeMedia(still, digest: again),
      case .read(let whole, let wholeInfo) = try examiner.readMedia(still)
    else {
      Issue.record("the sample was not read in two steps")
      return
    }
    #expect(read == whole && info == wholeInfo)
  }

  @Test func criteriaImportedAfterwardsRefineTheAttribution() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let before = try workspace.store.recordings().first { $0.path.hasSuffix("checkboxVoiceOver.webm") }
    #expect(before?.component == nil)
    #expect(try workspace.store.recordings(unattributed: true).count == 4)
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)], actor: "t")
    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    let detail = try workspace.store.recordingDetail(id: id)
    #expect(detail.attribution.component?.source == .criteria)
    #expect(detail.attribution.assistiveTech == Attributed("voiceover", .criteria))
  }

  @Test func recordingsResolveByPathOrHashPrefix() async throws {
    let workspace = try Workspace()
    _ = try await workspace.catalogue()
    let sha = try SampleWorkspace.sha256sum(workspace.path(SampleWorkspace.nvda))
    let id = try workspace.store.resolveRecording(String(sha.prefix(8)))
    #expect(try workspace.store.recordingDetail(id: id).recording.sha256 == sha)
    #expect(throws: RecordingLookupError.self) { try workspace.store.resolveRecording("zz-not-there") }
    #expect(try workspace.store.resolveRecording(workspace.path(SampleWorkspace.nvda)) == id)
  }

  /// Links a recording to the first item of the sample criteria, straight in SQL (the link
  /// command belongs to the evidence part).
  static func link(_ store: Store, recording: Int64) throws -> Int64 {
    _ = try store.importCriteria([try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)], actor: "t")
    let item = try #require(try store.connection.first("SELECT id FROM criteria_item LIMIT 1")?.int64("id"))
    let audit = try store.audits.forWriting(nil, actor: "t").id
    try store.connection.execute(
      """
      INSERT INTO evidence_link (recording_id, item_id, verdict, auditor, created_at, audit_id)
      VALUES (?, ?, 'pass', 't', ?, ?)
      """,
      [recording, item, Timestamp.string(Date()), audit])
    return store.connection.lastInsertRowID
  }
}
