import Foundation
import Testing

/// The desk's keys in headless Chromium (`Scripts/check_desk_keys.py`): with Alt while typing a
/// note, a mark while playing taken back by the reaction time, the verdict's number keys, cue and
/// item keys, a frame step, the looped segment and the panel that lists them, with axe-core 4.x.
/// Screenshots land in `.build/screenshots/desk-keys` (not committed).
@Suite struct DeskKeysWebTests {
  @Test func theDeskKeysWorkWhileTypingAndOutsideFields() throws {
    let workspace = try CLIWorkspace.inOpenAudit()
    let listed = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let video = try #require(
      listed.first { ($0["path"] as? String)?.hasSuffix("checkboxVoiceOver.webm") == true }?["sha256"]
        as? String)
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/desk-keys").path
    let check = try Python.run([Python.script("check_desk_keys.py"), server.base, video, screenshots])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(screenshots)/desk-keys-panel.png"))
  }
}
