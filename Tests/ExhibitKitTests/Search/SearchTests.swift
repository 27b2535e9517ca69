import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Search over a real database: the sample criteria and the sample recordings with captions.
@Suite struct SearchTests {
  typealias Workspace = SampleWorkspace

  static func hits(
    _ workspace: Workspace, _ text: String, component: String? = nil, platform: Platform? = nil,
    kinds: Set<SearchKind> = [], limit: Int = 50
  ) throws -> [SearchHit] {
    try workspace.store.search(
      SearchRequest(text, component: component, platform: platform, kinds: kinds, limit: limit)
    ).hits
  }

  /// The recordings' file names among hits.
  static func names(_ hits: [SearchHit]) -> Set<String> {
    Set(hits.compactMap(\.recording).map { ($0.path as NSString).lastPathComponent })
  }

  @Test func captionHitsNameTheRecordingAndTheSecond() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let hits = try Self.hits(workspace, "toggle", kinds: [.captions])
    #expect(Self.names(hits) == ["checkboxVoiceOver.webm", "checkbox_AndroidTalkback.webm"])
    #expect(hits.allSatisfy { $0.startSeconds == 0.4 && $0.kind == .captions })
    #expect(hits.allSatisfy { $0.recording?.path.hasPrefix(workspace.media) == true })
    #expect(hits.allSatisfy { $0.snippet.contains("[toggle]") })
    #expect(hits.allSatisfy { $0.component == "native/checkbox" })
  }

  @Test func filtersCombine() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let all = try Self.hits(workspace, "checked", kinds: [.captions])
    #expect(Self.names(all).count == 3)
    let android = try Self.hits(workspace, "checked", platform: .android, kinds: [.captions])
    #expect(Self.names(android) == ["checkbox_AndroidTalkback.webm"])
    let web = try Self.hits(workspace, "checked", component: "web/checkbox", kinds: [.captions])
    #expect(Self.names(web) == ["checkbox_WindowsNvdaChrome.webm"])
    let none = try Self.hits(
      workspace, "checked", component: "web/checkbox", platform: .android, kinds: [.captions])
    #expect(none.isEmpty)
    let iosCriteria = try Self.hits(workspace, "enter", component: "native/checkbox", platform: .ios)
    let androidCriteria = try Self.hits(workspace, "enter", component: "native/checkbox", platform: .android)
    #expect(!androidCriteria.filter { $0.item == "native/checkbox#keyboard.enter" }.isEmpty)
    #expect(iosCriteria.filter { $0.item == "native/checkbox#keyboard.enter" }.isEmpty)
  }

  /// Filters are tokens in the index: a recording attributed anew is found under its new
  /// component and platform, and no longer under the old, and the index stays sound.
  @Test func filterTokensFollowARecordingsAttribution() async throws {
    let workspace = try await SampleWorkspace.searchable()
    #expect(
      Self.names(try Self.hits(workspace, "checked", platform: .ios, kinds: [.captions, .recordings]))
        == ["checkboxVoiceOver.webm"])
    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    try workspace.store.connection.execute(
      "UPDATE recording SET family = 'web', component = 'checkbox', platform = 'macos' WHERE id = ?", [id])
    #expect(try Self.hits(workspace, "checked", platform: .ios, kinds: [.captions, .recordings]).isEmpty)
    let moved = try Self.hits(
      workspace, "checked", component: "web/checkbox", platform: .macos, kinds: [.captions])
    #expect(Self.names(moved) == ["checkboxVoiceOver.webm"])
    #expect(moved.allSatisfy { $0.component == "web/checkbox" && $0.platform == .macos })
    let names = try Self.hits(workspace, "checkboxVoiceOver", component: "web/checkbox", kinds: [.recordings])
    #expect(Self.names(names) == ["checkboxVoiceOver.webm"])
    for index in ["caption_cue_fts", "recording_path_fts"] {
      try workspace.store.connection.execute(
        "INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
    }
  }

  @Test func aBareSlugWorksOnlyWhereUnambiguous() async throws {
    let workspace = try await SampleWorkspace.searchable()
    #expect(throws: LookupError.ambiguousComponent("checkbox", choices: ["native/checkbox", "web/checkbox"]))
    {
      try Self.hits(workspace, "checked", component: "checkbox")
    }
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.fixture("switch-variations.md"))], actor: "t")
    let hits = try Self.hits(workspace, "flips", component: "switch")
    #expect(!hits.isEmpty)
    #expect(hits.allSatisfy { $0.component == "native/switch" })
    #expect(throws: LookupError.unknownComponent("slider")) {
      try Self.hits(workspace, "x", component: "slider")
    }
  }

  @Test func criteriaSearchCoversItemsGherkinAndStemming() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let resize = try Self.hits(workspace, "text resize", kinds: [.criteria])
    #expect(resize.first?.item == "native/checkbox#settings.text-resize")
    // "announces" and "announced" share a stem; the Gherkin step says "announced".
    let announces = try Self.hits(workspace, "announces", component: "native/checkbox", kinds: [.criteria])
    #expect(announces.contains { $0.source == "gherkin" && $0.snippet.contains("[announced]") })
    #expect(announces.contains { $0.item == "native/checkbox#screenreader.role" })
    // "checked" and "checkbox" are different words.
    let checked = try Self.hits(workspace, "checked", component: "native/checkbox", kinds: [.criteria])
    #expect(checked.allSatisfy { $0.snippet.lowercased().contains("[checked]") })
    #expect(!checked.contains { $0.item == "native/checkbox#keyboard.focus" })
    // A prefix matches the stems in the index: "dim*" finds dimmed (stem "dim"), "dimm*" cannot.
    #expect(!(try Self.hits(workspace, "dim*", kinds: [.criteria])).isEmpty)
    #expect(try Self.hits(workspace, "dimm*", kinds: [.criteria]).isEmpty)
    #expect(!(try Self.hits(workspace, "announ*", kinds: [.criteria])).isEmpty)
    let phrase = try Self.hits(workspace, "\"not checked\"", component: "native/checkbox", kinds: [.criteria])
    #expect(phrase.contains { $0.item == "native/checkbox#screenreader.state" })
    #expect(
      try Self.hits(workspace, "\"not dimmed\"", component: "native/checkbox", kinds: [.criteria]).isEmpty)
  }

  @Test(arguments: [
    "aria-label", "1.4.10", "\"double tap\"", "C++", "\"unbalanced", "OR", "NOT", "AND OR NOT", "a AND",
    "label:foo", "NEAR(a b)", "^start", "{a b}", "-x", "a*b", "\"\"\"", "'", "x'); DROP TABLE recording; --",
    "checked OR", "* checked", "\u{0}", "日本語", "ü*", String(repeating: "(", count: 500),
  ])
  func hostileQueriesNeverReachSQLiteAsSyntax(text: String) async throws {
    let workspace = try await SampleWorkspace.searchable()
    do {
      _ = try Self.hits(workspace, text)
    } catch let error as SearchError {
      #expect(error == .nothingToSearch(text))
    }
    #expect(try workspace.count("SELECT count(*) AS n FROM recording") == 4)
  }

  /// Snippets are cut for every index's hits in one pass: each marks its own hit's words, an item's
  /// comes from whichever of its label and expectation matches, and a kind searched alone gets
  /// the same snippets as searched with the others.
  @Test func everyIndexsHitsGetTheirOwnSnippetsInOnePass() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let all = try Self.hits(workspace, "checked")
    #expect(Set(all.map(\.source)).isSuperset(of: ["item", "gherkin", "developer-note", "captions"]))
    #expect(all.allSatisfy { $0.snippet.lowercased().contains("[checked]") })
    // "Doubletap" is a label; the word is only in the item's expectation.
    #expect(
      all.contains { $0.title == "Doubletap" && $0.snippet.hasPrefix("The checkbox flips between [checked]") }
    )
    for kind in SearchKind.allCases {
      let alone = try Self.hits(workspace, "checked", kinds: [kind])
      #expect(alone.map(\.snippet).sorted() == all.filter { $0.kind == kind }.map(\.snippet).sorted())
    }
  }

  @Test func rankingPrefersDenserMatchesAndLimitKeepsTheBest() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let notes = [
      "the control was dimmed once, then the rest of a long note about other things entirely",
      "dimmed dimmed",
      "nothing of interest here",
    ]
    for (index, note) in notes.enumerated() {
      var request = workspace.linkRequest(from: Double(index), to: Double(index) + 1)
      request.note = note
      _ = try workspace.store.link(request)
    }
    let hits = try Self.hits(workspace, "dimmed", kinds: [.notes])
    #expect(hits.count == 2)
    #expect(hits.first?.snippet == "[dimmed] [dimmed]")
    #expect(hits.last?.snippet.hasPrefix("the control was [dimmed] once") == true)
    #expect(hits.first?.startSeconds == 1 && hits.first?.item == SampleWorkspace.role)
    #expect(try Self.hits(workspace, "dimmed", kinds: [.notes], limit: 1).map(\.startSeconds) == [1])
    #expect(throws: SearchError.badLimit(0)) { try Self.hits(workspace, "dimmed", limit: 0) }
  }

  @Test func noteFiltersKeepOnlyTheirComponentAndPlatform() async throws {
    let workspace = try await SampleWorkspace.searchable()
    for (file, note) in [
      (SampleWorkspace.voiceOver, "dimmed on the phone"), (SampleWorkspace.talkBack, "dimmed on the tablet"),
    ] {
      var request = workspace.linkRequest(file: file)
      request.note = note
      _ = try workspace.store.link(request)
    }
    let snippets = { (component: String?, platform: Platform?) in
      try Self.hits(workspace, "dimmed", component: component, platform: platform, kinds: [.notes]).map(
        \.snippet
      )
      .sorted()
    }
    #expect(try snippets(nil, nil) == ["[dimmed] on the phone", "[dimmed] on the tablet"])
    #expect(try snippets("native/checkbox", nil) == ["[dimmed] on the phone", "[dimmed] on the tablet"])
    #expect(try snippets("native/checkbox", .ios) == ["[dimmed] on the phone"])
    #expect(try snippets(nil, .android) == ["[dimmed] on the tablet"])
    #expect(try snippets("web/checkbox", nil).isEmpty)
    #expect(try snippets("native/checkbox", .windows).isEmpty)
  }

  @Test func aWordInMoreEntriesThanTheCapSaysItsRankingWasBounded() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let connection = workspace.store.connection
    try connection.transaction {
      try connection.execute(
        """
        INSERT INTO caption_track (recording_id, path, language, sha256, size, mtime_ns)
        SELECT id, 'extra.vtt', 'en', '', 0, 0 FROM recording LIMIT 1
        """)
      let track = connection.lastInsertRowID
      let cue = try connection.prepare(
        "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
      for position in 0...SearchRequest.candidateCap {
        let words = position == 7 ? "zebra" : "zebra crossing number \(position)"
        try cue.run([
          .integer(track), .integer(Int64(position)), .integer(Int64(position)),
          .integer(Int64(position + 1)), .text(words),
        ])
      }
    }
    let results = try workspace.store.search(SearchRequest("zebra", kinds: [.captions], limit: 5))
    #expect(results.cappedKinds == [.captions])
    #expect(results.hits.count == 5)
    // The shortest cue is the best bm25 match and is among the newest that were ranked.
    #expect(results.hits.first?.startSeconds == 0.007)
    // Exactly the cap (every cue but the short one) is still ranked whole.
    let narrow = try workspace.store.search(SearchRequest("\"zebra crossing\" number", kinds: [.captions]))
    #expect(narrow.cappedKinds.isEmpty)
    let few = try workspace.store.search(SearchRequest("toggle", kinds: [.captions]))
    #expect(few.cappedKinds.isEmpty)
  }

  @Test func hitsAreGroupedByComponentBestGroupFirst() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let hits = try Self.hits(workspace, "checked")
    var seen: [ComponentID?] = []
    for hit in hits where seen.last != hit.component {
      #expect(
        !seen.contains(hit.component),
        "component \(hit.component?.description ?? "nil") appears in two groups")
      seen.append(hit.component)
    }
    #expect(Set(seen) == ["native/checkbox", "web/checkbox"])
  }

  @Test func theIndexFollowsReimportRetractionAndRescan() async throws {
    let workspace = try await SampleWorkspace.searchable()
    // Re-import: the new revision's words are found, the superseded revision's are not.
    // The same file as MagentaA11y lays it out (`native/controls/checkbox.md`), in another checkout.
    try FileManager.default.createDirectory(
      atPath: workspace.folder.path("native/controls"), withIntermediateDirectories: true)
    let changed = workspace.folder.path("native/controls/checkbox.md")
    let text = try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8)
      .replacingOccurrences(of: "Text resize: The label grows", with: "Text resize: The caption enlarges")
    try text.write(toFile: changed, atomically: true, encoding: .utf8)
    #expect(!(try Self.hits(workspace, "grows", kinds: [.criteria])).isEmpty)
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(URL(fileURLWithPath: changed))], actor: "t")
    #expect(try Self.hits(workspace, "grows", kinds: [.criteria]).filter { $0.source == "item" }.isEmpty)
    #expect(
      try Self.hits(workspace, "enlarges", kinds: [.criteria]).first?.item
        == "native/checkbox#settings.text-resize")

    // Retraction: the note leaves the index in the same transaction.
    var request = workspace.linkRequest()
    request.note = "wobbly focus ring"
    let link = try workspace.store.link(request)
    #expect(try Self.hits(workspace, "wobbly", kinds: [.notes]).count == 1)
    _ = try workspace.store.unlink(link.id, reason: "wrong clip", actor: "ana")
    #expect(try Self.hits(workspace, "wobbly", kinds: [.notes]).isEmpty)

    // Re-scan: changed captions replace the old cues; a renamed file is found by its new name.
    let vtt = workspace.path("native/checkbox/checkboxVoiceOver-en-US.vtt")
    try "WEBVTT\n\n00:01.000 --> 00:02.000\nSwitch, on.\n".write(
      toFile: vtt, atomically: true, encoding: .utf8)
    try FileManager.default.moveItem(
      atPath: workspace.path(SampleWorkspace.talkBack),
      toPath: workspace.path("native/checkbox/renamedPixel.webm"))
    _ = try await workspace.catalogue()
    #expect(Self.names(try Self.hits(workspace, "switch", kinds: [.captions])) == ["checkboxVoiceOver.webm"])
    #expect(Self.names(try Self.hits(workspace, "toggle", kinds: [.captions])).isEmpty)
    #expect(
      Self.names(try Self.hits(workspace, "renamedPixel", kinds: [.recordings])) == ["renamedPixel.webm"])
    #expect(try Self.hits(workspace, "AndroidTalkback", kinds: [.recordings]).isEmpty)

    for table in [
      "criteria_item_fts", "caption_cue_fts", "recording_path_fts", "evidence_note_fts", "gherkin_step_fts",
      "developer_note_fts", "announcement_example_fts",
    ] {
      try workspace.store.connection.execute(
        "INSERT INTO \(table) (\(table), rank) VALUES ('integrity-check', 1)")
    }
  }

  @Test func migratingAVersionOneDatabaseIndexesItsGherkin() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("old.sqlite"))
    try Migrator(migrations: [Schema.migrations[0]]).migrate(connection)
    try connection.execute(
      """
      INSERT INTO criteria_document (id, family, component, title, source_path, format, sha256, revision, imported_at)
      VALUES (1, 'native', 'stepper', 'Stepper', 'x.md', 'magenta-markdown', printf('%064d', 0), 1, '2026-01-01');
      INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
      VALUES (1, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0);
      INSERT INTO gherkin_scenario (id, document_id, position, title) VALUES (1, 1, 0, 'Keys');
      INSERT INTO gherkin_step (scenario_id, position, keyword, text) VALUES (1, 0, 'THEN', 'the value increments');
      """)
    try Schema.migrator.migrate(connection)
    let store = try Store.open(at: folder.path("old.sqlite"), access: .write)
    let hits = try store.search(SearchRequest("increments")).hits
    #expect(hits.map(\.source) == ["gherkin"])
    #expect(hits.first?.title == "Keys")
  }
}
