import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import ExhibitServer

/// Who may do what with accounts: anonymous visitors sign in first, reviewers read and download,
/// auditors also change evidence. Every writing route is tried as each of them.
@Suite struct AccessTests {
  /// The writing routes, each with a form that would succeed for an auditor.
  static func writes(sha: String) -> [(path: String, form: [(String, String)], json: [String: String]?)] {
    [
      ("/recordings/\(sha)/links", [("item", ServerWorkspace.roleItem), ("verdict", "pass")], nil),
      ("/links/1/retract", [("reason", "checked again")], nil),
      (
        "/components/native/checkbox/suggestions/accept",
        [("recording", sha), ("item", "native/checkbox#screenreader.state"), ("from", "0.4")], nil
      ),
      ("/api/links", [], ["recording": sha, "item": ServerWorkspace.roleItem, "verdict": "fail"]),
      ("/api/links/1/retract", [], ["reason": "checked again"]),
      ("/catalog", [], nil),
    ]
  }

  @Test func everyWritingRouteRefusesAnonymousVisitorsAndReviewers() async throws {
    let workspace = try ServerWorkspace()
    try workspace.run("link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "pass")
    try await workspace.addAccount("rita", role: .reviewer)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(accounts: true) { client in
      var anonymous = BrowserSession(client)
      try await anonymous.start()
      var reviewer = BrowserSession(client)
      #expect(try await reviewer.signIn("rita").status == .seeOther)
      for write in Self.writes(sha: sha) {
        let asAnonymous =
          write.json == nil
          ? try await anonymous.post(write.path, form: write.form)
          : try await anonymous.postJSON(write.path, write.json!)
        #expect(asAnonymous.status == .unauthorized, "anonymous \(write.path)")
        let asReviewer =
          write.json == nil
          ? try await reviewer.post(write.path, form: write.form)
          : try await reviewer.postJSON(write.path, write.json!)
        #expect(asReviewer.status == .forbidden, "reviewer \(write.path)")
      }
    }
    let events = try workspace.store().history()
    #expect(events.filter { $0.action.hasPrefix("link.") }.count == 1, "only the CLI's link")
  }

  @Test func anAuditorMayDoEveryWrite() async throws {
    let workspace = try ServerWorkspace()
    try workspace.run("link", ServerWorkspace.voiceOverPath, ServerWorkspace.roleItem, "--verdict", "pass")
    try await workspace.addAccount("ada", role: .auditor)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(accounts: true) { client in
      var auditor = BrowserSession(client)
      #expect(try await auditor.signIn("ada").status == .seeOther)
      for write in Self.writes(sha: sha) where !write.path.contains("retract") {
        let response =
          write.json == nil
          ? try await auditor.post(write.path, form: write.form)
          : try await auditor.postJSON(write.path, write.json!)
        #expect([.ok, .seeOther].contains(response.status), "auditor \(write.path): \(response.text)")
      }
      #expect(
        try await auditor.post("/links/1/retract", form: [("reason", "checked again")]).status == .seeOther)
    }
    let actors = Set(try workspace.store().history().filter { $0.action.hasPrefix("link.") }.map(\.actor))
    #expect(actors == ["cli-auditor", "ada"])
  }

