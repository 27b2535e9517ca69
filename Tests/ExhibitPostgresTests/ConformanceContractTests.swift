import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The conformance report's seam, the same requests on SQLite and on PostgreSQL: a report asked
/// of an audit with no links, the author unset and set, the draft from an audit's verdicts, levels
/// decided and refused (a column the audit does not have, an unknown criterion, `not-evaluated`
/// for a level A criterion, a closed audit), a Section 508 criterion decided and `not-evaluated`
/// refused for an EN 301 549 one, the clauses drafted, and the draft with the decisions over it. Both engines must answer every step alike,
/// times aside, and record the same audit events.
@Suite(.serialized) struct ConformanceContractTests {
  static let media = repositoryRoot.appendingPathComponent("Media").path
  static let voiceOver = repositoryRoot.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver.webm")
    .path

  // Long: one sequence, step by step, so both engines see exactly the same.
  static func answers(_ backend: Backend) async throws -> [String] {
    let documents = try ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map(
      criteriaDocument)
    return try await withEmptyCatalogue(backend) { catalogue in
      let steps = ContractSteps()
      let step = steps.step
      func link(_ item: String, _ verdict: Verdict) -> LinkRequest {
        LinkRequest(
          recording: voiceOver, item: item, verdict: verdict, from: nil, to: nil, auditor: "Ana",
          note: "heard",
          overridePlatform: false, overrideComponent: false, audit: nil, environment: LinkEnvironment())
      }
      func draft() async throws -> String {
        let (audit, draft) = try await catalogue.acrDraft(audit: nil)
        return "audit \(audit.id): " + (try normalized(draft))
      }
      func decide(_ criterion: String, _ type: ACRComponentType, _ level: ConformanceLevel) async throws
        -> String
      {
        try normalized(
          try await catalogue.setACRLevel(
            audit: nil, criterion: criterion, componentType: type, level: level, remarks: "checked by hand",
            actor: "Bo"))
      }
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: [media]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      _ = try await catalogue.addProduct(name: "Acme App", platforms: [.ios], url: nil, actor: "Ana")
      _ = try await catalogue.newAudit(
        product: "Acme App", release: "1.0", from: nil, scope: [], platforms: [], actor: "Ana")
      await step("draft without links") { try await draft() }
      await step("no author") { "\(try await catalogue.acrAuthor() as Any)" }
      await step("author") {
        try await catalogue.setACRAuthor(
          try OpenACRDocument.Author(parsing: "Ana Auditor <ana@example.org>"), actor: "Ana")
        return "\(try await catalogue.acrAuthor() as Any)"
      }
      _ = try await catalogue.link(link("native/checkbox#screenreader.role", .pass))
      _ = try await catalogue.link(link("native/checkbox#screenreader.state", .fail))
      await step("draft") { try await draft() }
      await step("decide") { try await decide("4.1.2", .software, .partiallySupports) }
      await step("decide again") { try await decide("4.1.2", .software, .doesNotSupport) }
      await step("decide for the web") { try await decide("1.3.1", .web, .notApplicable) }
      await step("unknown criterion") { try await decide("9.9.9", .software, .supports) }
      await step("not evaluated at level A") { try await decide("1.1.1", .software, .notEvaluated) }
      await step("decide a Section 508 criterion") {
        try await decide("302.1", .software, .partiallySupports)
      }
      await step("not evaluated for an EN criterion") { try await decide("4.2.1", .software, .notEvaluated) }
      await step("clauses") {
        let (_, draft) = try await catalogue.acrDraft(audit: nil)
        return try normalized(draft.clauses.filter { $0.level != nil })
      }
      await step("draft with decisions") { try await draft() }
      _ = try await catalogue.closeAudit("1", actor: "Ana")
      await step("decide in a closed audit") { try await decide("4.1.2", .software, .supports) }
      await step("closed draft") { try await draft() }
      // The catalogue's parallel readers hand their events to the trail in either order.
      steps.append(unorderedEvents(try await auditLines(of: catalogue).map(timeless)))
      return steps.lines
    }
  }

  @Test func bothEnginesDecideTheReportAlike() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    expectAlike(sqlite, postgres)
    // What each step says, beyond the engines agreeing.
    #expect(sqlite.contains { $0.hasPrefix("draft without links: refused: ") })
    #expect(sqlite.contains("no author: nil"))
    #expect(sqlite.contains { $0.hasPrefix("author: Optional(") && $0.contains("ana@example.org") })
    #expect(sqlite.contains { $0.hasPrefix("decide again: ") && $0.contains("does-not-support") })
    #expect(sqlite.contains { $0.hasPrefix("unknown criterion: refused: ") })
    #expect(sqlite.contains { $0.hasPrefix("not evaluated at level A: refused: ") })
    #expect(sqlite.contains { $0.hasPrefix("decide in a closed audit: refused: ") })
    #expect(sqlite.contains { $0.hasPrefix("decide for the web: refused: ") && $0.contains("no web column") })
    #expect(sqlite.contains { $0.hasPrefix("decide a Section 508 criterion: ") && $0.contains("302.1") })
    #expect(sqlite.contains { $0.hasPrefix("not evaluated for an EN criterion: refused: ") })
    // The failed state item drafts the clauses screen-reader evidence bears on; 302.1 is decided.
    let clauses = try #require(sqlite.first { $0.hasPrefix("clauses: ") })
    for number in ["\"302.1\"", "\"4.2.1\"", "\"502.3.1\"", "\"11.5.2.5\""] {
      #expect(clauses.contains(number), "\(number) in \(clauses)")
    }
    #expect(clauses.contains("does-not-support") && clauses.contains("partially-supports"))
    #expect(sqlite.filter { $0.contains(" acr.set ") }.count == 3)
    #expect(sqlite.filter { $0.contains(" acr.author ") }.count == 1)
  }
}
