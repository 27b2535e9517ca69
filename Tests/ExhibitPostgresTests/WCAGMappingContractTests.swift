import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// A workspace's own WCAG mapping rows, the same operations on SQLite and on PostgreSQL: the same
/// rows, refusals and audit events from each.
@Suite struct WCAGMappingContractTests {
  /// What one backend answered.
  struct Answers: Equatable, Sendable {
    var rows: [String] = []
    var refusals: [String] = []
    var events: [String] = []
  }

  static func answers(_ backend: Backend) async throws -> Answers {
    let document = try criteriaDocument("Criteria/native/controls/checkbox.md")
    let first = try #require(document.items.first)
    let key = "native/checkbox#\(first.localKey)"
    return try await withEmptyCatalogue(backend) { catalogue in
      var answers = Answers()
      _ = try await catalogue.importCriteria([document], actor: "Ana")
      let mapped = try await catalogue.mapWCAG(
        item: "NATIVE/controls/checkbox#\(first.localKey)", criterion: "2.4.7", relation: .necessary,
        reason: "  Focus must show where the checkbox is.  ", actor: "Bo")
      answers.rows.append("\(mapped.selector) \(mapped.criterion) \(mapped.relation) \(mapped.rationale)")
      let remapped = try await catalogue.mapWCAG(
        item: key, criterion: "2.4.7", relation: .related, reason: "Only touches it.", actor: "Cy")
      answers.rows.append(
        "\(remapped.selector) \(remapped.criterion) \(remapped.relation) \(remapped.rationale)")
      let attempts: [(String, String, String)] = [
        (key, "9.9.9", "A criterion WCAG lacks."), (key, "1.1.1", "   "),
        ("native/checkbox#keyboard.nothing", "1.1.1", "No such item."),
        ("native/checkbox", "1.1.1", "No key."),
        ("web/nothing#keyboard.tab", "1.1.1", "No such component."),
      ]
      for (item, criterion, reason) in attempts {
        do {
          _ = try await catalogue.mapWCAG(
            item: item, criterion: criterion, relation: .related, reason: reason, actor: "Dee")
          answers.refusals.append("\(item) \(criterion): stored")
        } catch {
          answers.refusals.append("\(item) \(criterion): \(error)")
        }
      }
      let mapping = try await catalogue.wcagMapping()
      for item in try await catalogue.componentCriteria(
        ComponentID(family: .native, slug: "checkbox"), platform: nil
      )
      .items {
        for row in mapping.rows(for: item.key) {
          answers.rows.append(
            "\(item.key) \(row.criterion) \(row.relation) \(row.rationale) \(row.decidedBy ?? "Exhibit")")
        }
      }
      answers.events = try await catalogue.auditEvents().map {
        "\($0.actor) \($0.action) \($0.subject) \($0.after ?? "-")"
      }
      return answers
    }
  }

  @Test func bothBackendsMapAndRefuseTheSame() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite == postgres)
    let first = try #require(try criteriaDocument("Criteria/native/controls/checkbox.md").items.first)
    let key = "native/checkbox#\(first.localKey)"
    for answers in [sqlite, postgres] {
      #expect(answers.rows.first == "\(key) 2.4.7 necessary Focus must show where the checkbox is.")
      // The later row for the item and criterion is the one read back.
      #expect(answers.rows.contains("\(key) 2.4.7 related Only touches it. Cy"))
      #expect(!answers.rows.contains { $0.hasPrefix("\(key) 2.4.7 necessary") && $0.hasSuffix("Bo") })
      #expect(answers.refusals.count == 5)
      #expect(!answers.refusals.contains { $0.hasSuffix(": stored") }, "\(answers.refusals)")
      #expect(answers.refusals[0].contains("\(ConformanceError.unknownCriterion("9.9.9"))"))
      #expect(answers.refusals[1].contains("\(ConformanceError.noReason)"))
      #expect(answers.events.filter { $0.contains(" wcag.map ") }.count == 2)
    }
  }

  /// A document's own list of related criteria, checked against the mapping in the document's
  /// order, the same on both backends.
  static func crossChecks(_ backend: Backend) async throws -> [String] {
    let listing = try criteriaDocument("Tests/ExhibitKitTests/Fixtures/criteria/related/toggle-switch.md")
    let plain = try criteriaDocument("Criteria/native/controls/checkbox.md")
    return try await withEmptyCatalogue(backend) { catalogue in
      _ = try await catalogue.importCriteria([listing, plain], actor: "Ana")
      let all = try await catalogue.wcagCrossCheck(component: nil)
      let one = try await catalogue.wcagCrossCheck(component: "toggle-switch")
      var lines = (all + one).map {
        "\($0.component) listed \($0.listed) not mapped \($0.listedNotMapped) not listed \($0.mappedNotListed)"
      }
      do {
        _ = try await catalogue.wcagCrossCheck(component: "web/nothing")
      } catch {
        lines.append("\(error)")
      }
      return lines
    }
  }

  @Test func aDocumentsListIsCheckedInItsOrderOnBothBackends() async throws {
    let sqlite = try await Self.crossChecks(.sqlite)
    #expect(sqlite.count == 3)
    #expect(
      sqlite.first?.hasPrefix("web/toggle-switch listed [\"1.3.1\", \"4.1.2\", \"2.4.3\", \"1.4.1\"]") == true
    )
    #expect(try await Self.crossChecks(.postgres) == sqlite)
  }
}
