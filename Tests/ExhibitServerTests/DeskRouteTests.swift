import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The desk's forms as a browser posts them: a suggestion decided in place, an observation with
/// no recording, and times that are refused rather than misread; nothing is stored for a refusal.
@Suite struct DeskRouteTests {
  /// The value of a hidden field in the first form posting to `action`.
  static func field(_ name: String, in page: String, action: String) -> String? {
    guard let form = page.components(separatedBy: "action=\"\(action)\"").dropFirst().first else {
      return nil
    }
    return form.components(separatedBy: "name=\"\(name)\" value=\"").dropFirst().first?
      .components(separatedBy: "\"").first
  }

  @Test func aSuggestionIsDecidedInPlaceAndIsNotOfferedAgain() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let page = try await browser.get("/components/native/checkbox?platform=ios").text
      let recording = try #require(Self.field("recording", in: page, action: "/suggestions/decide"))
      let item = try #require(Self.field("item", in: page, action: "/suggestions/decide"))
      let from = Self.field("from", in: page, action: "/suggestions/decide") ?? ""
      let fields = [
        ("recording", recording), ("item", item), ("from", from), ("decision", "fail"),
        ("note", "says nothing of the state"),
        ("back", "/components/native/checkbox?platform=ios#suggestions-heading"),
      ]
      let decided = try await browser.post("/suggestions/decide", form: fields)
      #expect(decided.status == .seeOther)
      #expect(
        decided.headers[.location]
          == "/components/native/checkbox?platform=ios&decided=fail#suggestions-heading")
      let again = try await browser.post("/suggestions/decide", form: fields)
      #expect(again.status == .conflict)
      let offsite = try await browser.post("/suggestions/decide", form: [("decision", "pass")])
      #expect(offsite.status == .badRequest)
    }
    let store = try workspace.store()
    let link = try store.evidenceLink(1)
    #expect(link.verdict == .fail && link.note.contains("says nothing of the state"))
    #expect((try? store.evidenceLink(2)) == nil)
  }

  @Test func anObservationNeedsANoteAndAPlatformTheCriteriaApplyTo() async throws {
    let workspace = try ServerWorkspace()
    let path = "/components/native/checkbox/observations"
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let page = try await browser.get("/components/native/checkbox").text
      #expect(page.contains("action=\"\(path)\""))
      let focus = "native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab"
      let noNote = try await browser.post(
        path, form: [("item", focus), ("verdict", "fail"), ("platform", "ios"), ("note", "  ")])
      #expect(noNote.status.code >= 400 && noNote.status.code < 500)
      let badPlatform = try await browser.post(
        path, form: [("item", focus), ("verdict", "fail"), ("platform", "windows"), ("note", "skips it")])
      #expect(badPlatform.status.code >= 400 && badPlatform.status.code < 500)
      #expect(try workspace.store().history().filter { $0.action == "link.create" }.isEmpty)
      let saved = try await browser.post(
        path,
        form: [
          ("item", focus), ("verdict", "fail"), ("platform", "ios"), ("screen_reader", "voiceover"),
          ("note", "focus skips the checkbox"), ("environment", "iOS 17.4, iPad Air"),
        ])
      #expect(saved.status == .seeOther)
      #expect(saved.headers[.location]?.contains("observed=1") == true)
      let after = try await browser.get("/components/native/checkbox?platform=ios").text
      #expect(after.contains("observed, not recorded"))
      #expect(after.contains("focus skips the checkbox"))
    }
    #expect(try workspace.store().evidenceLink(1).verdict == .fail)
  }

  @Test func aTimeThatIsNotOneOfTheAcceptedFormsIsRefusedWithItsReason() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      for typed in ["2.5s", "1:2.5", "2,5,0", "-1"] {
        let refused = try await browser.post(
          "/recordings/\(sha)/links",
          form: [("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("from", typed), ("to", "3")])
        #expect(refused.status.code >= 400 && refused.status.code < 500, "\(typed)")
        #expect(refused.text.contains("is not a time"), "\(typed)")
      }
      let comma = try await browser.post(
        "/recordings/\(sha)/links",
        form: [("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("from", "0,5"), ("to", "0:02.5")])
      #expect(comma.status == .seeOther)
      let page = try await browser.get("/recordings/\(sha)").text
      #expect(page.contains("data-link=\"1\" data-from=\"0.5\" data-to=\"2.5\""))
    }
    let link = try workspace.store().evidenceLink(1)
    #expect(link.startSeconds == 0.5 && link.endSeconds == 2.5)
  }
}
