import Foundation
import Testing

/// `exhibit frame`: a catalogued recording's frame as a PNG, on either catalogue; with the team's
/// evidence store, from the bucket once the file is gone from disk.
@Suite struct FrameCommandTests {
  @Test func writesThePNGAtTheRecordingsSize() throws {
    let workspace = try CLIWorkspace.catalogued()
    let out = workspace.path("frames/role.png")
    try FileManager.default.createDirectory(
      atPath: workspace.path("frames"), withIntermediateDirectories: true)
    let result = try workspace.run("frame", CLIWorkspace.voiceOver, "--at", "0:01,5", "--out", out, "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["width"] as? Int == 320 && report["height"] as? Int == 180)
    #expect(report["at_seconds"] as? Double == 1.5)
    #expect((report["shown_from_seconds"] as? Double ?? 9) <= 1.5)
    #expect(report["path"] as? String == out)
    let png = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count == report["bytes"] as? Int)
  }

  @Test func aSecondPastTheEndWritesNothingAndSaysWhy() throws {
    let workspace = try CLIWorkspace.catalogued()
    let out = workspace.path("late.png")
    let result = try workspace.run("frame", CLIWorkspace.voiceOver, "--at", "90", "--out", out)
    #expect(result.status == 1)
    #expect(result.stderr.contains("checkboxVoiceOver.webm: 90 s is past the end of the recording (7.407 s)"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let unknown = try workspace.run("frame", "ffff0000", "--at", "1", "--out", out)
    #expect(unknown.status == 1 && unknown.stderr.contains("ffff0000: no catalogued recording"))
  }

  /// The frame is decoded in a probe helper under the probe's deadline: one too short to decode
  /// in stops the helper, names the file and writes nothing, and the command does not crash.
  @Test func framesAreDecodedInTheProbeBoxUnderItsDeadline() throws {
    let workspace = try CLIWorkspace.catalogued()
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = "0.001"
    let out = workspace.path("boxed.png")
    let stopped = try workspace.run("frame", CLIWorkspace.voiceOver, "--at", "2", "--out", out)
    #expect(stopped.status == 1)
    // The box's clock stops the helper, or the helper's own (a helper forked by the resident
    // one starts decoding at once, and may see the deadline pass first).
    #expect(
      stopped.stderr.contains("checkboxVoiceOver.webm: gave up after 0.001 s")
        || stopped.stderr.contains("checkboxVoiceOver.webm: gave up decoding after the deadline"),
      "\(stopped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = nil
    #expect(try workspace.run("frame", CLIWorkspace.voiceOver, "--at", "2", "--out", out).status == 0)
  }

  @Test(.enabled(if: TeamCatalogue.isOn, "reads the recording from the team's evidence store"))
  func aRecordingGoneFromDiskIsReadFromTheEvidenceStore() throws {
    let workspace = try CLIWorkspace.catalogued()
    let shown =
      try workspace.run("recordings", "show", CLIWorkspace.voiceOver, "--json").json() as? [String: Any]
    let sha = try #require((shown?["recording"] as? [String: Any])?["sha256"] as? String)
    try FileManager.default.removeItem(atPath: workspace.path(CLIWorkspace.voiceOver))
    let out = workspace.path("stored.png")
    let result = try workspace.run("frame", String(sha.prefix(12)), "--at", "2", "--out", out)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: out))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.root.path)
    #expect(!leftovers.contains { $0.hasPrefix(".exhibit-fetch") })
  }
}
