import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Each account keeps its own desk keys and reaction time: saved from the shortcuts panel's form,
/// given to the recording page's script and listed in its panel; a key two actions share, one
/// that cannot be a key or a reaction time out of range is refused and nothing changes; another
/// account keeps the standard keys; a visitor without an account cannot save.
@Suite struct DeskSettingsRouteTests {
  @Test func anAccountKeepsItsOwnKeysAndReactionTime() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.addAccount("ada", role: .auditor)
    try await workspace.addAccount("bo", role: .auditor)
    let listed = try workspace.run("recordings", "list", "--json").output
    let recordings = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
    let sha = try #require(
      recordings.first { ($0["path"] as? String ?? "").hasSuffix("checkboxVoiceOver.webm") }?["sha256"]
        as? String)
    try await workspace.serve(accounts: true) { client in
      var ada = BrowserSession(client)
      _ = try await ada.signIn("ada")
      let standard = try await ada.get("/recordings/\(sha)").text
      #expect(
        standard.contains("&quot;play-pause&quot;:&quot;k&quot;") && standard.contains("Change your keys"))
      var form: [(String, String)] = [("reaction", "0,4"), ("back", "/recordings/\(sha)#desk")]
      form += DeskSettings.Action.allCases.map {
        ("key_\($0.rawValue)", $0 == .playPause ? "g" : $0.standardKey)
      }
      let saved = try await ada.post("/desk-settings", form: form)
      #expect(saved.status == .seeOther && saved.headers[.location] == "/recordings/\(sha)#desk")
      let page = try await ada.get("/recordings/\(sha)").text
      #expect(
        page.contains("&quot;play-pause&quot;:&quot;g&quot;")
          && page.contains("&quot;reaction_seconds&quot;:0.4"))
      #expect(page.contains("<kbd>g, or Alt + g anywhere</kbd>") && page.contains("is 0.40 seconds earlier"))

      for (field, value, reason) in [
        ("key_loop", "i", "is the key of both"), ("key_loop", "1", "cannot be a key"),
        ("reaction", "3", "the reaction time must be"),
      ] {
        let changed = form.map { $0.0 == field ? (field, value) : $0 }
        let refused = try await ada.post("/desk-settings", form: changed)
        #expect(refused.status == .unprocessableContent, "\(field)=\(value)")
        #expect(refused.text.contains(reason), "\(field)=\(value): \(refused.text.prefix(200))")
      }
      #expect(try await ada.get("/recordings/\(sha)").text.contains("&quot;play-pause&quot;:&quot;g&quot;"))

      var bo = BrowserSession(client)
      _ = try await bo.signIn("bo")
      #expect(try await bo.get("/recordings/\(sha)").text.contains("&quot;play-pause&quot;:&quot;k&quot;"))
    }
    try await workspace.serve(accounts: false) { client in
      var visitor = BrowserSession(client)
      let page = try await visitor.get("/recordings/\(sha)").text
      #expect(page.contains("Sign in with an account to choose your own keys"))
    }
  }
}
