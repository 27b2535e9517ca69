import Foundation
import Testing

/// The findings pages in headless Chromium with axe-core, at 1920x1080 and 390x844: an audit's
/// findings with their counts and filters, a finding's page with its frame and the player at its
/// second, setting, filing (to the stand-in GitHub the server files to) and merging, and the
/// desk's filmstrip. Screenshots land in `.build/screenshots/findings` (not committed).
@Suite struct FindingsWebTests {
  @Test func auditorsFollowFindingsInABrowser() throws {
    let workspace = try CLIWorkspace.twoFails()
    let github = try GitHubStandIn()
    workspace.environment["GITHUB_TOKEN"] = github.token
    let shown = try #require(
      try workspace.run("recordings", "show", CLIWorkspace.voiceOver, "--json").json() as? [String: Any])
    let sha = try #require((shown["recording"] as? [String: Any])?["sha256"] as? String)
    let server = try RunningServer(
      workspace, ["--file-to", "github:\(github.repository)", "--api-url", github.url])
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/findings").path
    let check = try Python.run([Python.script("check_findings.py"), server.base, sha, screenshots])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    for name in [
      "findings-wide", "findings-phone", "finding-wide", "finding-phone", "findings-filed", "finding-merged",
      "desk-filmstrip-wide", "desk-filmstrip-phone",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"), "\(name)")
    }
    // What the browser did is in the catalogue: filed once each, merged, the severity set.
    #expect(try github.state().issues.count == 2)
    let findings = try workspace.findings("--status", "merged")
    #expect(findings.map { $0["id"] as? String } == ["F-2"])
    let first = try #require(try workspace.findings().first)
    #expect(first["severity"] as? String == "critical" && first["status"] as? String == "filed")
    #expect((first["tracker"] as? [String: Any])?["key"] as? String == "acme/app#1")
    #expect(try workspace.run("verify").status == 0)
  }

  @Test func aFrameOutsideTheRecordingIsAClearAnswer() async throws {
    let workspace = try CLIWorkspace.twoFails()
    let shown = try #require(
      try workspace.run("recordings", "show", CLIWorkspace.voiceOver, "--json").json() as? [String: Any])
    let sha = try #require((shown["recording"] as? [String: Any])?["sha256"] as? String)
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let visitor = try await WebVisitor.arrive(at: server.base)
    let frame = try await visitor.get(server.base + "/media/\(sha)/frames/1.png")
    #expect(frame.status == 200 && frame.body.dropFirst().hasPrefix("PNG"))
    let past = try await visitor.get(server.base + "/media/\(sha)/frames/9999.png")
    #expect(past.status == 422 && past.body.contains("past the end"))
    let named = try await visitor.get(server.base + "/media/\(sha)/frames/soon.png")
    #expect(named.status == 404)
    let unknown = try await visitor.get(server.base + "/findings/F-99")
    #expect(unknown.status == 404)
    let api = try await visitor.get(server.base + "/api/audits/1/findings?status=open")
    let listed = try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any]
    #expect((listed?["findings"] as? [[String: Any]])?.map { $0["id"] as? String } == ["F-1", "F-2"])
  }

  /// A reviewer reads the findings pages and cannot change, merge or file them.
  @Test func reviewersReadFindingsAndChangeNothing() async throws {
    let workspace = try CLIWorkspace.twoFails()
    #expect(try workspace.addAccount("rita", role: "reviewer", password: "correct horse battery") == 0)
    let server = try RunningServer(workspace, ["--accounts"])
    defer { _ = server.stop() }
    let visitor = try await WebVisitor.arrive(at: server.base, path: "/signin")
    let signedIn = try await visitor.postForm(
      server.base + "/signin", [("name", "rita"), ("password", "correct horse battery"), ("next", "/")])
    #expect(signedIn.status == 303)
    let rita = WebVisitor(session: try #require(signedIn.session), csrfToken: visitor.csrfToken)
    let list = try await rita.get(server.base + "/audits/1/findings")
    #expect(list.status == 200 && list.body.contains("F-2") && !list.body.contains("Merge findings"))
    let page = try await rita.get(server.base + "/findings/F-1")
    #expect(page.status == 200 && page.body.contains("Still frame of") && !page.body.contains("Change it"))
    let token = try #require(page.body.firstMatch(of: /name="csrf_token" value="([0-9a-f]+)"/)?.output.1)
    let reviewer = WebVisitor(session: rita.session, csrfToken: String(token))
    let set = try await reviewer.postForm(server.base + "/findings/F-1", [("severity", "minor")])
    #expect(set.status == 403 && set.body.contains("only an auditor may change evidence"), "\(set.body)")
    let merged = try await reviewer.postForm(
      server.base + "/audits/1/findings/merge", [("into", "F-1"), ("merge", "F-2")])
    #expect(merged.status == 403)
    #expect(try workspace.findings().map { $0["severity"] as? String } == ["serious", "serious"])
  }
}
