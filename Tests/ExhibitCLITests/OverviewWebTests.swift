import Foundation
import Testing

/// The overview as a dashboard on a catalogue the size of MagentaA11y's (93 components, made
/// here from the sample documents under other names, with the real corpus's beside them when
/// `../shared/corpus` is present), in headless Chromium with axe-core 4.x
/// (`Scripts/check_overview.py`): the progress summary and the failing components fit the first
/// screen at 1920 x 1080, the filters narrow the matrix, and a phone's width reads without
/// scrolling sideways. Screenshots land in `.build/screenshots/overview`.
@Suite struct OverviewWebTests {
  @Test func theSummaryOfNinetyThreeComponentsFitsTheFirstScreen() throws {
    let workspace = try CLIWorkspace.catalogued()
    let widgets = try workspace.writeWidgetDocuments(93)
    #expect(try workspace.run("criteria", "import", widgets).status == 0)
    if let corpus = CLIWorkspace.corpus {
      let imported = try workspace.run(
        "criteria", "import", corpus.appendingPathComponent("documentation").path)
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    }
    let observations: [(String, String, String)] = [
      ("native/widget-4#screenreader.state", "fail", "ios"),
      ("native/widget-6#screenreader.role", "fail", "android"),
      ("native/widget-6#screenreader.name", "pass", "android"),
      ("web/widget-7#keyboard.tab", "pass", "windows"),
    ]
    for (item, verdict, platform) in observations {
      let reader =
        item.contains("#screenreader.")
        ? ["--screen-reader", platform == "ios" ? "voiceover" : "talkback"] : []
      let linked = try workspace.run(
        [
          "link", "--observation", item, "--verdict", verdict, "--platform", platform, "--note",
          "seen by hand",
        ]
          + reader)
      #expect(linked.status == 0, "\(item): \(linked.stderr)")
    }
    #expect(
      try workspace.run(
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--from",
        "1",
        "--to", "3"
      ).status == 0)
    let documents = try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
    let components = Set(documents.compactMap { $0["component"] as? String }).count
    #expect(components >= 95)

    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/overview").path
    let check = try Python.run([
      Python.script("check_overview.py"), server.base, String(components), screenshots,
    ])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    for name in ["overview-first-screen", "overview-whole", "overview-phone"] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"), "\(name)")
    }
  }
}
