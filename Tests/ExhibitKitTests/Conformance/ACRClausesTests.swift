import Foundation
import Testing

@testable import ExhibitKit

/// The Section 508 and EN 301 549 data the ACR editions report on: the chapters and criteria as
/// GSA's International catalog lists them, the clause mapping's rows, and how a clause's levels
/// for each component type become the product's one level.
@Suite struct ACRClausesTests {
  @Test func theChaptersAreTheInternationalCatalogs() throws {
    #expect(ACRClauses.chapters(of: .section508).map(\.id).first == "functional_performance_criteria")
    #expect(ACRClauses.chapters(of: .section508).count == 4 && ACRClauses.chapters(of: .en).count == 10)
    #expect(ACRClauses.clause("302.1")?.handle == "Without Vision")
    #expect(ACRClauses.clause("4.2.1")?.standard == .en)
    #expect(ACRClauses.clause("11.5.2.4")?.handle == "Assistive technology")
    // Numbers are unique across the three standards, so a decided level names one by number.
    let numbers = ACRClauses.all.map(\.number)
    #expect(Set(numbers).count == numbers.count && numbers.count == 257)
    #expect(numbers.allSatisfy { WCAG22.criterion($0) == nil })
    // The shipped tables are the catalog's, written again by the committed script.
    let catalog = Repository.root.deletingLastPathComponent()
      .appendingPathComponent("shared/openacr/2.5-edition-wcag-2.2-508-eu-en.yaml")
    guard FileManager.default.fileExists(atPath: catalog.path) else { return }
    let folder = try TemporaryFolder()
    let script = Repository.root.appendingPathComponent("Scripts/make_acr_clauses.py").path
    let made = try PythonCheck.run(
      "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
      arguments: [script, catalog.path, folder.url.path])
    #expect(made.status == 0, "\(made.error)")
    for name in ["acr-chapters.tsv", "acr-clauses.tsv"] {
      let shipped = Repository.root.appendingPathComponent("Sources/ExhibitKit/Conformance/Resources/\(name)")
      #expect(
        try Data(contentsOf: folder.url.appendingPathComponent(name)) == Data(contentsOf: shipped), "\(name)")
    }
  }

  @Test func everyClauseMappingRowReadsAndSaysWhy() {
    let lines = String(decoding: PackageResources.clause_mapping_tsv, as: UTF8.self).split(separator: "\n")
    #expect(ACRDraft.clauseMapping.rows.count == lines.count - 1, "a row of clause-mapping.tsv does not read")
    for row in ACRDraft.clauseMapping.rows {
      #expect(ACRClauses.clause(row.criterion) != nil, "\(row.selector) names \(row.criterion)")
      #expect(row.rationale.count > 40 && row.rationale.count < 240, "\(row.selector) \(row.criterion)")
    }
  }

  @Test func aFailedScreenReaderItemDraftsTheClausesItBearsOn() throws {
    func component(_ key: String, _ verdict: CombinedVerdict) throws -> ACRDraft.Component {
      let key = try #require(ItemKey(key))
      let segment = Coverage.Segment(
        link: 1, recording: RecordingRef(sha256: "ab", path: "a.webm"), fromSeconds: 1, toSeconds: 2,
        verdict: verdict == .pass ? .pass : .fail)
      return ACRDraft.Component(
        component: key.component, title: key.component.slug,
        items: [.init(key: key, label: "Name", notApplicable: false, verdict: verdict, segments: [segment])])
    }
    let draft = ACRDraft(
      components: [
        try component("native/button#screenreader.name", .fail),
        try component("web/checkbox#screenreader.name", .pass),
      ], mapping: .defaults, clauseMapping: ACRDraft.clauseMapping)
    func rows(_ number: String) -> [ACRDraft.ClauseRow] {
      draft.clauses.filter { $0.clause.number == number }
    }
    #expect(rows("302.1").map(\.level) == [.supports, .doesNotSupport])
    #expect(rows("4.2.1").map(\.level) == [.supports, .doesNotSupport])
    // Object information is software's: the web column speaks to none of it.
    #expect(rows("502.3.1").map(\.level) == [nil, .doesNotSupport])
    #expect(rows("11.5.2.5").map(\.level) == [nil, .doesNotSupport])
    #expect(rows("302.4").allSatisfy { $0.level == nil && $0.remarks.hasPrefix("Not evaluated") })
    #expect(rows("602.3").first?.remarks.contains("support documentation") == true)
    // The product's one level: a failure where tested speaks for it; Supports needs every type.
    #expect(ACRDraft.productLevel(rows("302.1")).level == .partiallySupports)
    #expect(ACRDraft.productLevel(rows("502.3.1")).level == .doesNotSupport)
    #expect(ACRDraft.productLevel(rows("302.4")).level == nil)
    let passing = ACRDraft(
      components: [try component("web/checkbox#screenreader.name", .pass)], mapping: .defaults,
      clauseMapping: ACRDraft.clauseMapping)
    #expect(ACRDraft.productLevel(passing.clauses.filter { $0.clause.number == "302.1" }).level == .supports)
    // A clause tested on software alone has no product level: the OpenACR chapter says which.
    let onlyNative = ACRDraft(
      components: [
        try component("native/button#screenreader.name", .pass),
        ACRDraft.Component(component: try #require(ComponentID("web/link")), title: "Link", items: []),
      ], mapping: .defaults, clauseMapping: ACRDraft.clauseMapping)
    let yaml = try OpenACRDocument(
      audit: ACRHeading(BundleAuditFacts(id: 1, product: "Acme", release: "1.0", state: .open)),
      draft: onlyNative,
      author: try OpenACRDocument.Author(parsing: "a@example.org"), date: "2026-11-28", edition: .section508
    ).yaml()
    #expect(!yaml.contains("num: '302.1'"))
    let flat = yaml.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("302.1 (Web not evaluated, Software Supports)"), "\(yaml)")
    // The WCAG edition's draft has no clauses.
    #expect(ACRDraft(components: [], mapping: .defaults).clauses.isEmpty)
  }

  @Test func theEvaluationMethodsAreWrittenFromTheEvidence() throws {
    func item(_ key: String, link: Int64, _ environment: LinkEnvironment, on day: String) throws
      -> ACRDraft.Component
    {
      let key = try #require(ItemKey(key))
      var segment = Coverage.Segment(
        link: link, recording: RecordingRef(sha256: "ab", path: "a.webm"), fromSeconds: 1, toSeconds: 2,
        verdict: .fail)
      segment.testedWith = environment
      segment.judgedAt = "\(day)T10:00:00.000Z"
      return ACRDraft.Component(
        component: key.component, title: key.component.slug,
        items: [.init(key: key, label: "Name", notApplicable: false, verdict: .fail, segments: [segment])])
    }
    let draft = ACRDraft(
      components: [
        try item(
          "native/button#screenreader.name", link: 1,
          LinkEnvironment(assistiveTech: "VoiceOver", os: "iOS", osVersion: "17.4", device: "iPhone 13"),
          on: "2026-11-02"),
        try item(
          "native/checkbox#screenreader.name", link: 2,
          LinkEnvironment(assistiveTech: "TalkBack", os: "Android"),
          on: "2026-11-05"),
        try item(
          "web/checkbox#screenreader.name", link: 3,
          LinkEnvironment(assistiveTech: "NVDA", assistiveTechVersion: "2024.1", browser: "Chrome"),
          on: "2026-11-04"),
      ], mapping: .defaults, clauseMapping: ACRDraft.clauseMapping)
    let methods = ACRMethods(draft: draft, edition: .int).description
    #expect(methods.contains("Tested from 2026-11-02 to 2026-11-05."), "\(methods)")
    #expect(
      methods.contains(
        "Screen readers: NVDA 2024.1; TalkBack (version not recorded); VoiceOver (version not recorded)."))
    #expect(methods.contains("Operating systems: Android (version not recorded); iOS 17.4."))
    #expect(methods.contains("Browsers: Chrome (version not recorded). Devices: iPhone 13."))
    #expect(methods.contains("Versions not recorded for TalkBack, VoiceOver, Android, Chrome"))
    #expect(methods.contains("to the Revised Section 508 and EN 301 549 criteria"))
    #expect(!ACRMethods(draft: draft).description.contains("Section 508"))
  }
}
