import Foundation
import Testing

/// Sign-off from the command line, on the workspace's catalogue (and, in the team pass, on
/// PostgreSQL): an auditor cannot approve their own verdict and another can; a new link in the
/// column voids the approval and the trail says so; a decided level is approved by someone who did
/// not decide it and voided by a new level; `coverage --json` and `audit show --json` say who
/// approved what; `audit close --require-approval` refuses until everything judged is approved;
/// the report says who approved its levels and the verdicts behind them; `verify` replays the
/// approvals and names one changed behind the trail.
@Suite struct ApprovalCommandTests {
  static let role = "native/checkbox#screenreader.role"

  // Long: one audit's sign-off, step by step.
  @Test func aSecondPersonApprovesAndAChangeVoids() throws {
    let workspace = try CLIWorkspace.catalogued()
    func run(_ auditor: String, _ arguments: String...) throws -> CLIWorkspace.Result {
      workspace.environment["EXHIBIT_AUDITOR"] = auditor
      return try workspace.run(arguments)
    }
    #expect(try run("ana", "product", "add", "Acme App", "--platform", "ios,android").status == 0)
    #expect(try run("ana", "audit", "new", "Acme App", "--release", "1.0").status == 0)
    #expect(try run("ana", "acr", "author", "Ana <ana@example.org>").status == 0)
    let judged = try run(
      "ana", "link", CLIWorkspace.voiceOver, Self.role, "--verdict", "pass", "--from", "0.4", "--to", "5.2")
    #expect(judged.status == 0, "\(judged.stderr)")

    let own = try run("ana", "approve", Self.role)
    #expect(own.status == 1 && own.stderr.contains("ana judged or decided \(Self.role) on iOS VoiceOver"))
    let approved = try run("bo", "approve", Self.role, "--json")
    #expect(approved.status == 0, "\(approved.stderr)")
    let approval = try #require(try approved.json() as? [String: Any])
    #expect(approval["approver"] as? String == "bo" && approval["platform"] as? String == "ios")
    #expect(approval["assistive_tech"] as? String == "voiceover" && approval["voided_at"] == nil)
    let again = try run("cy", "approve", Self.role)
    #expect(again.status == 1 && again.stderr.contains("approved already, by bo"))

    // Coverage and the audit's tallies say who approved what.
    func approvedCells() throws -> [String] {
      let coverage = try #require(
        try run("ana", "coverage", "native/checkbox", "--json").json() as? [String: Any])
      return (coverage["items"] as? [[String: Any]] ?? []).flatMap { item in
        (item["cells"] as? [[String: Any]] ?? []).compactMap { cell in
          (cell["approved_by"] as? String).map { "\(item["key"] as? String ?? "") \($0)" }
        }
      }
    }
    #expect(try approvedCells() == ["\(Self.role) bo"])
    let shown = try #require(try run("ana", "audit", "show", "--json").json() as? [String: Any])
    #expect((shown["tallies"] as? [String: Any])?["approved"] as? Int == 1)

