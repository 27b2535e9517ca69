import Foundation
import Testing

/// The auditor's desk in headless Chromium with axe-core 4.x (`Scripts/check_desk.py`): at
/// 1920 x 1080 a segment is marked, an item picked and the verdict saved with the keyboard alone
/// and without scrolling; the timeline draws the saved segment where its seconds are; the
/// shortcuts panel, the time fields, a phone's width, the overview's summary, the history's
/// sentences and a screenshot's page; a bag's report printed to PDF with every cue. Screenshots
/// and the PDF's pages land in `.build/screenshots/desk` (not committed).
@Suite struct DeskWebTests {
  @Test func anAuditorJudgesASegmentWithTheKeyboardAlone() throws {
    let workspace = try CLIWorkspace.catalogued()
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--from",
        "1",
        "--to", "3", "--note", "the state is not read",
      ],
      [
        "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-25",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let listed = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let video = try #require(
      listed.first { ($0["path"] as? String)?.hasSuffix("checkboxVoiceOver.webm") == true }?["sha256"]
        as? String)
    let image = try #require(
      listed.first { ($0["path"] as? String)?.hasSuffix(".png") == true }?["sha256"] as? String)
    let report = workspace.path("bags/Acme_App-1.0-native-checkbox-ios-2026-11-25/data/report.html")
    #expect(FileManager.default.fileExists(atPath: report))

    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/desk").path
    let check = try Python.run([
      Python.script("check_desk.py"), server.base, video, image, report, screenshots,
    ])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    for name in [
      "desk-before-save", "desk-wide", "desk-shortcuts", "desk-phone", "overview", "history",
      "screenshot-page",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"), "\(name)")
    }
    let pages = try FileManager.default.contentsOfDirectory(atPath: screenshots).filter {
      $0.hasPrefix("report-page-")
    }
    #expect(pages.count >= 2, "the printed report's pages: \(pages)")
    // The verdict saved from the keyboard is in the store, with its segment and note.
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    let saved = history.last { $0["action"] as? String == "link.create" }
    let after = (saved?["after"] as? String) ?? ""
    #expect(after.contains("\"from\":\"2.0\"") && after.contains("\"to\":\"4.5\""), "\(after)")
    #expect(after.contains("says checkbox, keyboard only"))
    #expect(try workspace.run("verify").status == 0)
  }
}
