import Foundation
import Testing

/// `exhibit findings file`, `sync` and `export` against the stand-in GitHub on 127.0.0.1, on either
/// catalogue: two findings filed once each (again: updated, never twice), the body with the
/// expectation, the WCAG number and the seconds of video; closed on the tracker, fixed after a
/// sync; a merge comments on the merged issue; errors name the tracker and the finding, never the
/// token; rate limits are waited out.
@Suite struct FindingsFilingTests {
  static func file(_ workspace: CLIWorkspace, _ github: GitHubStandIn, _ more: [String] = []) throws
    -> CLIWorkspace.Result
  {
    try workspace.run(
      ["findings", "file"] + github.arguments + ["--public-url", "https://exhibit.example.org/"] + more)
  }

  static func prepared() throws -> (CLIWorkspace, GitHubStandIn) {
    let workspace = try CLIWorkspace.twoFails()
    let github = try GitHubStandIn()
    workspace.environment["GITHUB_TOKEN"] = github.token
    return (workspace, github)
  }

  @Test func twoFindingsAreFiledOnceAndFollowedToFixed() throws {
    let (workspace, github) = try Self.prepared()
    let dry = try Self.file(workspace, github, ["--dry-run"])
    #expect(dry.status == 0 && dry.stdout.contains("F-1 would file to github:acme/app"), "\(dry.stderr)")
    let untouched = try github.state()
    #expect(untouched.issues.isEmpty && untouched.requests.isEmpty, "a dry run sends nothing")
    let filed = try Self.file(workspace, github)
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(filed.stdout.contains("F-1 filed acme/app#1") && filed.stdout.contains("F-2 filed acme/app#2"))
    var issues = try github.state().issues
    #expect(issues.count == 2)
    let body = try #require(issues["1"]?["body"] as? String)
    #expect(body.hasPrefix("<!-- exhibit finding F-1 -->"))
    #expect(body.contains("Expresses its state") || body.contains("### Expected"))
    #expect(body.contains("4.1.2"))
    #expect(body.contains("](https://exhibit.example.org/recordings/") && body.contains("?t=1)"))
    #expect(body.contains("the state is not said"))
    #expect((issues["1"]?["title"] as? String)?.hasPrefix("[F-1] ") == true)
    let listed = try workspace.findings()
    #expect(listed.map { $0["status"] as? String } == ["filed", "filed"])
    #expect((listed[0]["tracker"] as? [String: Any])?["key"] as? String == "acme/app#1")
    // Again: the same issues, updated.
    let again = try Self.file(workspace, github)
    #expect(again.status == 0 && again.stdout.contains("F-1 updated acme/app#1"), "\(again.stderr)")
    #expect(try github.state().issues.count == 2)
    // The developers close #1: a sync makes F-1 fixed; reopened, open again.
    try github.control("close/1")
    let synced = try workspace.run(["findings", "sync", "--api-url", github.url])
    #expect(synced.status == 0 && synced.stdout.contains("F-1 fixed"), "\(synced.stderr)")
    #expect(try workspace.findings().map { $0["status"] as? String } == ["fixed", "filed"])
    try github.control("reopen/1")
    #expect(try workspace.run(["findings", "sync", "--api-url", github.url]).stdout.contains("F-1 open"))
    #expect(try workspace.run("verify").status == 0)
    // Every request carried the token as a bearer; none of it is ever printed.
    let requests = try github.state().requests
    #expect(requests.allSatisfy { $0["authorization"] as? String == "Bearer \(github.token)" })
    issues = try github.state().issues
    #expect(issues.count == 2)
  }

