import Foundation
import Testing

@testable import ExhibitKit

/// The report's own Content-Security-Policy: no network, and only its own style and script,
/// named by hash, so text from the database can never run in it.
@Suite struct ReportPolicyTests {
  @Test func theReportCarriesAPolicyThatAllowsOnlyItsOwnScriptAndStyle() async throws {
    let workspace = try await SampleWorkspace.judged()
    let bag = try workspace.exportBundle().path
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

/// Every text a manifest carries is text on the report page, never markup: the page is built
/// with the `HTML` type, whose interpolations escape.
@Suite struct ReportEscapingTests {
  @Test func markupInAnyManifestFieldIsShownAsText() async throws {
    let workspace = try await SampleWorkspace.judged()
    let bag = try workspace.exportBundle().path
    var manifest = try String(contentsOfFile: bag + "/data/manifest.json", encoding: .utf8)
    // Every string value that names the component, a label or a recording gets markup in it.
    for word in ["Checkbox", "checkbox", "VoiceOver", "tester"] {
      manifest = manifest.replacingOccurrences(of: word, with: "<i onclick=x>\(word)</i>")
    }
    let contents = try BundleContents.manifestDecoder.decode(BundleContents.self, from: Data(manifest.utf8))
    let report = ReportPage.render(contents)
    #expect(!report.contains("<i "), "markup from the manifest reached the page")
    #expect(report.contains("&lt;i onclick=x&gt;Checkbox&lt;/i&gt;"))
    #expect(report.contains("&lt;clearly&gt; &amp; once"), "the note stays text")
    #expect(report.components(separatedBy: "<script").count == 2)
  }
}
