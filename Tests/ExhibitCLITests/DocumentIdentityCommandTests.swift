import Foundation
import Testing

/// One document never takes over another component: a markdown document is named by its file
/// name, a link to another component is a warning, two files claiming one component are refused,
/// and a file whose bytes are an earlier revision makes it current again.
@Suite struct DocumentIdentityCommandTests {
  static let fixtures = CLIWorkspace.repository.appendingPathComponent(
    "Tests/ExhibitKitTests/Fixtures/criteria/fidelity")

  static func workspace() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace()
    try FileManager.default.copyItem(at: fixtures, to: workspace.root.appendingPathComponent("docs"))
    return workspace
  }

  static func itemLabels(_ workspace: CLIWorkspace, _ component: String) throws -> [String] {
    let shown = try #require(
      try workspace.run("criteria", "show", component, "--json").json() as? [String: Any])
    return (shown["items"] as? [[String: Any]] ?? []).compactMap { $0["expectation"] as? String }
  }

  @Test func aLinkToAnotherComponentIsAWarningAndTheSecondClaimIsRefused() throws {
    let workspace = try Self.workspace()
    let result = try workspace.run("criteria", "import", workspace.path("docs"))
    #expect(result.status != 0)
    #expect(result.stdout.contains("imported  native/banner revision 1"))
    #expect(result.stdout.contains("imported  native/stepper revision 1"))
    #expect(result.stdout.contains("imported  native/slideshow revision 1"))
    #expect(result.stdout.contains("imported  web/range revision 1"))
    let warning = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("warning") })
    #expect(warning.contains("banner.md: named native/banner after its file name"))
    #expect(warning.contains("its Full information link names native/stepper"))
    // The folder is read in order: controls/stepper.md holds the name, inputs/stepper.md is refused.
    let error = try #require(result.stderr.split(separator: "\n").first { $0.contains("inputs/stepper.md") })
    #expect(
      error.contains("names native/stepper, which \(workspace.path("docs/native/controls/stepper.md"))"))
    #expect(error.contains("nothing was imported from it"))
    #expect(
      try Self.itemLabels(workspace, "native/stepper").first
        == "Focus lands on the decrease button, then the increase button")
    #expect(result.stdout.contains("4 imported, 0 unchanged, 0 skipped, 1 failed"))
  }

  @Test func aFileClaimingAStoredComponentIsRefusedUnlessFiledThereByHand() throws {
    let workspace = try Self.workspace()
    #expect(
      try workspace.run("criteria", "import", workspace.path("docs/native/controls/stepper.md")).status == 0)
    let refused = try workspace.run("criteria", "import", workspace.path("docs/native/inputs/stepper.md"))
    #expect(refused.status != 0)
    #expect(refused.stderr.contains(workspace.path("docs/native/inputs/stepper.md")))
    #expect(refused.stderr.contains(workspace.path("docs/native/controls/stepper.md")))
    let list = try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
    #expect(list.map { $0["revision"] as? Int } == [1])
    let filed = try workspace.run(
      "criteria", "import", "--component", "native/stepper", workspace.path("docs/native/inputs/stepper.md"))
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(filed.stdout.contains("imported  native/stepper revision 2"))
  }

  @Test func theBytesOfAnEarlierRevisionMakeItCurrentAgain() throws {
    let workspace = try Self.workspace()
    let path = workspace.path("docs/native/controls/stepper.md")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    try workspace.run("criteria", "import", path)
    try Data(
      String(decoding: original, as: UTF8.self).replacingOccurrences(
        of: "Says dimmed", with: "Says unavailable"
      ).utf8
    )
    .write(to: URL(fileURLWithPath: path))
    #expect(try workspace.run("criteria", "import", path).stdout.contains("revision 2"))
    try original.write(to: URL(fileURLWithPath: path))
    let restored = try workspace.run("criteria", "import", path)
    #expect(restored.status == 0)
    #expect(
      restored.stdout.contains(
        "imported  native/stepper revision 3 (magenta-markdown, 7 items, restores revision 1)"))
    #expect(
      try Self.itemLabels(workspace, "native/stepper").contains("Says dimmed when the value is at its limit"))
    let history = try #require(
      try workspace.run("history", "native/stepper", "--json").json() as? [[String: Any]])
    #expect(
      history.contains {
        ($0["after"] as? String ?? "").contains("\"restores_revision\":\"1\"")
          || "\($0)".contains("restores_revision")
      })
    #expect(
      try workspace.run("criteria", "import", path).stdout.contains("unchanged native/stepper revision 3"))
  }

  @Test func aDesktopPlatformGetsNoMobileScenarioAndAMobileOneNoDesktopScenario() throws {
    let workspace = try Self.workspace()
    try workspace.run("criteria", "import", workspace.path("docs/web/component/range.md"))
    let windows = try workspace.run(
      "criteria", "show", "web/range", "--platform", "windows", "--format", "gherkin")
    #expect(windows.stdout.contains("Desktop screenreader"))
    #expect(!windows.stdout.contains("Mobile screenreader"))
    let ios = try workspace.run("criteria", "show", "web/range", "--platform", "ios", "--format", "gherkin")
    #expect(ios.stdout.contains("Mobile screenreader"))
    #expect(!ios.stdout.contains("Desktop screenreader"))
    let search = try #require(
      try workspace.run("search", "thumb", "--platform", "windows", "--kind", "criteria", "--json").json()
        as? [String: Any])
    let titles = (search["hits"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    #expect(!titles.isEmpty)
    #expect(!titles.contains { $0.contains("Mobile") })
  }
}
