import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The findings' seam, the same requests on SQLite and on PostgreSQL: two fails open two findings,
/// an auditor sets and merges them (and is refused where the rules say so), a tracker files one and
/// closes it, a retest's pass verifies it, and `audit compare` says where they stand. Both engines
/// must answer every step alike, times aside, record the same audit events and verify clean.
@Suite(.serialized) struct FindingContractTests {
  static let media = repositoryRoot.appendingPathComponent("Media").path
  static let voiceOver = repositoryRoot.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver.webm")
    .path
  static let talkBack = repositoryRoot.appendingPathComponent(
    "Media/native/checkbox/checkbox_AndroidTalkback.webm"
  ).path

  // Long: one sequence, step by step, so both engines see exactly the same.
  static func answers(_ backend: Backend) async throws -> [String] {
    let documents = try ["Criteria/native/controls/checkbox.md"].map(criteriaDocument)
    return try await withEmptyCatalogue(backend) { catalogue in
      let steps = ContractSteps()
      let step = steps.step
      func link(_ item: String, _ verdict: Verdict, _ recording: String = voiceOver) -> LinkRequest {
        LinkRequest(
          recording: recording, item: item, verdict: verdict, from: 1, to: 3, auditor: "Ana", note: "heard",
          overridePlatform: false, overrideComponent: false, audit: nil, environment: LinkEnvironment())
      }
      func list(_ filter: FindingFilter = FindingFilter()) async throws -> String {
        try normalized(try await catalogue.findings(audit: nil, filter: filter, actor: "Ana").findings)
      }
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: [media]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      _ = try await catalogue.addProduct(
        name: "Acme App", platforms: [.ios, .android], url: nil, actor: "Ana")
      _ = try await catalogue.newAudit(
        product: "Acme App", release: "1.0", from: nil, scope: [], platforms: [], actor: "Ana")
      await step("none yet") { try await list() }
      _ = try await catalogue.link(link("native/checkbox#screenreader.state", .fail))
      _ = try await catalogue.link(link("native/checkbox#screenreader.role", .fail, talkBack))
      _ = try await catalogue.link(link("native/checkbox#screenreader.role", .pass))
      await step("two fails") { try await list() }
      await step("show") { try normalized(try await catalogue.finding("F-1")) }
      await step("accept without a reason") {
        try normalized(
          try await catalogue.setFinding(
            "F-2", title: nil, severity: nil, status: .accepted, reason: "", actor: "Bo"))
      }
      await step("set") {
        try normalized(
          try await catalogue.setFinding(
            "F-2", title: "No role on Android", severity: .critical, status: nil, reason: nil, actor: "Bo"))
      }
      await step("filed") {
        let filed = try await catalogue.recordFiled(
          "F-1", tracker: FindingTracker(kind: "github", key: "acme/app#1", url: "https://github.example/1"),
          note: nil, actor: "Bo")
        return "\(filed)"
      }
      await step("closed on the tracker") {
        "\(try await catalogue.recordTrackerState("F-1", closed: true, actor: "Bo") as Any)"
      }
      await step("unknown") { try normalized(try await catalogue.finding("F-9")) }
      _ = try await catalogue.closeAudit("1", actor: "Ana")
      _ = try await catalogue.newAudit(
        product: "Acme App", release: "1.1", from: "1", scope: [], platforms: [], actor: "Ana")
      await step("carried") { try await list() }
      _ = try await catalogue.link(link("native/checkbox#screenreader.state", .pass))
      await step("verified") { try await list() }
      await step("compare") {
        try normalized(try await catalogue.compareAudits("1", "2", component: nil, platform: nil).findings)
      }
      await step("merge") { try normalized(try await catalogue.mergeFindings("F-1", ["F-2"], actor: "Ana")) }
      await step("merged") { try await list(FindingFilter(status: .merged)) }
      await step("verify") { "\(try await catalogue.verifyCatalogue().problems)" }
      // The catalogue's parallel readers hand their events to the trail in either order.
      steps.append(unorderedEvents(try await auditLines(of: catalogue).map(timeless)))
      return steps.lines
    }
  }

  @Test func bothEnginesFollowFindingsAlike() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    expectAlike(sqlite, postgres)
    // What each step says, beyond the engines agreeing.
    #expect(stepAnswer("none yet", in: sqlite) == "[]")
    #expect(stepAnswer("two fails", in: sqlite).contains(#""id":"F-2""#))
    #expect(stepAnswer("accept without a reason", in: sqlite).hasPrefix("refused: F-2: say why"))
    #expect(stepAnswer("set", in: sqlite).contains(#""severity":"critical""#))
    #expect(stepAnswer("closed on the tracker", in: sqlite) == "Optional(ExhibitKit.FindingStatus.fixed)")
    #expect(stepAnswer("verified", in: sqlite).contains(#""status":"verified""#))
    #expect(stepAnswer("compare", in: sqlite).contains(#""verified":["F-1"]"#))
    #expect(
      stepAnswer("merged", in: sqlite).contains(#""merged_into":"F-1""#)
        || stepAnswer("merged", in: sqlite).contains(#""mergedInto":"F-1""#))
    #expect(stepAnswer("verify", in: sqlite) == "[]")
    #expect(sqlite.filter { $0.contains(" finding.open ") }.count == 2)
  }
}