  @Test func readingNeedsAnAccountAndReviewersMayReadAndDownload() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.addAccount("rita", role: .reviewer)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(accounts: true) { client in
      var anonymous = BrowserSession(client)
      let page = try await anonymous.get("/components/native/checkbox")
      #expect(page.status == .seeOther)
      #expect(page.headers[.location] == "/signin?next=%2Fcomponents%2Fnative%2Fcheckbox")
      #expect(try await anonymous.get("/api/components").status == .unauthorized)
      #expect(try await anonymous.get("/media/\(sha)").status == .unauthorized)
      #expect(try await anonymous.get("/signin").status == .ok)
      var reviewer = BrowserSession(client)
      _ = try await reviewer.signIn("rita")
      #expect(try await reviewer.get("/components/native/checkbox").status == .ok)
      #expect(
        try await reviewer.get("/media/\(sha)", headers: [.range: "bytes=0-3"]).status == .partialContent)
      let recording = try await reviewer.get("/recordings/\(sha)")
      #expect(!recording.text.contains("judge-form"), "a reviewer is not offered the form")
      let exported = try await reviewer.post(
        "/bundles", form: [("component", "native/checkbox"), ("platform", "ios")])
      #expect(exported.status == .seeOther)
      let bundle = try #require(exported.headers[.location])
      #expect(try await reviewer.get(bundle).text.contains("It verifies"))
      let zip = try await reviewer.get(bundle + "/download")
      #expect(zip.status == .ok)
      #expect(zip.headers[.contentType] == "application/zip")
      #expect(zip.body.readableBytes > 1000)
    }
  }

  @Test func signInSetsAStrictCookieAndFailuresAreSlowed() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.addAccount("ada", role: .auditor)
    let clock = ManualClock()
    var settings = workspace.settings(accounts: true)
    settings.signInDelay = 0.5
    settings.signInClock = clock.signInClock
    try await workspace.serve(settings) { client in
      var browser = BrowserSession(client)
      try await browser.start()
      func signIn(_ password: String) async throws -> TestResponse {
        try await browser.post("/signin", form: [("name", "ada"), ("password", password)])
      }
      for _ in 0..<5 {
        let wrong = try await signIn("not the password")
        #expect(wrong.status == .unauthorized)
        #expect(wrong.text.contains("The account or the password is wrong."))
      }
      // The first failure is answered at once; each later one waits twice as long.
      #expect(clock.waits == [0.5, 1, 2, 4])
      // Failures are forgotten 15 minutes after the last.
      clock.advance(15 * 60)
      #expect(try await signIn("not the password").status == .unauthorized)
      #expect(clock.waits == [0.5, 1, 2, 4])
      let right = try await signIn("a long enough password")
      #expect(clock.waits == [0.5, 1, 2, 4, 0.5])
      #expect(right.status == .seeOther)
      let cookie = try #require(right.headers[values: .setCookie].first { $0.hasPrefix("exhibit_session=") })
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Strict"))
      #expect(cookie.contains("Path=/"))
    }
    let store = try workspace.store()
    #expect(try store.accounts().map(\.name) == ["ada"])
  }

  /// bcrypt reads 72 bytes of a password and nothing after a NUL; sign-in refuses what it would
  /// match on a part alone, as `users add` refuses such passwords.
  @Test func aPasswordBcryptWouldReadOnlyInPartNeverSignsIn() async throws {
    let workspace = try ServerWorkspace()
    let password = String(repeating: "seventy-two bytes ", count: 4)
    #expect(password.utf8.count == 72)
    try await workspace.addAccount("ada", role: .auditor, password: password)
    try await workspace.serve(workspace.settings(accounts: true)) { client in
      var browser = BrowserSession(client)
      try await browser.start()
      func signIn(_ password: String) async throws -> TestResponse {
        try await browser.post("/signin", form: [("name", "ada"), ("password", password)])
      }
      #expect(try await signIn(password + "and more").status == .unauthorized)
      #expect(try await signIn(password + "\u{0}after a NUL").status == .unauthorized)
      #expect(try await signIn(password).status == .seeOther)
    }
  }

  @Test func aHundredFailuresCloseAnAccountUntilTheWindowPasses() async throws {
    let clock = ManualClock()
    let throttle = SignInThrottle(base: 0.5, clock: clock.signInClock)
    for number in 0..<SignInThrottle.accountCeiling {
      guard
        case .proceed(_, let ticket) = try await throttle.admit(
          account: "ada", address: "10.0.0.\(number % 250)")
      else {
        Issue.record("attempt \(number) was refused")
        return
      }
      try await throttle.finish(ticket, succeeded: false)
    }
    #expect(try await throttle.admit(account: "ada", address: "10.9.9.9") == .refused(retryAfter: 900))
    clock.advance(10 * 60)
    #expect(try await throttle.admit(account: "ada", address: "10.9.9.9") == .refused(retryAfter: 300))
    clock.advance(5 * 60)
    guard case .proceed(let wait, _) = try await throttle.admit(account: "ada", address: "10.9.9.9") else {
      Issue.record("the account stayed closed after the window")
      return
    }
    #expect(wait == 0)
  }

  @Test func accountsAreRequiredOffLoopbackAndHashedWithBcrypt() async throws {
    let workspace = try ServerWorkspace()
    #expect(throws: ServerError.noAccounts(host: "127.0.0.1")) {
      try WebServer(settings: workspace.settings(accounts: true))
    }
    #expect(AccessMode.required(forHost: "0.0.0.0", localActor: "me") == .accounts)
    #expect(AccessMode.required(forHost: "192.168.1.4", localActor: "me") == .accounts)
    #expect(AccessMode.required(forHost: "127.0.0.1", localActor: "me") == .loopback(actor: "me"))
    #expect(AccessMode.required(forHost: "::1", localActor: "me") == .loopback(actor: "me"))
    let added = try workspace.run(
      "users", "add", "ada", "--role", "auditor", input: "correct horse battery\n")
    #expect(added.output.contains("added ada (auditor)"))
    #expect(try workspace.run("users", "add", "bob", input: "short\n", mayFail: true).status == 1)
    #expect(
      try workspace.run("users", "add", "ada", input: "correct horse battery\n", mayFail: true).status == 1)
    let credentials = try #require(try workspace.store().accountCredentials(name: "ada"))
    #expect(credentials.passwordHash.hasPrefix("$2"))
    #expect(!credentials.passwordHash.contains("correct horse"))
    #expect(try workspace.run("users", "list").output.contains("ada"))
    #expect(try workspace.run("users", "remove", "ada").status == 0)
    #expect(try workspace.store().accounts().isEmpty)
    let events = try workspace.store().history().map(\.action)
    #expect(events.contains("account.add") && events.contains("account.remove"))
  }
}
