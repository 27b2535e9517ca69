import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// Suggestions, history and the reviewer's page, the same requests on SQLite and on PostgreSQL:
/// links proposed from what the captions say, some accepted, one dismissed and one decided as a
/// fail, the ones still pending, a link read back by id, the history of an item, a recording, a
/// component and an audit, and the reviewer's page of a component. Both engines must answer every
/// step alike, times aside.
@Suite(.serialized) struct SuggestionContractTests {
  static let media = repositoryRoot.appendingPathComponent("Media").path
  /// The sample workspace's recordings and screenshot, in path order.
  static let evidence: [String] = {
    let files = FileManager.default.enumerator(atPath: media)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".webm") || $0.hasSuffix(".png") }.sorted().map { "\(media)/\($0)" }
  }()

  // Long: one sequence, step by step, so both engines see exactly the same.
  static func answers(_ backend: Backend) async throws -> [String] {
    let documents = try ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map(
      criteriaDocument)
    let checkbox = ComponentID(family: .native, slug: "checkbox")
    return try await withEmptyCatalogue(backend) { catalogue in
      let steps = ContractSteps()
      let step = steps.step
      func lines(_ suggestions: [Suggestion]) -> String {
        suggestions.map { "\($0.item) \(($0.recording.path as NSString).lastPathComponent)" }.sorted()
          .joined(separator: "; ")
      }
      func events(_ events: [AuditEvent]) -> String {
        events.map { "\($0.id) \($0.action) \($0.subject)" }.joined(separator: "; ")
      }
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      // One run per file, in path order: a run hands its batches to the writer whenever it is
      // idle, so the order of one run's events (which the history steps show by id) is timing's.
      for evidence in Self.evidence {
        _ = try await catalogue.catalogueRecordings(
          CatalogueScope(paths: [evidence]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      }
      _ = try await catalogue.addProduct(
        name: "Acme App", platforms: [.ios, .android], url: nil, actor: "Ana")
      _ = try await catalogue.newAudit(
        product: "Acme App", release: "1.0", from: nil, scope: [], platforms: [], actor: "Ana")
      let proposed = try await catalogue.suggestions(component: checkbox, audit: nil)
      await step("suggested") { lines(proposed) }
      await step("accepted") {
        lines(try await catalogue.accept(Array(proposed.prefix(2)), auditor: "Ana", audit: nil))
      }
      await step("pending") { lines(try await catalogue.pendingSuggestions(component: checkbox, audit: nil)) }
      let pending = try await catalogue.pendingSuggestions(component: checkbox, audit: nil)
      await step("dismissed") {
        lines(
          try await catalogue.decide(
            Array(pending.prefix(1)), decision: .dismiss, auditor: "Bo", note: "not this item", audit: nil))
      }
      await step("failed") {
        lines(
          try await catalogue.decide(
            Array(pending.dropFirst().prefix(1)), decision: .fail, auditor: "Bo", note: "silent", audit: nil))
      }
      await step("pending after") {
        lines(try await catalogue.pendingSuggestions(component: checkbox, audit: nil))
      }
      await step("link 1") { try normalized(try await catalogue.evidenceLink(1)) }
      await step("link 99") { try normalized(try await catalogue.evidenceLink(99)) }
      let item = proposed.first.map { "\($0.item)" } ?? "native/checkbox#screenreader.role"
      await step("history of an item") { events(try await catalogue.history(item, audit: nil)) }
      await step("history of a recording") {
        events(try await catalogue.history(proposed.first?.recording.sha256 ?? "none", audit: nil))
      }
      await step("history of the component") {
        events(try await catalogue.history("native/checkbox", audit: nil))
      }
      await step("history of the audit") { events(try await catalogue.history("audit:1", audit: nil)) }
      await step("history of nothing") { events(try await catalogue.history("no-such-thing", audit: nil)) }
      await step("reviewer's page") {
        try normalized(
          try await catalogue.reviewerPage(component: "native/checkbox", platform: .ios, audit: nil))
      }
      return steps.lines
    }
  }

  @Test func bothEnginesSuggestAndTellHistoryAlike() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    expectAlike(sqlite, postgres)
    func answer(_ name: String) -> String { stepAnswer(name, in: sqlite) }
    // What each step says, beyond the engines agreeing.
    let suggested = answer("suggested").split(separator: ";").count
    #expect(suggested >= 4, "\(answer("suggested"))")
    #expect(answer("accepted").split(separator: ";").count == 2)
    // A decision (a dismissal, a fail) takes a suggestion off the pending list.
    let pending = answer("pending").split(separator: ";").count
    #expect(pending >= 2 && answer("pending after").split(separator: ";").count == pending - 2)
    #expect(answer("link 1").contains("\"auditor\":\"Ana\""))
    #expect(answer("link 99").hasPrefix("refused: "))
    #expect(answer("history of the component").contains("link.create"))
    #expect(answer("history of the component").contains("suggestion.dismiss"))
    #expect(answer("history of the audit").contains("audit.create audit:1"))
    #expect(answer("history of nothing").hasPrefix("refused: "))
    #expect(answer("reviewer's page").contains("\"component\""))
  }
}
