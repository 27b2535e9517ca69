import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The overview lists recordings Exhibit could not place, and the recording page's form corrects
/// what a recording is of, as `exhibit recordings set` does; search reads `+` as a space.
@Suite struct AttributionRouteTests {
  static let session = "Media/inbox/session-0412.webm"

  static func workspace() throws -> ServerWorkspace {
    try ServerWorkspace { root in
      var bytes = try Data(contentsOf: root.appendingPathComponent(ServerWorkspace.voiceOverPath))
      bytes.append(Data(count: 4))
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("Media/inbox"), withIntermediateDirectories: true)
      try bytes.write(to: root.appendingPathComponent(session))
    }
  }

  @Test func theOverviewListsUnplacedRecordingsAndTheFormPlacesOne() async throws {
    let workspace = try Self.workspace()
    let sha = try workspace.sha256(of: Self.session)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let overview = try await browser.get("/").text
      #expect(overview.contains("1 recording could not be placed under a component"))
      let listed = try await browser.get("/?unattributed=1").text
      #expect(listed.contains("href=\"/recordings/\(sha)\">session-0412.webm</a>"))

      let page = try await browser.get("/recordings/\(sha)").text
      #expect(page.contains("Correct what this recording is of"))
      #expect(page.contains("<option value=\"native/checkbox\">native/checkbox</option>"))

      let refused = try await browser.post(
        "/recordings/\(sha)/attribution", form: [("component", "native/checkbox"), ("platform", "windows")])
      #expect(refused.status == .badRequest)
      #expect(refused.text.contains("windows is not a platform of native components"))
      let forged = try await browser.post(
        "/recordings/\(sha)/attribution", form: [("platform", "ios"), ("status", "ok")])
      #expect(forged.status == .badRequest)
      #expect(forged.text.contains("status may not be set"))

      let saved = try await browser.post(
        "/recordings/\(sha)/attribution",
        form: [
          ("component", "native/checkbox"), ("platform", "ios"), ("screen_reader", "voiceover"),
          ("browser", ""),
          ("os_version", "iOS 17.4"), ("device", ""),
        ])
      #expect(saved.status == .seeOther)
      #expect(saved.headers[.location] == "/recordings/\(sha)?attributed=1#attribution-heading")
      let after = try await browser.get("/recordings/\(sha)?attributed=1").text
      #expect(after.contains("Saved what the recording is of."))
      #expect(after.contains("iOS 17.4 <span class=\"muted\">(set by hand)</span>"))
      #expect(!(try await browser.get("/").text).contains("could not be placed"))
    }
    let store = try workspace.store()
    let detail = try store.recordingDetail(id: try store.resolveRecording(sha))
    #expect(detail.attribution.component == Attributed("native/checkbox", .hand))
    #expect(detail.attribution.platform == Attributed("ios", .hand))
    #expect(try store.history(sha).last?.actor == "local-auditor")
    #expect(try store.verifyWorkspace().problems.isEmpty)
  }

  @Test func searchReadsAPlusAsASpace() async throws {
    let workspace = try Self.workspace()
    let cli =
      try JSONSerialization.jsonObject(
        with: Data(try workspace.run("search", "checked OR dimmed", "--json").output.utf8)) as? NSDictionary
    let (api, page) = try await workspace.serve { client in
      var browser = BrowserSession(client)
      let api = Data(try await browser.get("/api/search?q=checked+OR+dimmed").body.readableBytesView)
      let page = try await browser.get("/search?q=checked+OR+dimmed").text
      return (api, page)
    }
    let served = try JSONSerialization.jsonObject(with: api) as? NSDictionary
    #expect(served == cli)
    #expect(((served?["hits"] as? [Any])?.count ?? 0) > 0)
    #expect(page.contains("value=\"checked OR dimmed\""))
    #expect(!page.contains("checked+OR"))
  }
}
