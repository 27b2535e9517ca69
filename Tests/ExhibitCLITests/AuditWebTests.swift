import Foundation
import Testing

/// The audit pages in headless Chromium with axe-core: the audits list, an audit's progress, the
/// comparison, switching audits, confirming a carried verdict and approving another auditor's. Screenshots land in
/// `.build/screenshots/audits` (not committed).
@Suite struct AuditWebTests {
  @Test func twoRoundsWorkInABrowser() throws {
    let workspace = try CLIWorkspace.catalogued()
    let voiceOver = CLIWorkspace.voiceOver
    let talkBack = "Media/native/checkbox/checkbox_AndroidTalkback.webm"
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", voiceOver, "native/checkbox#screenreader.role", "--verdict", "pass", "--from", "0.4", "--to",
        "5.2",
      ],
      [
        "link", voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--from", "1", "--to",
        "3",
      ],
      [
        "link", talkBack, "native/checkbox#screenreader.state", "--verdict", "fail", "--from", "0.4", "--to",
        "5",
      ],
      ["audit", "close", "1"],
      ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
      [
        "link", voiceOver, "native/checkbox#screenreader.state", "--verdict", "pass", "--from", "1", "--to",
        "3", "--auditor", "ana",
      ],
      ["retest", "confirm", "native/checkbox#screenreader.role"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/audits").path
    let check = try Python.run([Python.script("check_audits.py"), server.base, screenshots])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    for name in [
      "audits", "audit", "compare", "component-first-round", "component-carried", "component-confirmed",
      "component-approved",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"), "\(name)")
    }
    // The confirmation was recorded by the visitor, in the retest.
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(history.filter { $0["action"] as? String == "link.confirm" }.count == 2)
    // The approval was recorded by the visitor, who judged none of the column.
    let approvals = history.filter { $0["action"] as? String == "approval.add" }
    #expect(approvals.count == 1 && approvals.first?["actor"] as? String != nil)
    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--json").json() as? [String: Any])
    let approved = (coverage["items"] as? [[String: Any]] ?? []).flatMap {
      $0["cells"] as? [[String: Any]] ?? []
    }
    .compactMap { $0["approved_by"] as? String }
    #expect(approved.count == 1, "\(approved)")
    #expect(try workspace.run("verify").status == 0)
  }
}