    // A new link in the column voids the approval, and the trail records it.
    #expect(
      try run(
        "cy", "link", CLIWorkspace.voiceOver, Self.role, "--verdict", "fail", "--from", "1", "--to", "2"
      )
      .status == 0)
    #expect(try approvedCells().isEmpty)
    let refused = try run("ana", "audit", "close", "1", "--require-approval")
    #expect(
      refused.status == 1
        && refused.stderr.contains("1 unapproved verdict or level: \(Self.role) on iOS VoiceOver"))
    #expect(try run("cy", "approve", Self.role).status == 1)
    #expect(try run("dee", "approve", Self.role).status == 0)

    // A decided level: approved by another, voided by a new level.
    #expect(
      try run("ana", "acr", "set", "1", "4.1.2", "does-not-support", "--component-type", "software").status
        == 0)
    #expect(try run("ana", "approve", "--acr", "1", "4.1.2").status == 1)
    #expect(try run("bo", "approve", "--acr", "1", "4.1.2").status == 0)
    #expect(
      try run("ana", "acr", "set", "1", "4.1.2", "partially-supports", "--component-type", "software").status
        == 0)
    let level = try run("ana", "audit", "close", "1", "--require-approval")
    #expect(level.status == 1 && level.stderr.contains("4.1.2 (software)"), "\(level.stderr)")
    #expect(try run("dee", "approve", "--acr", "1", "4.1.2").status == 0)

    // The report says who approved the level and the verdicts behind it.
    let draft = try #require(try run("ana", "acr", "draft", "--json").json() as? [String: Any])
    let row = (draft["rows"] as? [[String: Any]] ?? []).first {
      $0["criterion"] as? String == "4.1.2" && $0["component_type"] as? String == "software"
    }
    #expect(row?["approved_by"] as? String == "dee")
    #expect(
      (row?["remarks"] as? String)?.contains("on iOS VoiceOver, approved by dee on ") == true, "\(row ?? [:])"
    )
    let report = try run("ana", "acr", "1", "--format", "openacr")
    #expect(report.stdout.replacingOccurrences(of: "\n", with: " ").contains("approved by dee on"))
    let page = try run("ana", "acr", "1", "--format", "html")
    #expect(page.stdout.contains("(decided, approved by dee on "), "the level's approval is on the page")

    let history = try #require(try run("ana", "history", "--json").json() as? [[String: Any]])
    let actions = history.compactMap { $0["action"] as? String }.filter { $0.hasPrefix("approval.") }
    #expect(
      actions == [
        "approval.add", "approval.void", "approval.add", "approval.add", "approval.void", "approval.add",
      ])
    #expect(try run("ana", "verify").status == 0)
    try Self.checkBag(workspace)
    let closed = try run("ana", "audit", "close", "1", "--require-approval")
    #expect(closed.status == 0, "\(closed.stderr)")

    // An approval changed behind the trail is named by verify (the workspace's own file).
    guard !TeamCatalogue.isOn else { return }
    try Python.forge(
      workspace.path("Database/exhibit.sqlite"), "UPDATE approval SET approver = 'eve' WHERE id = 1")
    let forged = try run("ana", "verify")
    #expect(forged.status != 0 && forged.stderr.contains("approval:1"), "\(forged.stderr)")
  }

  /// The audit's bag carries the standing approvals (the column's second approval, the level's),
  /// their events and the voided ones' too; its report has a Sign-off section and its ACR says who
  /// approved; verify passes, and names an approval forged in the manifest with the checksums redone.
  static func checkBag(_ workspace: CLIWorkspace) throws {
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-28")
    #expect(made.status == 0, "\(made.stderr)")
    let bag = try #require(
      try FileManager.default.contentsOfDirectory(atPath: workspace.path("bags")).first {
        !$0.hasSuffix(".html")
      })
    let root = workspace.path("bags/\(bag)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: root + "/data/manifest.json")))
        as? [String: Any])
    let approvals = manifest["approvals"] as? [[String: Any]] ?? []
    #expect(approvals.map { $0["approver"] as? String } == ["dee", "dee"], "\(approvals)")
    #expect(approvals.map { $0["kind"] as? String } == ["verdict", "level"])
    let report = try String(contentsOfFile: root + "/data/report.html", encoding: .utf8)
    #expect(report.contains("Sign-off") && report.contains("approved by dee on "))
    let acr = try String(contentsOfFile: root + "/data/acr.html", encoding: .utf8)
    #expect(acr.contains("(decided, approved by dee on "))
    #expect(try workspace.run("verify", root).status == 0)
    #expect(try workspace.run("verify", root, "--without-db").status == 0)
    guard PythonTools.bagitAvailable else { return }
    let copy = workspace.path("forged-bag")
    try FileManager.default.copyItem(atPath: root, toPath: copy)
    try BagForgery.forge(copy, "data/manifest.json") {
      $0.replacingOccurrences(of: "\"approver\" : \"dee\"", with: "\"approver\" : \"eve\"")
    }
    let forged = try workspace.run("verify", copy, "--without-db")
    #expect(
      forged.status == 1 && forged.stderr.contains("it is not what its approval.add event records"),
      "\(forged.stderr)")
  }
}
