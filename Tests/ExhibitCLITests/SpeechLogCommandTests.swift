import Foundation
import Testing

/// `exhibit recordings speech` as a user runs it, on either catalogue: an NVDA log placed by what
/// Exhibit heard and by the offset given, then a Guidepup and an AT Driver log placed by what
/// was heard; the transcript written beside the recording is catalogued like a caption file
/// (shown, searched, audited); what cannot be imported is named with the reason and nothing
/// already stored changes.
@Suite struct SpeechLogCommandTests {
  static func fixture(_ name: String) -> String {
    CLIWorkspace.repository.appendingPathComponent("Tests/ExhibitKitTests/Fixtures/speech-logs/\(name)").path
  }

  static func speech(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [String: Any] {
    let result = try workspace.run(
      ["recordings", "speech", CLIWorkspace.heardRecording] + arguments + ["--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try result.json() as? [String: Any])
  }

  /// The cues of the recording's speech transcript, as `recordings show` gives them.
  static func cues(_ workspace: CLIWorkspace) throws -> [[String: Any]] {
    let detail = try #require(
      try workspace.run("recordings", "show", CLIWorkspace.heardRecording, "--json").json() as? [String: Any])
    let tracks = try #require(detail["captions"] as? [[String: Any]])
    let track = try #require(tracks.first { ($0["path"] as? String ?? "").hasSuffix(".speech.vtt") })
    return try #require(track["cues"] as? [[String: Any]])
  }

  @Test func logsArePlacedOnTheRecordingAndCataloguedAsItsTranscript() throws {
    let workspace = try CLIWorkspace.heard()
    let nvda = try Self.speech(workspace, Self.fixture("nvda-io.log"))
    #expect(nvda["format"] as? String == "nvda" && nvda["placed_by"] as? String == "heard")
    #expect(nvda["entries"] as? Int == 26 && nvda["cues"] as? Int == 26 && nvda["outside"] as? Int == 0)
    // The recording started half a second before the log's first entry; heard speech starts a
    // little before its words.
    let offset = try #require(nvda["offset_seconds"] as? Double)
    #expect(abs(offset - 0.5) < 0.75, "\(offset)")
    #expect((nvda["matched"] as? Int ?? 0) >= 13)
    let sidecar = try #require(nvda["caption_file"] as? String)
    #expect(sidecar.hasSuffix("checkbox_iOSVoiceOverHeard.speech.vtt"))
    let written = try String(contentsOfFile: sidecar, encoding: .utf8)
    #expect(written.hasPrefix("WEBVTT - speech log imported by Exhibit") && written.contains("NVDA log"))
    var cues = try Self.cues(workspace)
    #expect(cues.count == 26 && (cues[4]["text"] as? String)?.hasPrefix("Dark mode") == true)
    // Searched like captions, at its time.
    let found = try #require(
      try workspace.run("search", "\"dark mode\"", "--kind", "captions", "--json").json() as? [String: Any])
    let hit = try #require((found["hits"] as? [[String: Any]])?.first { $0["kind"] as? String == "captions" })
    #expect(abs((hit["start_seconds"] as? Double ?? 0) - 15.17) < 0.8, "\(hit)")

    // A second import needs --replace; with --offset the cues lie where the log says.
    let again = try workspace.run(
      "recordings", "speech", CLIWorkspace.heardRecording, Self.fixture("nvda-io.log"))
    #expect(again.status == 1 && again.stderr.contains("--replace"))
    let given = try Self.speech(workspace, Self.fixture("nvda-io.log"), "--offset", "0.5", "--replace")
    #expect(given["placed_by"] as? String == "offset" && given["offset_seconds"] as? Double == 0.5)
    cues = try Self.cues(workspace)
    #expect(abs((cues[4]["start_seconds"] as? Double ?? 0) - 15.17) < 0.01)

    for name in ["guidepup-spoken-phrases.json", "at-driver-output.jsonl"] {
      let placed = try Self.speech(workspace, Self.fixture(name), "--replace")
      #expect(placed["placed_by"] as? String == "heard" && placed["offset_seconds"] is NSNull, "\(name)")
      #expect(placed["cues"] as? Int == 26 && (placed["matched"] as? Int ?? 0) >= 13, "\(name): \(placed)")
      cues = try Self.cues(workspace)
      #expect(abs((cues[4]["start_seconds"] as? Double ?? 0) - 15.17) < 1, "\(name): \(cues[4])")
    }
    // The transcript's track came in through the catalogue: audited.
    let history = try workspace.run("history", CLIWorkspace.heardRecording)
    #expect(history.stdout.contains("speech.vtt"), "\(history.stdout)")
  }

  @Test func whatCannotBeImportedIsNamedWithTheReason() throws {
    let workspace = try CLIWorkspace.heard()
    let png = workspace.path("Media/native/checkbox/checkbox_iOS_TextSize200.png")
    let notALog = try workspace.run("recordings", "speech", CLIWorkspace.heardRecording, png)
    #expect(notALog.status == 1 && notALog.stderr.contains("checkbox_iOS_TextSize200.png: is not text"))
    let missing = try workspace.run("recordings", "speech", CLIWorkspace.heardRecording, "nowhere.log")
    #expect(missing.status == 1 && missing.stderr.contains("nowhere.log: cannot be opened"))
    let untimed = try workspace.run(
      "recordings", "speech", CLIWorkspace.heardRecording, Self.fixture("guidepup-spoken-phrases.json"),
      "--offset",
      "1")
    #expect(untimed.status == 1 && untimed.stderr.contains("has no times, so --offset cannot place it"))
    // A recording nobody listened to cannot be matched.
    let unheard = try workspace.run(
      "recordings", "speech", CLIWorkspace.voiceOver, Self.fixture("nvda-io.log"))
    #expect(
      unheard.status == 1 && unheard.stderr.contains("run exhibit listen on it first"), "\(unheard.stderr)")
    // Nothing was written or catalogued.
    let detail = try #require(
      try workspace.run("recordings", "show", CLIWorkspace.heardRecording, "--json").json() as? [String: Any])
    #expect((detail["captions"] as? [Any])?.isEmpty == true)
    #expect(try workspace.run("verify").status == 0)
  }
}
