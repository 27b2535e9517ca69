import Foundation
import Testing

/// Components are named as MagentaA11y names them, and every command that takes a component
/// answers the same for the identifier and for each alias.
@Suite struct ComponentNameCommandTests {
  static let fixtures = CLIWorkspace.repository.appendingPathComponent(
    "Tests/ExhibitKitTests/Fixtures/criteria/naming")
  static let sampleRecording = CLIWorkspace.repository.appendingPathComponent(
    "Media/native/checkbox/checkboxVoiceOver.webm")
  static let sampleWebRecording = CLIWorkspace.repository.appendingPathComponent(
    "Media/web/checkbox/checkbox_WindowsNvdaChrome.webm")
  static let canonical = "native/segmented-control"
  static let aliases = [
    "segmented-control", "native/segemented-control-tabs", "segemented-control-tabs",
    "native/controls/segmented-control", "controls/segmented-control", "native/inputs/segmented-control",
  ]

  /// A workspace with the naming fixtures as its criteria and a recording the markdown names.
  static func workspace() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace()
    try FileManager.default.copyItem(at: fixtures, to: workspace.root.appendingPathComponent("docs"))
    _ = try workspace.write(
      "docs/web/component/search.md",
      Data(
        """
        ## General Notes

        How to test a search input

        ## Condensed

        1. Test keyboard only, then screen reader + keyboard actions

           - Tab: Focus moves to the search field

        """.utf8))
    let recording = try Data(contentsOf: sampleRecording)
    _ = try workspace.write("Media/native/segmented-control/segmentedControlVoiceOver.webm", recording)
    _ = try workspace.write(
      "Media/web/search/search_WindowsNvdaChrome.webm", try Data(contentsOf: sampleWebRecording))
    return workspace
  }

  @Test func importNamesComponentsByTheirFileOrLinkAndWarnsOnlyWhereTheyDisagree() throws {
    let workspace = try Self.workspace()
    let first = try workspace.run("criteria", "import", workspace.path("docs"))
    #expect(first.status == 0)
    #expect(first.stdout.contains("imported  native/segmented-control revision 1 (magenta-markdown"))
    #expect(first.stdout.contains("imported  native/segmented-control revision 1 (jekyll-front-matter"))
    #expect(first.stdout.contains("imported  web/select revision 1 (rendered-text"))
    #expect(first.stdout.contains("imported  web/search revision 1"))
    // Every file name, link and folder here agree on the component; a category differs, which is no warning.
    #expect(!first.stdout.contains("warning"))
    let again = try workspace.run("criteria", "import", workspace.path("docs"), "--json")
    let report = try #require(try again.json() as? [String: Any])
    #expect((report["warnings"] as? [Any])?.isEmpty == true)
    #expect((report["unchanged"] as? [Any])?.count == 4)

    let list = try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
    let markdown = try #require(
      list.first {
        $0["format"] as? String == "magenta-markdown" && $0["component"] as? String == Self.canonical
      })
    #expect(markdown["title"] as? String == "Segemented control tabs")
    let aliases = try #require(markdown["aliases"] as? [String])
    #expect(aliases.contains("native/segemented-control-tabs"))
    #expect(aliases.contains("native/controls/segmented-control"))
    #expect(try workspace.run("criteria", "list").stdout.contains("native/segemented-control-tabs"))
  }

  @Test func recordingsBelongToTheCanonicalComponents() throws {
    let workspace = try Self.workspace()
    try workspace.run("criteria", "import", workspace.path("docs"))
    #expect(try workspace.run("catalog").status == 0)
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let byName = Dictionary(
      uniqueKeysWithValues: recordings.compactMap { recording in
        (recording["path"] as? String).map { (($0 as NSString).lastPathComponent, recording) }
      })
    #expect(byName["segmentedControlVoiceOver.webm"]?["component"] as? String == Self.canonical)
    #expect(byName["segmentedControlVoiceOver.webm"]?["platform"] as? String == "ios")
    #expect(byName["search_WindowsNvdaChrome.webm"]?["component"] as? String == "web/search")
    #expect(byName["search_WindowsNvdaChrome.webm"]?["family"] as? String == "web")
    #expect(byName["search_WindowsNvdaChrome.webm"]?["platform"] as? String == "windows")
    let shown = try #require(
      try workspace.run(
        "recordings", "show", workspace.path("Media/web/search/search_WindowsNvdaChrome.webm"), "--json"
      )
      .json() as? [String: Any])
    let attribution = try #require(shown["attribution"] as? [String: [String: String]])
    #expect(attribution["component"]?["value"] == "web/search")
  }

  @Test func everyAliasGivesTheSameAnswerAsTheIdentifier() throws {
    let workspace = try Self.workspace()
    try workspace.run("criteria", "import", workspace.path("docs"))
    try workspace.run("catalog")
    let linked = try workspace.run(
      "link", workspace.path("Media/native/segmented-control/segmentedControlVoiceOver.webm"),
      "native/segemented-control-tabs#screenreader.role", "--verdict", "pass", "--from", "0.4", "--to", "2",
      "--auditor", "ana")
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(linked.stdout.contains("\(Self.canonical)#screenreader.role"))

    func answers(_ name: String, bundleFolder: String) throws -> [String] {
      let show = try workspace.run("show", name, "--platform", "ios")
      let coverage = try workspace.run("coverage", name, "--json")
      let search = try workspace.run("search", "segment", "--component", name, "--json")
      let history = try workspace.run("history", name, "--json")
      let bundle = try workspace.run(
        "bundle", name, "--platform", "ios", "--zip", "--date", "2026-11-22", "--out",
        workspace.path(bundleFolder),
        "--json")
      for result in [show, coverage, search, history, bundle] {
        #expect(result.status == 0, "\(name): \(result.stderr)")
      }
      let made = try #require(try bundle.json() as? [String: Any])
      #expect((made["path"] as? String)?.hasSuffix("native-segmented-control-ios-2026-11-22.zip") == true)
      return [show.stdout, coverage.stdout, search.stdout, history.stdout, made["sha256"] as? String ?? ""]
    }
    let expected = try answers(Self.canonical, bundleFolder: "bundles/canonical")
    #expect(expected[1].contains("\"component\" : \"\(Self.canonical)\""))
    #expect(expected[2].contains("\"component\" : \"\(Self.canonical)\""))
    for (index, alias) in Self.aliases.enumerated() {
      #expect(try answers(alias, bundleFolder: "bundles/\(index)") == expected, "\(alias)")
    }
  }

  @Test func anAliasTwoComponentsShareListsTheChoices() throws {
    let workspace = try Self.workspace()
    _ = try workspace.write(
      "docs/native/controls/picker.md",
      Data(
        """
        ## General Notes

        How to test a select dropdown menu

        ## Condensed

        1. Test mobile screenreader gestures

           - Swipe: Focus moves to the picker

        Full information: https://www.magentaa11y.com/#/native-criteria/controls/picker

        """.utf8))
    try workspace.run("criteria", "import", workspace.path("docs"))
    let result = try workspace.run("show", "select-dropdown-menu")
    #expect(result.status != 0)
    #expect(result.stderr.contains("native/picker"))
    #expect(result.stderr.contains("web/select"))
    #expect(try workspace.run("show", "web/select-dropdown-menu").status == 0)
  }
}
