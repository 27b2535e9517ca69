import Foundation
import Testing

/// `exhibit findings` on either catalogue: fails open findings, a retest's pass verifies one with the
/// same number, auditors set and merge them, `history F-n` reads their trail and `verify` replays it.
@Suite struct FindingsCommandTests {
  @Test func twoFailsAreTwoOpenFindingsThatARetestFollows() throws {
    let workspace = try CLIWorkspace.twoFails()
    let findings = try workspace.findings()
    #expect(findings.map { $0["id"] as? String } == ["F-1", "F-2"])
    #expect(findings.map { $0["status"] as? String } == ["open", "open"])
    let first = findings[0]
    #expect(first["component"] as? String == "native/checkbox")
    #expect(first["platform"] as? String == "ios" && first["assistive_tech"] as? String == "voiceover")
    #expect(first["items"] as? [String] == ["native/checkbox#screenreader.state"])
    #expect(first["wcag"] as? [String] == ["4.1.2"] && first["severity"] as? String == "serious")
    #expect((first["links"] as? [Int])?.count == 1 && first["tracker"] is NSNull)
    let frame = try #require(first["frame"] as? [String: Any])
    #expect(frame["at_seconds"] as? Double == 1)
    #expect(try workspace.run("findings").stdout.contains("2 open"))
    // Its frame: a PNG at the recording's size, the width and height in its header.
    let still = workspace.path("F-1.png")
    let shownWithFrame = try workspace.run("findings", "show", "F-1", "--frame", still)
    #expect(shownWithFrame.status == 0, "\(shownWithFrame.stderr)")
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 24)
    let size = (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })
    #expect(size == (320, 180))
    // A retest: a pass on iOS verifies F-1; Android still fails, so F-2 stays open.
    for arguments in [
      ["audit", "close", "1"], ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
      ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "pass"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let retested = try workspace.findings()
    #expect(retested.map { $0["id"] as? String } == ["F-1", "F-2"])
    #expect(retested.map { $0["status"] as? String } == ["verified", "open"])
    let compared = try #require(
      try workspace.run("audit", "compare", "1", "2", "--json").json() as? [String: Any])
    let moves = try #require(compared["findings"] as? [String: [String]])
    #expect(moves["verified"] == ["F-1"] && moves["open"] == ["F-2"] && moves["regressed"] == [])
    #expect(
      try workspace.run("audit", "compare", "1", "2").stdout.contains(
        "findings: 1 verified (F-1), 1 still open (F-2)"))
    let shown = try #require(try workspace.run("findings", "show", "F-1", "--json").json() as? [String: Any])
    #expect((shown["evidence"] as? [[String: Any]])?.map { $0["verdict"] as? String } == ["fail", "pass"])
    #expect((shown["expected"] as? [[String: Any]])?.first?["label"] as? String == "State")
    let text = try workspace.run("findings", "show", "F-1").stdout
    #expect(text.contains("note: the state is not said") && text.contains("Status          verified"))
    let history = try workspace.run("history", "F-1").stdout
    #expect(history.contains("finding.open") && history.contains("finding.status"))
    #expect(try workspace.run("verify").status == 0)
  }

  @Test func auditorsSetAndMergeFindings() throws {
    let workspace = try CLIWorkspace.twoFails()
    let refused = try workspace.run("findings", "set", "F-2", "--status", "accepted")
    #expect(refused.status == 1 && refused.stderr.contains("F-2: say why it is accepted (--reason)"))
    let set = try workspace.run(
      "findings", "set", "F-2", "--severity", "critical", "--title", "No role on Android", "--auditor", "lead"
    )
    #expect(set.status == 0 && set.stdout.contains("F-2 open, critical: No role on Android"), "\(set.stderr)")
    let merged = try workspace.run("findings", "merge", "F-1", "F-2", "--json")
    #expect(merged.status == 0, "\(merged.stderr)")
    let kept = try #require(try merged.json() as? [String: Any])
    #expect((kept["items"] as? [String])?.count == 2)
    #expect(try workspace.findings().map { $0["id"] as? String } == ["F-1"])
    #expect(try workspace.findings("--status", "merged").first?["merged_into"] as? String == "F-1")
    let again = try workspace.run("findings", "set", "F-2", "--severity", "minor")
    #expect(again.status == 1 && again.stderr.contains("F-2 was merged into F-1"))
    let unknown = try workspace.run("findings", "show", "F-40")
    #expect(unknown.status == 1 && unknown.stderr.contains("F-40: no such finding"))
    #expect(try workspace.run("verify").status == 0)
  }

  @Test(TeamCatalogue.sqliteOnly) func aFindingChangedBehindTheTrailIsNamedByVerify() throws {
    let workspace = try CLIWorkspace.twoFails()
    #expect(try workspace.findings().count == 2)
    try Python.forge(
      workspace.path("Database/exhibit.sqlite"), "UPDATE finding SET status = 'fixed' WHERE id = 2;")
    let result = try workspace.run("verify")
    #expect(result.status == 1)
    #expect(result.stderr.contains("finding:2: status fixed, the audit trail records open"))
  }
}
