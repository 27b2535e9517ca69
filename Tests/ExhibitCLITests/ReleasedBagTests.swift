import Foundation
import Testing

/// Bags compliance teams archived must keep verifying: a bag made by Exhibit 0.8.0 (the sample
/// workspace, a pass, a fail and an accepted suggestion, `Tests/ExhibitKitTests/Fixtures/bags/`)
/// verifies with this release, its report rendered again as 0.8.0 rendered it; and the same bag
/// with its report edited does not.
@Suite struct ReleasedBagTests {
  static let bag = CLIWorkspace.repository.appendingPathComponent(
    "Tests/ExhibitKitTests/Fixtures/bags/release-0.8.0/Acme_App-1.0-native-checkbox-ios-2026-11-22")

  @Test func aBagMadeByTheLastReleaseStillVerifies() throws {
    let workspace = try CLIWorkspace()
    let checked = try workspace.run("verify", Self.bag.path, "--without-db", "--json")
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    let report = try #require(try checked.json() as? [String: Any])
    #expect(report["valid"] as? Bool == true)
    let manifest = try String(
      contentsOf: Self.bag.appendingPathComponent("data/manifest.json"), encoding: .utf8)
    #expect(!manifest.contains("report_layout"), "the fixture is a bag of the earlier layout")
  }

  @Test func theLastReleasesReportEditedDoesNotVerify() throws {
    let workspace = try CLIWorkspace()
    let copy = workspace.root.appendingPathComponent("bag")
    try FileManager.default.copyItem(at: Self.bag, to: copy)
    let page = copy.appendingPathComponent("data/report.html")
    let text = try String(contentsOf: page, encoding: .utf8)
    try text.replacingOccurrences(of: "Overall: Fail", with: "Overall: Pass").write(
      to: page, atomically: true, encoding: .utf8)
    let checked = try workspace.run("verify", copy.path, "--without-db")
    #expect(checked.status == 1)
    #expect(checked.stderr.contains("data/report.html"))
  }
}
