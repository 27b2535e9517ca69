import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@Suite struct CriteriaCommandTests {
  private static let criteriaFolder = CLIWorkspace.repository.appendingPathComponent("Criteria").path

  @Test func importReportsBadFilesAndStillImportsTheRest() throws {
    let workspace = try CLIWorkspace()
    let empty = try workspace.write("docs/empty.md", Data())
    let binary = try workspace.write("docs/binary.md", Data([0x23, 0x20, 0x41, 0x0A, 0x00, 0x01]))
    let unclosed = try workspace.write("docs/unclosed.md", Data("---\ntitle: Checkbox\n".utf8))
    let result = try workspace.run("criteria", "import", Self.criteriaFolder, workspace.path("docs"))
    #expect(result.status != 0)
    #expect(result.stderr.contains("exhibit: error: \(empty):1: empty document"))
    #expect(result.stderr.contains("exhibit: error: \(binary):2: binary data"))
    #expect(result.stderr.contains("exhibit: error: \(unclosed):1: front matter"))
    #expect(result.stdout.contains("3 imported, 0 unchanged, 0 skipped, 3 failed"))
    let list = try workspace.run("criteria", "list", "--json")
    #expect(list.status == 0)
    let documents = try #require(try list.json() as? [[String: Any]])
    #expect(documents.count == 3)
    for key in ["component", "family", "title", "source_path", "format", "revision", "item_count"] {
      #expect(documents.allSatisfy { $0[key] != nil }, "criteria list --json lacks \(key)")
    }
  }

  @Test func guidesAreSkippedTheSameWayEveryTimeAndNeverBecomeRevisions() throws {
    let workspace = try CLIWorkspace()
    let guide = """
      # Links and buttons

      How to test a link or a button with a keyboard.

      ## Gherkin

      1. Test the button
          - WHEN I press the tab key
              - THEN focus moves to the button

      ## Web screen readers

      - Tab to the button and listen
      """
    let keyboard = try workspace.write(
      "docs/web/how-to-test/test-type/links-and-buttons.md", Data(guide.utf8))
    let focus = try workspace.write(
      "docs/web/how-to-test/test-type/keyboard-and-focus.md",
      Data("# Keyboard and focus\n\n- Tab through the page\n".utf8))
    for _ in 0..<2 {
      let result = try workspace.run(
        "criteria", "import", Self.criteriaFolder, workspace.path("docs"), "--json")
      #expect(result.status == 0)
      let report = try #require(try result.json() as? [String: Any])
      let skipped = try #require(report["skipped"] as? [[String: Any]])
      #expect(Set(skipped.compactMap { $0["path"] as? String }) == [keyboard, focus])
      #expect(Set(skipped.compactMap { $0["message"] as? String }) == [CriteriaParser.notCriteria])
    }
    let list = try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
    #expect(list.map { $0["revision"] as? Int } == [1, 1, 1])
    #expect(list.allSatisfy { ($0["item_count"] as? Int ?? 0) > 0 })
  }

  @Test func reimportIsANoOpAndTheJSONSaysSo() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("criteria", "import", Self.criteriaFolder)
    let again = try workspace.run("criteria", "import", Self.criteriaFolder, "--json")
    #expect(again.status == 0)
    let report = try #require(try again.json() as? [String: Any])
    #expect((report["imported"] as? [Any])?.count == 0)
    #expect((report["unchanged"] as? [Any])?.count == 3)
  }

  @Test func showGivesItemsWithTheContractKeys() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("criteria", "import", Self.criteriaFolder)
    let result = try workspace.run("criteria", "show", "native/checkbox", "--platform", "android", "--json")
    #expect(result.status == 0)
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["component"] as? String == "native/checkbox")
    let items = try #require(report["items"] as? [[String: Any]])
    #expect(items.count == 10)
    let enter = try #require(items.first { $0["key"] as? String == "native/checkbox#keyboard.enter" })
    #expect(enter["section"] as? String == "keyboard")
    #expect(enter["label"] as? String == "Enter")
    #expect(enter["platforms"] as? [String] == ["android"])
    #expect(enter["not_applicable"] as? Bool == false)
    #expect(enter["expectation"] as? String == "Toggles the checkbox on Android")
  }

  @Test func anAmbiguousSlugListsTheChoices() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("criteria", "import", Self.criteriaFolder)
    let result = try workspace.run("criteria", "show", "checkbox")
    #expect(result.status != 0)
    #expect(result.stderr.contains("native/checkbox, web/checkbox"))
  }

  @Test func gherkinFormatWritesAFeature() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("criteria", "import", Self.criteriaFolder)
    let result = try workspace.run("criteria", "show", "web/checkbox", "--format", "gherkin")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Feature: Checkbox (web/checkbox)"))
    #expect(result.stdout.contains("  Scenario: Desktop screenreader"))
  }

  @Test func twoProcessesImportingAtOnceBothSucceedAndTheChainHolds() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("init")
    var folders: [String] = []
    for index in 0..<6 {
      let text = try String(
        contentsOf: CLIWorkspace.repository.appendingPathComponent("Criteria/native/controls/checkbox.md"),
        encoding: .utf8)
      try workspace.write(
        "docs-\(index)/native/controls/component\(index).md", Data((text + "\nVariant \(index)\n").utf8))
      folders.append(workspace.path("docs-\(index)"))
    }
    let first = try workspace.start(["criteria", "import"] + folders.prefix(3))
    let second = try workspace.start(["criteria", "import"] + folders.suffix(3))
    let results = [workspace.finish(first), workspace.finish(second)]
    for result in results {
      #expect(result.status == 0, "a concurrent import failed: \(result.stderr)")
      #expect(!result.stderr.contains("locked"))
    }
    // Six imports, one chain: each event's previous hash is the hash of the one before.
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(history.count == 6)
    var previous = AuditEvent.genesisHash
    for event in history.sorted(by: { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }) {
      #expect(event["previous_hash"] as? String == previous)
      previous = event["hash"] as? String ?? ""
    }
    #expect(try workspace.run("verify").status == 0)
  }
}
