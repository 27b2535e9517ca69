import Foundation
import Testing

@testable import ExhibitKit

/// The report's own Content-Security-Policy: no network, and only its own style and script,
/// named by hash, so text from the database can never run in it.
@Suite struct ReportPolicyTests {
  @Test func theReportCarriesAPolicyThatAllowsOnlyItsOwnScriptAndStyle() async throws {
    let workspace = try await BundleTests.prepared()
    let bag = try BundleTests.export(workspace).path
    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    let policy = try #require(
      report.components(separatedBy: "<meta http-equiv=\"Content-Security-Policy\" content=\"").dropFirst()
        .first?
        .components(separatedBy: "\"").first)
    #expect(policy.hasPrefix("default-src 'none'"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(report.components(separatedBy: "<script").count == 2, "one script element")
    let script = try #require(
      report.components(separatedBy: "<script>").dropFirst().first?.components(separatedBy: "</script>").first
    )
    let style = try #require(
      report.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
    #expect(policy.contains("script-src '\(ReportPage.hashSource(script))'"))
    #expect(policy.contains("style-src '\(ReportPage.hashSource(style))'"))
    #expect(!report.contains(" onclick="))
    let head = try #require(report.components(separatedBy: "<style>").first)
    #expect(head.contains("Content-Security-Policy"), "the policy comes before anything it governs")
  }
}
