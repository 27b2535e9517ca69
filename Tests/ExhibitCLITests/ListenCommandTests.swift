import Foundation
import Testing

/// `exhibit listen` as a user runs it, on either catalogue: every recording not heard yet is heard
/// (each in a probe helper), what was heard is stored and shown as heard, a second run has nothing
/// left to do until the vocabulary changes, a recording the helper gives up on is named and nothing is stored for it, and with
/// the team's evidence store a recording gone from disk is heard from the bucket.
@Suite struct ListenCommandTests {
  /// The speech of our own making (Scripts/make-listening-media.sh), beside the sample recordings.
  static let announcements = "Media/web/announcements.webm"

  static func workspace() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.catalogued()
    try FileManager.default.copyItem(
      at: CLIWorkspace.repository.appendingPathComponent(
        "Tests/ExhibitKitTests/Fixtures/media/announcements.webm"),
      to: workspace.root.appendingPathComponent(announcements))
    #expect(try workspace.run("catalog").status == 0)
    return workspace
  }

  static func detail(_ workspace: CLIWorkspace, _ recording: String) throws -> [String: Any] {
    try #require(try workspace.run("recordings", "show", recording, "--json").json() as? [String: Any])
  }

  @Test func everyRecordingNotHeardIsHeardOnceAndShownAsHeard() throws {
    let workspace = try Self.workspace()
    let listened = try workspace.run("listen", "--json")
    #expect(listened.status == 0, "\(listened.stderr)")
    let reports = try #require(try listened.json() as? [[String: Any]])
    // The three sample recordings and the announcements; the screenshot has no sound.
    #expect(reports.count == 4)
    #expect(reports.allSatisfy { $0["error"] is NSNull && ($0["utterances"] as? Int ?? 0) > 0 })
    let detail = try Self.detail(workspace, Self.announcements)
    let heard = try #require(detail["heard"] as? [[String: Any]])
    #expect(heard.count > 30)
    let first = try #require(heard.first)
    #expect(first["text"] is String && first["confidence"] is Double)
    #expect((first["start_seconds"] as? Double ?? -1) >= 0)
    #expect(
      heard.contains { $0["text"] as? String == "not checked" && ($0["start_seconds"] as? Double ?? 99) < 4 })
    #expect(heard.contains { $0["text"] as? String == "double tap to activate" })
    let utterances = try #require(detail["utterances"] as? [[String: Any]])
    #expect(utterances.count >= 24)
    let hearing = try #require(detail["hearing"] as? [String: Any])
    #expect((hearing["model"] as? String ?? "").contains("pocketsphinx"))
    #expect((hearing["vocabulary_sha256"] as? String)?.count == 64)
    // Heard text is not a caption.
    #expect((detail["captions"] as? [Any])?.isEmpty == true)

    let listed = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let announcements = try #require(
      listed.first { ($0["path"] as? String ?? "").hasSuffix("announcements.webm") })
    #expect(announcements["heard_phrases"] as? Int == heard.count)
    let screenshot = try #require(listed.first { ($0["path"] as? String ?? "").hasSuffix(".png") })
    #expect(screenshot["heard_phrases"] is NSNull)
    let table = try workspace.run("recordings", "list")
    #expect(table.stdout.contains("HEARD") && table.stdout.contains("\(heard.count) heard"))

    let again = try workspace.run("listen")
    #expect(again.status == 0 && again.stdout.contains("every recording has been heard"))
    let redo = try workspace.run("listen", "--again", Self.announcements, "--json")
    let redone = try #require(try redo.json() as? [[String: Any]])
    #expect(redone.count == 1 && redone.first?["heard"] as? Int == heard.count)
    #expect(((try Self.detail(workspace, Self.announcements))["heard"] as? [Any])?.count == heard.count)
  }

  /// Criteria that quote new announcements change the vocabulary: what was heard with the old one
  /// is heard again by the next plain `listen`.
  @Test func aNewVocabularyIsHeardAgain() throws {
    let workspace = try Self.workspace()
    #expect(try workspace.run("listen", Self.announcements).status == 0)
    let before = try #require(try Self.detail(workspace, Self.announcements)["hearing"] as? [String: Any])
    _ = try workspace.write(
      "docs/web/component/switch.md",
      Data(
        """
        ## Condensed

        1. Listen to screenreader output on all devices

            * Name: Says "Dark mode, switch, on" when focused

        """.utf8))
    #expect(try workspace.run("criteria", "import", workspace.path("docs")).status == 0)
    let vocabulary = try #require(
      try workspace.run("listen", "--vocabulary", "--json").json() as? [String: Any])
    #expect(
      (vocabulary["phrases"] as? [[String: Any]] ?? []).contains { $0["phrase"] as? String == "dark mode" })
    #expect(vocabulary["sha256"] as? String != before["vocabulary_sha256"] as? String)
    let again = try #require(try workspace.run("listen", "--json").json() as? [[String: Any]])
    // Every recording with sound, the announcements among them, heard with the new vocabulary.
    #expect(again.count == 4)
    let after = try #require(try Self.detail(workspace, Self.announcements)["hearing"] as? [String: Any])
    #expect(after["vocabulary_sha256"] as? String == vocabulary["sha256"] as? String)
    #expect(try workspace.run("listen").stdout.contains("every recording has been heard"))
  }

  @Test func theVocabularyIsListedWithItsThresholds() throws {
    let workspace = try CLIWorkspace.catalogued()
    let listed = try #require(try workspace.run("listen", "--vocabulary", "--json").json() as? [String: Any])
    let phrases = try #require(listed["phrases"] as? [[String: Any]])
    let words = phrases.compactMap { $0["phrase"] as? String }
    #expect(words.contains("not checked") && words.contains("double tap to toggle"))
    // The sample criteria's announcements join the screen readers' words.
    #expect(words.contains("email me updates"))
    #expect(phrases.allSatisfy { ($0["threshold"] as? String ?? "").hasPrefix("1e") })
    #expect(try workspace.run("listen", "--vocabulary", "--again").status != 0)
  }

  /// Each recording is heard in a probe helper under a deadline drawn from the probe's: one too
  /// short stops the helper, names the file, stores nothing for it, and the others go on.
  @Test func aRecordingTheHelperGivesUpOnIsNamedAndTheRestAreHeard() throws {
    let workspace = try Self.workspace()
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = "0.0001"
    let stopped = try workspace.run("listen", Self.announcements, "ffff0000")
    #expect(stopped.status == 1)
    #expect(stopped.stderr.contains("announcements.webm: gave up after"), "\(stopped.stderr)")
    #expect(stopped.stderr.contains("ffff0000: no catalogued recording"), "\(stopped.stderr)")
    #expect(try Self.detail(workspace, Self.announcements)["hearing"] == nil)
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = nil
    let heard = try workspace.run("listen", Self.announcements, "ffff0000")
    #expect(heard.status == 1)
    #expect(heard.stdout.contains("announcements.webm: heard"))
    #expect((try Self.detail(workspace, Self.announcements)["heard"] as? [Any])?.isEmpty == false)
  }

  @Test(.enabled(if: TeamCatalogue.isOn, "hears the recording from the team's evidence store"))
  func aRecordingGoneFromDiskIsHeardFromTheEvidenceStore() throws {
    let workspace = try Self.workspace()
    try FileManager.default.removeItem(atPath: workspace.path(Self.announcements))
    let result = try workspace.run("listen", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(((try Self.detail(workspace, Self.announcements))["heard"] as? [Any])?.count ?? 0 > 30)
  }
}
