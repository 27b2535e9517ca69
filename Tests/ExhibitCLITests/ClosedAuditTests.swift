import Foundation
import Testing

/// A closed audit is final: the routine commands a team runs after a close (importing an updated
/// criteria document, correcting a recording's attribution, adding a WCAG mapping row, renaming an
/// audit) leave what the closed audit says exactly as it was, to the byte, on either backend.
@Suite struct ClosedAuditTests {
  /// What a closed audit says, read through every surface that reads it.
  struct Readings: Equatable {
    var coverage: String
    var auditShow: String
    var compareToItself: String
    var acr: String
    var bag: [String: Data]
  }

  static func read(_ workspace: CLIWorkspace, bagFolder: String) throws -> Readings {
    func output(_ arguments: String...) throws -> String {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result.stdout
    }
    let out = workspace.path(bagFolder)
    let bundled = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--audit", "1", "--out", out, "--date", "2026-11-25",
      "--json")
    #expect(bundled.status == 0, "\(bundled.stderr)")
    let bagPath = try #require((try bundled.json() as? [String: Any])?["path"] as? String)
    var bag: [String: Data] = [:]
    let files = try #require(FileManager.default.enumerator(atPath: bagPath))
    for case let file as String in files {
      var isFolder: ObjCBool = false
      let path = bagPath + "/" + file
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        bag[file] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return Readings(
      coverage: try output("coverage", "native/checkbox", "--audit", "1", "--json"),
      auditShow: try output("audit", "show", "1", "--json"),
      compareToItself: try output("audit", "compare", "1", "1", "--json"),
      acr: try output(
        "acr", "1", "--format", "openacr", "--author", "Nina <nina@example.org>", "--date", "2026-11-25"),
      bag: bag)
  }

  @Test func routineCommandsAfterTheCloseChangeNothingItSays() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    #expect(try workspace.run("audit", "close", "1").status == 0)
    let before = try Self.read(workspace, bagFolder: "before")
    #expect(before.coverage.contains("\"fail\""), "the closed audit has its fail: \(before.coverage)")
    #expect(before.bag["data/manifest.json"] != nil)

    // An updated MagentaA11y document: every expectation reworded, so every item is a new one.
    let sample = try String(
      contentsOf: CLIWorkspace.repository.appendingPathComponent("Criteria/native/controls/checkbox.md"),
      encoding: .utf8)
    let reworded = sample.replacingOccurrences(of: "Checkbox", with: "Tick box")
    #expect(reworded != sample)
    _ = try workspace.write("Updated/native/controls/checkbox.md", Data(reworded.utf8))
    let imported = try workspace.run("criteria", "import", workspace.path("Updated"))
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try workspace.run("criteria", "list", "--json").stdout.contains("\"revision\" : 2"))

    // The recording the closed audit's fail rests on, moved to another screen reader and device.
    let set = try workspace.run(
      "recordings", "set", CLIWorkspace.voiceOver, "--platform", "android", "--screen-reader", "talkback",
      "--device", "Pixel 8")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      set.stdout.contains("closed audits keep the attribution they were closed with: 1 (Acme App 1.0)"),
      "\(set.stdout)")

    // A mapping row written after the close applies to open audits only.
    let mapped = try workspace.run(
      "wcag", "map", "native/checkbox#screenreader.state", "1.4.4", "--relation", "necessary", "--reason",
      "state changes must survive large text in this product")
    #expect(mapped.status == 0, "\(mapped.stderr)")

    // Renaming a closed audit would change the product and release its bags and report name.
    let renamed = try workspace.run("audit", "rename", "1", "--release", "2.0")
    #expect(renamed.status != 0)
    #expect(renamed.stderr.contains("audit 1 (Acme App@1.0) is closed"), "\(renamed.stderr)")

    let after = try Self.read(workspace, bagFolder: "after")
    #expect(after.coverage == before.coverage)
    #expect(after.auditShow == before.auditShow)
    #expect(after.compareToItself == before.compareToItself)
    #expect(after.acr == before.acr)
    #expect(Set(after.bag.keys) == Set(before.bag.keys))
    for (file, bytes) in before.bag { #expect(after.bag[file] == bytes, "\(file) changed after the close") }
    #expect(try workspace.run("verify").status == 0)

    // An open audit reads today's criteria and attribution: the retest sees revision 2.
    #expect(try workspace.run("audit", "new", "Acme App", "--release", "1.1").status == 0)
    let current = try workspace.run("coverage", "native/checkbox", "--audit", "2", "--json")
    #expect(current.status == 0 && current.stdout.contains("\"revision\" : 2"), "\(current.stdout)")
  }

  @Test func aFixOnTheEvidenceThatFailedIsSaidToBeTheSameEvidence() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    for arguments in [
      ["audit", "close", "1"], ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "pass", "--from",
        "1",
        "--to", "3", "--note", "judged again",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let compared = try workspace.run("audit", "compare", "1", "2", "--json")
    let rows = try #require((try compared.json() as? [String: Any])?["rows"] as? [[String: Any]])
    let state = try #require(rows.first { $0["item"] as? String == "native/checkbox#screenreader.state" })
    #expect(state["change"] as? String == "fixed")
    #expect(state["same_evidence"] as? Bool == true)
    let text = try workspace.run("audit", "compare", "1", "2").stdout
    #expect(text.contains("the same recording and segment that failed, judged again: not a fix shown"))
    // Only that row: the carried verdicts and the rest are not said to be judged again.
    #expect(rows.filter { $0["same_evidence"] != nil }.count == 1)
  }

  /// Observations count in a comparison as recordings' links do: one judged in the retest
  /// replaces the carried verdict of its column, and a carried observation's fail stays open.
  @Test func anObservationInARetestIsCompared() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    for arguments in [
      ["audit", "close", "1"], ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
      [
        "link", "--observation", "native/checkbox#screenreader.role", "--verdict", "pass", "--platform",
        "ios", "--screen-reader", "voiceover",
        "--note", "the role is read now",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let compared = try workspace.run("audit", "compare", "1", "2", "--json")
    let rows = try #require((try compared.json() as? [String: Any])?["rows"] as? [[String: Any]])
    func row(_ item: String) -> [String: Any]? { rows.first { $0["item"] as? String == item } }
    let role = try #require(row("native/checkbox#screenreader.role"))
    #expect(role["change"] as? String == "fixed", "\(role)")
    #expect((role["new_links"] as? [[String: Any]])?.count == 1)
    // Carried from the closed round and not retested: the observation's fail is still open.
    let resize = try #require(row("native/checkbox#settings.text-resize"))
    #expect(resize["change"] as? String == "carried")
    #expect(resize["new_verdict"] as? String == "fail")
  }
}
