import Foundation
import Testing

@testable import ExhibitKit

/// What a bundle says it tested: a screen-reader item's verdicts per screen reader (an NVDA pass
/// is no JAWS pass), a keyboard item's per platform (any screen reader's pass is its pass), an
/// overall status, the product and the recordings' devices, and each recording's transcript in
/// the report. On the sample web checkbox recording and a real database.
@Suite struct BundleVerdictsTests {
  typealias Workspace = SampleWorkspace
  static let spacebar = "web/checkbox#keyboard.spacebar"
  static let state = "web/checkbox#screenreader.state"

  static func prepared() async throws -> Workspace {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.sampleWeb)], actor: "t")
    _ = try await workspace.catalogue()
    _ = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.nvda), item: spacebar, verdict: .pass, from: 0.4, to: 3.4,
        auditor: "ana", note: "toggles"))
    _ = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.nvda), item: state, verdict: .pass, from: 0.4, to: 3.4,
        auditor: "ana", note: "reads checked"))
    return workspace
  }

  static func json(_ path: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
  }

  @Test func anNVDAPassLeavesJAWSAGapInManifestReportAndEARL() async throws {
    let workspace = try await Self.prepared()
    let bag = try EvidenceBundler.export(
      BundleRequest(
        component: "web/checkbox", platform: .windows, outFolder: workspace.folder.path("out"),
        date: "2026-11-22",
        tested: .init(product: "Sample shop", build: "4.2 (118)", url: "https://shop.example/signup")),
      from: workspace.store
    ).path
    #expect(try BagVerifier.verify(bag).valid)
    let manifest = try Self.json(bag + "/data/manifest.json")
    let columns = try #require(manifest["columns"] as? [[String: Any]])
    // The screen readers' columns, then the platform's own for the keyboard items.
    #expect(columns.map { $0["assistive_tech"] as? String } == ["jaws", "nvda", nil])
    #expect(columns.map { $0["browser"] as? String } == [nil, "chrome", nil])
    #expect(manifest["overall_status"] as? String == "incomplete")
    let tested = try #require(manifest["tested"] as? [String: Any])
    #expect(tested["product"] as? String == "Sample shop" && tested["build"] as? String == "4.2 (118)")
    let items = try #require(manifest["items"] as? [[String: Any]])
    let state = try #require(items.first { $0["key"] as? String == Self.state })
    #expect(state["verdict"] as? String == "pass")
    #expect(state["gap"] as? Bool == true)
    let verdicts = try #require(state["verdicts"] as? [[String: Any]])
    #expect(verdicts.map { $0["verdict"] as? String } == [nil, "pass"])
    #expect(verdicts.map { $0["gap"] as? Bool } == [true, false])
    #expect((manifest["gaps"] as? [String])?.contains(Self.state) == true)
    // The keyboard item is judged once on the platform: NVDA's pass is its pass.
    let spacebar = try #require(items.first { $0["key"] as? String == Self.spacebar })
    #expect(spacebar["verdict"] as? String == "pass" && spacebar["gap"] as? Bool == false)
    let platformColumn = try #require(spacebar["verdicts"] as? [[String: Any]])
    #expect(platformColumn.count == 1 && platformColumn.first?["assistive_tech"] is NSNull)
    #expect((manifest["gaps"] as? [String])?.contains(Self.spacebar) == false)
    let recordings = try #require(manifest["recordings"] as? [[String: Any]])
    let environment = try #require(recordings.first?["environment"] as? [String: Any])
    #expect(environment["os"] as? String == "Windows")
    #expect(environment["window"] as? String == "Sample form - Google Chrome")

    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    #expect(report.contains("JAWS: <span class=\"verdict-none\">No evidence</span> (gap)"))
    #expect(report.contains("NVDA with Chrome: <span class=\"verdict-pass\">Pass</span></li>"))
    #expect(report.contains("Overall: Incomplete"))
    #expect(report.contains("Sample shop") && report.contains("https://shop.example/signup"))
    // The words spoken are in the page, each cue a link that seeks its player.
    #expect(report.contains("data-cue>0:00.4</a> Send me a copy, check box, not checked.</li>"))
    #expect(report.contains("data-cue>0:04.0</a> Checked.</li>"))

    let info = try String(contentsOfFile: bag + "/bag-info.txt", encoding: .utf8)
    #expect(info.contains("Exhibit-Overall-Status: incomplete"))
    #expect(info.contains("Exhibit-Product: Sample shop"))

    let earl = try String(contentsOfFile: bag + "/data/earl.jsonld", encoding: .utf8)
    #expect(earl.contains("#subject-jaws-untested-\(Self.state)"))
    #expect(!earl.contains("#subject-nvda-chrome-untested-\(Self.state)"))
    #expect(!earl.contains("untested-\(Self.spacebar)"))
  }

  @Test func aFailAnywhereFailsTheBundleAndEveryVerdictPassesIt() async throws {
    let workspace = try await Self.prepared()
    let contents = try workspace.store.bundleContents(
      component: "web/checkbox", platform: .windows, date: "2026-11-22")
    #expect(contents.overallStatus == .incomplete)
    let items = contents.items.map { item in
      BundleContents.Item(
        key: item.key, section: item.section, label: item.label, expectation: item.expectation,
        platforms: item.platforms, notApplicable: item.notApplicable, verdict: .pass, gap: false,
        verdicts: item.verdicts.map {
          .init(assistiveTech: $0.assistiveTech, browser: $0.browser, verdict: .pass, gap: false, links: [])
        },
        links: [])
    }
    #expect(BundleGathering.overallStatus(items) == .pass)
    _ = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.nvda), item: Self.spacebar, verdict: .fail, auditor: "bo"))
    let failing = try workspace.store.bundleContents(
      component: "web/checkbox", platform: .windows, date: "2026-11-22")
    #expect(failing.overallStatus == .fail)
  }
}