  @Test func aMergedFindingsIssueIsToldOnce() throws {
    let (workspace, github) = try Self.prepared()
    #expect(try Self.file(workspace, github).status == 0)
    #expect(try workspace.run("findings", "merge", "F-1", "F-2").status == 0)
    let filed = try Self.file(workspace, github)
    #expect(filed.status == 0 && filed.stdout.contains("F-2 commented acme/app#2"), "\(filed.stderr)")
    #expect(try Self.file(workspace, github).stdout.contains("F-2") == false)
    let state = try github.state()
    #expect(
      state.comments["2"]?.count == 1 && state.comments["2"]?.first?.contains("Merged into F-1") == true)
    #expect((state.issues["1"]?["body"] as? String)?.contains("Role") == true)
  }

  @Test func errorsNameTheTrackerAndTheFindingNeverTheToken() throws {
    let (workspace, github) = try Self.prepared()
    workspace.environment["GITHUB_TOKEN"] = "wrong-secret-token"
    let refused = try Self.file(workspace, github, ["F-1"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("github:acme/app: F-1: the token was refused (Bad credentials)"))
    #expect(!refused.stderr.contains("wrong-secret-token") && !refused.stdout.contains("wrong-secret-token"))
    workspace.environment["GITHUB_TOKEN"] = nil
    let none = try Self.file(workspace, github)
    #expect(none.status != 0 && none.stderr.contains("set GITHUB_TOKEN or give --token-file"))
    let tokenFile = workspace.path("token")
    try "\(github.token)\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
    // A rate limit of a second is waited out, both ways GitHub says it.
    try github.control("limit?count=1&kind=retry-after&seconds=1")
    #expect(try Self.file(workspace, github, ["F-1", "--token-file", tokenFile]).status == 0)
    try github.control("limit?count=1&kind=reset&seconds=1")
    #expect(try Self.file(workspace, github, ["F-2", "--token-file", tokenFile]).status == 0)
    #expect(try github.state().issues.count == 2)
    // The issue deleted on the tracker: the sync names it and goes on.
    try github.control("delete/1")
    workspace.environment["GITHUB_TOKEN"] = github.token
    let sync = try workspace.run(["findings", "sync", "--api-url", github.url])
    #expect(
      sync.status == 1 && sync.stderr.contains("github:acme/app: F-1: the issue is gone"), "\(sync.stderr)")
    let wrongRepository = try workspace.run(
      [
        "findings", "file", "F-1", "--to", "github:acme/other", "--api-url", github.url, "--token-file",
        tokenFile,
      ])
    #expect(wrongRepository.status == 1, "\(wrongRepository.stdout)")
  }

  @Test func exportsCSVAndMarkdown() throws {
    let workspace = try CLIWorkspace.twoFails()
    let csv = try workspace.run("findings", "export", "--format", "csv")
    #expect(csv.status == 0, "\(csv.stderr)")
    let lines = csv.stdout.components(separatedBy: "\r\n")
    #expect(lines.first?.hasPrefix("Finding,Summary,Issue Type,Priority,Status") == true)
    #expect(lines.contains { $0.hasPrefix("F-1,[F-1] Checkbox on iOS with VoiceOver: State,Bug,High,open") })
    let parsed = try Python.run(
      "import csv, sys, io; rows = list(csv.reader(io.StringIO(sys.argv[1]))); print(len(rows), len(rows[1]), rows[1][-1].splitlines()[0])",
      [csv.stdout])
    #expect(parsed.0 == 0 && parsed.1.hasPrefix("3 "), "\(parsed.1)")
    #expect(parsed.1.contains("<!-- exhibit finding F-1 -->"))
    let markdown = try workspace.run("findings", "export", "--format", "markdown").stdout
    #expect(
      markdown.contains("- **F-2** (serious, open): Checkbox on Android with TalkBack: Role; WCAG 4.1.2"))
    let json = try workspace.run("findings", "export", "--format", "json").json() as? [[String: Any]]
    #expect(json?.count == 2)
  }
}

/// `exhibit findings file --to jira:PROJECT` and `sync` against the stand-in Jira on 127.0.0.1: bugs
/// in Jira's markup with a priority, the finding's own label and its frame attached, filed once;
/// done on Jira, fixed after a sync (the site read from the issue's address).
@Suite struct JiraFilingTests {
  @Test func twoFindingsBecomeTwoBugsWithTheirFrames() throws {
    let workspace = try CLIWorkspace.twoFails()
    let jira = try JiraStandIn()
    workspace.environment["JIRA_EMAIL"] = jira.email
    workspace.environment["JIRA_API_TOKEN"] = jira.token
    let filed = try workspace.run(["findings", "file"] + jira.arguments)
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(filed.stdout.contains("F-1 filed ACC-1 \(jira.url)/browse/ACC-1"))
    let state = try jira.control("state")
    let issues = try #require(state["issues"] as? [String: [String: Any]])
    #expect(issues.count == 2)
    let first = try #require(issues["ACC-1"])
    #expect(first["summary"] as? String == "[F-1] Checkbox on iOS with VoiceOver: State")
    #expect(first["priority"] as? String == "High")
    #expect((first["labels"] as? [String])?.contains("exhibit-F-1") == true)
    let description = try #require(first["description"] as? String)
    #expect(description.contains("h3. Expected") && description.contains("*Accessibility finding F-1*"))
    let attachments = try #require(state["attachments"] as? [String: [[String: Any]]])
    #expect(attachments["ACC-1"]?.first?["filename"] as? String == "F-1.png")
    #expect(
      attachments["ACC-1"]?.first?["width"] as? Int == 320
        && attachments["ACC-1"]?.first?["height"] as? Int == 180)
    // Again: updated, never twice; the frame is not attached again.
    let again = try workspace.run(["findings", "file"] + jira.arguments)
    #expect(again.status == 0 && again.stdout.contains("F-1 updated ACC-1"), "\(again.stderr)")
    let after = try jira.control("state")
    #expect((after["issues"] as? [String: Any])?.count == 2)
    #expect(((after["attachments"] as? [String: [[String: Any]]])?["ACC-1"])?.count == 1)
    try jira.control("done/ACC-2")
    let synced = try workspace.run("findings", "sync")
    #expect(synced.status == 0 && synced.stdout.contains("F-2 fixed (ACC-2 is closed)"), "\(synced.stderr)")
    workspace.environment["JIRA_API_TOKEN"] = "not-the-token"
    let refused = try workspace.run("findings", "sync")
    #expect(refused.status == 1 && refused.stderr.contains("jira:ACC: F-1: the credentials were refused"))
    #expect(!refused.stderr.contains("not-the-token"))
    #expect(try workspace.run("verify").status == 0)
  }
}
