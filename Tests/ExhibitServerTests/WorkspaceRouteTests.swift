import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Cataloguing and importing from the web, as `catalog` and `criteria import` do: auditors only,
/// and only folders inside the workspace.
@Suite struct WorkspaceRouteTests {
  @Test func anAuditorCataloguesAndImportsInsideTheWorkspaceOnly() async throws {
    let workspace = try ServerWorkspace(fresh: true)  // it catalogues Media/ again
    try await workspace.addAccount("rita", role: .reviewer)
    try await workspace.addAccount("ada", role: .auditor)
    let media = workspace.root.appendingPathComponent("Media/native/checkbox")
    try FileManager.default.copyItem(
      at: media.appendingPathComponent("checkboxVoiceOver.webm"),
      to: media.appendingPathComponent("checkboxVoiceOver-again.webm"))
    try await workspace.serve(accounts: true) { client in
      var reviewer = BrowserSession(client)
      _ = try await reviewer.signIn("rita")
      #expect(try await reviewer.postJSON("/api/catalog", [:]).status == .forbidden)
      #expect(try await reviewer.postJSON("/api/criteria/import", [:]).status == .forbidden)

      var auditor = BrowserSession(client)
      _ = try await auditor.signIn("ada")
      let catalogued = try await auditor.postJSON("/api/catalog", ["paths": ["Media"]])
      #expect(catalogued.status == .ok)
      let summary = try #require(try catalogued.json() as? [String: Any])
      #expect(summary["scanned"] as? Int == 5, "the sample's three recordings, its screenshot and the copy")
      #expect(
        (summary["duplicates"] as? [Any])?.count == 1, "the copy has the bytes of a catalogued recording")
      let imported = try await auditor.postJSON("/api/criteria/import", ["paths": ["Criteria"]])
      #expect(imported.status == .ok)
      let report = try #require(try imported.json() as? [String: Any])
      #expect((report["unchanged"] as? [Any])?.count == 3, "the sample's three documents, imported already")
      for outside in ["/etc", "..", "Media/../../", "../shared"] {
        let refused = try await auditor.postJSON("/api/criteria/import", ["paths": [outside]])
        #expect(refused.status == .badRequest, "\(outside)")
      }
      let form = try await auditor.post("/catalog", form: [])
      #expect(form.status == .seeOther)
      #expect(form.headers[.location]?.hasPrefix("/?catalogued=") == true)
    }
  }

  /// After a catalogue from the web, what was not heard yet is heard in the background, each
  /// recording stored as it finishes; `GET /api/listening` says how far it is, and the catalogue's
  /// answer does not wait for it.
  @Test func theWorkspaceListensInTheBackgroundAfterACatalogue() async throws {
    let workspace = try ServerWorkspace(fresh: true)
    try FileManager.default.copyItem(
      at: ServerWorkspace.repository.appendingPathComponent(
        "Tests/ExhibitKitTests/Fixtures/media/announcements.webm"),
      to: workspace.root.appendingPathComponent("Media/web/announcements.webm"))
    try await workspace.addAccount("ada", role: .auditor)
    try await workspace.serve(accounts: true) { client in
      var auditor = BrowserSession(client)
      _ = try await auditor.signIn("ada")
      let before = try #require(try await auditor.get("/api/listening").json() as? [String: Any])
      #expect(before["running"] as? Bool == false && before["heard"] as? Int == 0)
      let catalogued = try await auditor.postJSON("/api/catalog", ["paths": ["Media"]])
      #expect(catalogued.status == .ok)
      // The three sample recordings and the announcements have sound; each is heard once.
      var status: [String: Any] = [:]
      let deadline = Date().addingTimeInterval(120)
      repeat {
        try await Task.sleep(for: .milliseconds(100))
        status = try #require(try await auditor.get("/api/listening").json() as? [String: Any])
      } while status["running"] as? Bool == true && Date() < deadline
      #expect(status["running"] as? Bool == false && status["heard"] as? Int == 4, "\(status)")
      #expect((status["failed"] as? [Any])?.isEmpty == true, "\(status)")
    }
    let shown = try workspace.run(
      "recordings", "show", workspace.root.appendingPathComponent("Media/web/announcements.webm").path,
      "--json")
    let detail = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
    #expect((detail["heard"] as? [Any])?.count ?? 0 > 30, "\(shown.output.prefix(300))")
  }
}
