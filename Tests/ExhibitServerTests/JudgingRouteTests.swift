import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Saving and retracting verdicts from the recording page: the CLI's rules, audited, idempotent,
/// and refused without the page's CSRF token.
@Suite struct JudgingRouteTests {
  @Test func savingAVerdictIsALinkByTheAuditorAndADoubleSubmitMakesOne() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let form = [
      ("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("from", "0.4"), ("to", "5.2"),
      ("note", "says checkbox"),
    ]
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let first = try await browser.post("/recordings/\(sha)/links", form: form)
      #expect(first.status == .seeOther)
      #expect(first.headers[.location] == "/recordings/\(sha)?saved=1#desk")
      let again = try await browser.post("/recordings/\(sha)/links", form: form)
      #expect(again.headers[.location] == "/recordings/\(sha)?saved=1#desk")
      let page = try await browser.get("/recordings/\(sha)?saved=1")
      #expect(page.text.contains("Saved link 1."))
    }
    let store = try workspace.store()
    let link = try store.evidenceLink(1)
    #expect(link.auditor == "local-auditor")
    #expect(link.startSeconds == 0.4 && link.endSeconds == 5.2)
    #expect((try? store.evidenceLink(2)) == nil, "a double submit makes no second link")
    #expect(try store.history(ServerWorkspace.roleItem).filter { $0.action == "link.create" }.count == 1)
  }

  @Test func aRefusedSaveShowsTheReasonKeepsTheFormAndChangesNothing() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let past = try await browser.post(
        "/recordings/\(sha)/links",
        form: [
          ("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("from", "1"), ("to", "99"),
          ("note", "kept"),
        ])
      #expect(past.status == .unprocessableContent)
      #expect(past.text.contains("role=\"alert\""))
      #expect(past.text.contains(">kept</textarea>"))
      let unknown = try await browser.post(
        "/recordings/\(sha)/links",
        form: [("item", "native/checkbox#screenreader.nothing"), ("verdict", "pass")])
      #expect(unknown.status == .notFound)
      let androidOnly = try await browser.post(
        "/recordings/\(sha)/links",
        form: [("item", "native/checkbox#keyboard.spacebar-android"), ("verdict", "pass")])
      #expect(androidOnly.status.code >= 400 && androidOnly.status.code < 500)
      let noVerdict = try await browser.post(
        "/recordings/\(sha)/links", form: [("item", ServerWorkspace.roleItem)])
      #expect(noVerdict.status == .badRequest)
    }
    #expect(try workspace.store().history().filter { $0.action == "link.create" }.isEmpty)
  }

  @Test func aPostWithoutTheTokenOrFromAnotherSiteIsRefused() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let form = [("item", ServerWorkspace.roleItem), ("verdict", "pass")]
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      #expect(
        try await browser.post("/recordings/\(sha)/links", form: form, csrf: false).status == .forbidden)
      #expect(
        try await browser.post(
          "/recordings/\(sha)/links", form: form + [("csrf_token", String(repeating: "0", count: 64))],
          csrf: false
        )
        .status == .forbidden)
      let foreign = try await browser.post(
        "/recordings/\(sha)/links", form: form, headers: [.origin: "http://evil.example"])
      #expect(foreign.status == .forbidden)
      var stranger = BrowserSession(client)
      #expect(
        try await stranger.post("/recordings/\(sha)/links", form: form, csrf: false).status == .forbidden)
      let json = try await browser.postJSON(
        "/api/links", ["recording": sha, "item": ServerWorkspace.roleItem, "verdict": "pass"], csrf: false)
      #expect(json.status == .forbidden)
      #expect((try json.json() as? [String: [String: String]])?["error"]?["code"] == "csrf")
    }
    #expect(try workspace.store().history().filter { $0.action == "link.create" }.isEmpty)
  }

  @Test func aTenMegabyteFormIsRefusedAndChangesNothing() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let huge = String(repeating: "x", count: 10 << 20)
      let response = try await browser.post(
        "/recordings/\(sha)/links",
        form: [("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("note", huge)])
      #expect(response.status == .contentTooLarge)
    }
    #expect(try workspace.store().history().filter { $0.action == "link.create" }.isEmpty)
  }

  @Test func retractingAsksForAReasonAndIsIdempotent() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try workspace.run("link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "pass")
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      #expect(try await browser.post("/links/1/retract", form: [("reason", " ")]).status == .badRequest)
      let first = try await browser.post("/links/1/retract", form: [("reason", "wrong segment")])
      #expect(first.status == .seeOther)
      #expect(first.headers[.location] == "/recordings/\(sha)?retracted=1#links")
      #expect(
        try await browser.post("/links/1/retract", form: [("reason", "wrong segment ")]).status == .seeOther)
      #expect(
        try await browser.post("/links/1/retract", form: [("reason", "another reason")]).status == .conflict)
      #expect(try await browser.post("/links/99/retract", form: [("reason", "x")]).status == .notFound)
    }
    let retractions = try workspace.store().history().filter { $0.action == "link.retract" }
    #expect(retractions.count == 1)
    #expect(retractions.first?.actor == "local-auditor")
  }

  @Test func acceptingASuggestionRecordsAnUntestedLink() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let page = try await browser.get("/components/native/checkbox?platform=ios")
      let form = try #require(
        page.text.components(separatedBy: "action=\"/components/native/checkbox/suggestions/accept\"")
          .dropFirst().first)
      func value(_ name: String) -> String {
        form.components(separatedBy: "name=\"\(name)\" value=\"").dropFirst().first?.components(
          separatedBy: "\""
        ).first
          ?? ""
      }
      let fields = [
        ("recording", value("recording")), ("item", value("item")), ("from", value("from")),
        ("platform", "ios"),
      ]
      let accepted = try await browser.post("/components/native/checkbox/suggestions/accept", form: fields)
      #expect(accepted.status == .seeOther)
      #expect(accepted.headers[.location]?.contains("accepted=1") == true)
      #expect(
        try await browser.post("/components/native/checkbox/suggestions/accept", form: fields).status
          == .conflict)
    }
    #expect(try workspace.store().evidenceLink(1).verdict == .untested)
  }
}
