import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Captions written at the desk from what Exhibit heard: the form lists each stretch of speech
/// with the phrases heard in it; a cue that cannot be read is refused by its number and nothing
/// is written; saved, the cues become the recording's caption sidecar, catalogued and audited
/// under the auditor's name, and the form is gone; a second save is refused.
@Suite struct HeardCaptionsRouteTests {
  @Test func anAuditorTurnsWhatWasHeardIntoCaptions() async throws {
    let workspace = try ServerWorkspace(fresh: true)
    let relative = "Media/web/announcements.webm"
    let recording = workspace.root.appendingPathComponent(relative)
    try FileManager.default.copyItem(
      at: ServerWorkspace.repository.appendingPathComponent(
        "Tests/ExhibitKitTests/Fixtures/media/announcements.webm"),
      to: recording)
    try workspace.run("catalog", workspace.root.appendingPathComponent("Media").path)
    try workspace.run("listen", recording.path)
    let shown = try workspace.run("recordings", "show", recording.path, "--json").output
    let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
    let sha = try #require((detail["recording"] as? [String: Any])?["sha256"] as? String)
    let utterances = try #require(detail["utterances"] as? [Any]).count
    try await workspace.addAccount("ada", role: .auditor)
    try await workspace.serve(accounts: true) { client in
      var auditor = BrowserSession(client)
      _ = try await auditor.signIn("ada")
      let page = try await auditor.get("/recordings/\(sha)").text
      #expect(page.contains("Turn what was heard into captions"))
      #expect(page.contains("name=\"cues\" value=\"\(utterances)\""))
      #expect(page.contains("value=\"email me updates, not checked, double tap to toggle\""))

      var rows: [(String, String)] = [("cues", "2")]
      rows += [
        ("start_1", "0.4"), ("end_1", "4,9"),
        ("text_1", "Email me updates, checkbox, not checked. Double tap to toggle."),
      ]
      rows += [("start_2", "0:06.2"), ("end_2", "six"), ("text_2", "Submit, button")]
      let refused = try await auditor.post("/recordings/\(sha)/captions", form: rows)
      #expect(refused.status == .unprocessableContent)
      #expect(try refused.text.contains("cue 2 (Submit, button)"))
      let sidecar = workspace.root.appendingPathComponent("Media/web/announcements.vtt").path
      #expect(!FileManager.default.fileExists(atPath: sidecar))

      rows[rows.count - 2] = ("end_2", "0:07.3")
      let saved = try await auditor.post("/recordings/\(sha)/captions", form: rows)
      #expect(saved.status == .seeOther)
      #expect(saved.headers[.location] == "/recordings/\(sha)?captioned=2#transcript-heading")
      let written = try String(contentsOfFile: sidecar, encoding: .utf8)
      #expect(written.hasPrefix("WEBVTT - captions written at Exhibit's desk from what it heard"))
      #expect(
        written.contains("Written by ada on ")
          && written.contains("00:00:06.200 --> 00:00:07.300\nSubmit, button"))
      let after = try await auditor.get("/recordings/\(sha)").text
      #expect(
        !after.contains("Turn what was heard into captions") && after.contains("Email me updates, checkbox"))
      let again = try await auditor.post("/recordings/\(sha)/captions", form: rows)
      #expect(again.status == .conflict)
    }
    let captioned = try workspace.run("recordings", "show", recording.path, "--json").output
    let tracks = try #require(
      (try JSONSerialization.jsonObject(with: Data(captioned.utf8)) as? [String: Any])?["captions"]
        as? [[String: Any]])
    #expect(tracks.count == 1 && (tracks.first?["cues"] as? [Any])?.count == 2)
    let history = try workspace.run("history", recording.path).output
    #expect(history.contains("ada") && history.contains("announcements.vtt"), "\(history)")
  }
}
