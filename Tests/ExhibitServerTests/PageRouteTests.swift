import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The pages, as a browser without JavaScript gets them.
@Suite struct PageRouteTests {
  @Test func overviewListsEveryComponentInTheMatrix() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text.contains("href=\"/components/native/checkbox\""))
      #expect(page.text.contains("href=\"/components/web/checkbox\""))
      #expect(page.text.contains("<th scope=\"col\">iOS VoiceOver</th>"))
      let filtered = try await browser.get("/?family=web&platform=windows")
      #expect(!filtered.text.contains("href=\"/components/native/checkbox\""))
      #expect(!filtered.text.contains("<th scope=\"col\">iOS VoiceOver</th>"))
      #expect(filtered.text.contains("<th scope=\"col\">Windows NVDA</th>"))
      #expect(try await browser.get("/?platform=amiga").status == .badRequest)
    }
  }

  @Test func everyResponseCarriesAStrictContentSecurityPolicy() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      for path in [
        "/", "/components/native/checkbox", "/search?q=checked", "/history", "/nope", "/api/components",
      ] {
        let response = try await browser.get(path)
        let policy = response.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("script-src 'self'"), "\(path)")
        #expect(!policy.contains("unsafe-inline"), "\(path)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
        #expect(!response.text.contains("<script>"), "\(path): no inline script")
        #expect(!response.text.contains(" onclick="), "\(path): no event-handler attributes")
      }
    }
  }

  @Test func componentPageShowsTheChecklistRecordingsAndSuggestions() async throws {
    let workspace = try ServerWorkspace()
    try workspace.run(
      "link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "fail", "--from", "0.4",
      "--to",
      "5.2")
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/components/native/checkbox?platform=ios")
      #expect(page.status == .ok)
      #expect(page.text.contains("<h1>Checkbox <span class=\"muted\">on iOS</span></h1>"))
      #expect(page.text.contains("native/checkbox#screenreader.role"))
      #expect(page.text.contains("link 1: checkboxVoiceOver.webm 0:00.4–0:05.2"))
      #expect(page.text.contains("state-fail"))
      #expect(page.text.contains("checkboxVoiceOver.webm</a>"))
      #expect(!page.text.contains("checkbox_AndroidTalkback.webm</a>"), "only iOS recordings on the iOS page")
      #expect(page.text.contains("Suggestions waiting for a decision"))
      #expect(try await browser.get("/components/native/no-such-thing").status == .notFound)
      #expect(try await browser.get("/components/amiga/checkbox").status == .notFound)
    }
  }

  @Test func recordingPageHasThePlayerTranscriptAndForm() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/recordings/\(sha)?t=5.8")
      #expect(page.status == .ok)
      #expect(
        page.text.contains("<video id=\"player\" controls preload=\"metadata\" src=\"/media/\(sha)#t=5.800\"")
      )
      #expect(
        page.text.contains("<track kind=\"captions\" src=\"/media/\(sha)/captions/0.vtt\" srclang=\"en-US\""))
      #expect(page.text.contains("data-cue-start=\"0.4\""))
      #expect(page.text.contains("Email me updates, checkbox, not checked."))
      #expect(page.text.contains("name=\"csrf_token\""))
      #expect(page.text.contains("value=\"native/checkbox#screenreader.role\""))
      #expect(
        !page.text.contains("value=\"native/checkbox#keyboard.spacebar-android\""), "an Android-only item")
      let every = try await browser.get("/recordings/\(sha)?other_platforms=1")
      #expect(every.text.contains("name=\"other_platform\" value=\"1\""))
      #expect(try await browser.get("/recordings/" + String(repeating: "a", count: 64)).status == .notFound)
      for time in ["nan", "inf", "-5", "x"] {
        let odd = try await browser.get("/recordings/\(sha)?t=\(time)")
        #expect(odd.status == .ok, "t=\(time)")
        #expect(!odd.text.contains("#t=nan") && !odd.text.contains("#t=inf"), "t=\(time)")
        #expect(
          !odd.text.contains("data-start-at=\"nan") && !odd.text.contains("data-start-at=\"inf"), "t=\(time)")
      }
    }
  }

  @Test func dataFromTheDatabaseIsShownAsText() async throws {
    let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    let workspace = try ServerWorkspace { root in
      let captions = root.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver-en-US.vtt")
      let text = try String(contentsOf: captions, encoding: .utf8)
      try text.replacingOccurrences(of: "Checked.", with: "Checked & \"quoted\" <u>x</u> \(hostile)")
        .write(to: captions, atomically: true, encoding: .utf8)
    }
    try workspace.run(
      "link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "pass", "--note", hostile)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      for path in ["/recordings/\(sha)", "/history", "/search?q=checked&kind=captions"] {
        let page = try await browser.get(path)
        #expect(page.status == .ok, "\(path)")
        #expect(!page.text.contains("<script>alert"), "\(path)")
        #expect(!page.text.contains("<img src=x"), "\(path)")
      }
      #expect(
        try await browser.get("/recordings/\(sha)").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
  }

  @Test func searchGroupsHitsAndLinksCaptionsToThePlayerAtTheirSecond() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/search?q=checked&kind=captions&platform=ios")
      #expect(page.status == .ok)
      #expect(page.text.contains("<a href=\"/components/native/checkbox\">native/checkbox</a>"))
      #expect(page.text.contains("href=\"/recordings/\(sha)?t=5.8&amp;play=1#player\""))
      #expect(try await browser.get("/recordings/\(sha)?t=5.8&play=1").text.contains("data-autoplay=\"1\""))
      #expect(try await browser.get("/search?q=%22").status == .badRequest)
    }
  }

  @Test func historyShowsTheTrailAndTheChainCheck() async throws {
    let workspace = try ServerWorkspace()
    try workspace.run("link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "pass")
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/history?subject=native/checkbox")
      #expect(page.status == .ok)
      #expect(page.text.contains("link.create"))
      #expect(page.text.contains("The audit chain is intact"))
      #expect(try await browser.get("/history?subject=native/nothing").status == .notFound)
    }
  }
}
