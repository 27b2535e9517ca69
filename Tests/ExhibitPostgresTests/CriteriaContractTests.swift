import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The criteria seam, the same operations with the same documents on SQLite and on PostgreSQL:
/// each test runs a sequence on both backends and expects the same outcomes, listings, criteria
/// and audit events from each, as well as the facts it names.
@Suite struct CriteriaContractTests {
  static let markdown = "Criteria/native/controls/checkbox.md"
  static let jekyll = "Criteria/legacy/native/checkbox.md"
  static let web = "Criteria/web/component/checkbox.md"
  static let rendered = "Tests/ExhibitKitTests/Fixtures/criteria/rendered-checkbox.txt"
  static let checkbox = ComponentID(family: .native, slug: "checkbox")

  /// What one backend answered to the sequence in ``answers(_:)``.
  struct Answers: Equatable, Sendable {
    var outcomes: [[CriteriaImportOutcome]] = []
    var listings: [[String]] = []
    var criteria: [String] = []
    var lookups: [String] = []
    var resolutions: [String] = []
    var slugs: [String] = []
    var events: [String] = []
    var chainValid = false
  }

  /// Imports, reimports, changes, restores and refuses documents, then reads every listing and
  /// criteria the commands show.
  // Long: one sequence, step by step, so both backends see exactly the same.
  static func answers(_ backend: Backend) async throws -> Answers {
    let markdown = try criteriaDocument(Self.markdown)
    let documents = [
      markdown, try criteriaDocument(jekyll), try criteriaDocument(web), try criteriaDocument(rendered),
    ]
    var changed = markdown
    changed.items[0].expectation += " Said once, not twice."
    changed.sha256 = String(repeating: "c", count: 64)
    var emptied = markdown
    emptied.items = []
    emptied.sha256 = String(repeating: "e", count: 64)
    var elsewhere = changed
    elsewhere.sourcePath = "/elsewhere/native/other/checkbox.md"
    elsewhere.sha256 = String(repeating: "d", count: 64)
    elsewhere.items[0].expectation += " Another file's words."
    return try await withEmptyCatalogue(backend) { catalogue in
      var answers = Answers()
      answers.outcomes.append(try await catalogue.importCriteria(documents, actor: "Ana"))
      answers.outcomes.append(try await catalogue.importCriteria([markdown], actor: "Ana"))
      answers.outcomes.append(try await catalogue.importCriteria([changed], actor: "Bo"))
      answers.outcomes.append(try await catalogue.importCriteria([markdown], actor: "Bo"))
      answers.outcomes.append(try await catalogue.importCriteria([emptied, elsewhere], actor: "Cy"))
      answers.outcomes.append(try await catalogue.importCriteria([changed, elsewhere], actor: "Cy"))
      for (component, platform) in [(nil, nil), (nil, Platform.ios), (Self.checkbox, nil), (nil, .windows)] {
        answers.listings.append(
          try await catalogue.criteriaDocuments(component: component, platform: platform).map(listingLine))
      }
      for component in [Self.checkbox, ComponentID(family: .web, slug: "checkbox")] {
        for platform in [nil] + Platform.allCases {
          do {
            answers.criteria.append(
              criteriaText(try await catalogue.componentCriteria(component, platform: platform)))
          } catch let error as LookupError {
            answers.lookups.append("\(component) \(platform?.rawValue ?? "all"): \(error)")
          }
        }
      }
      do {
        _ = try await catalogue.componentCriteria(ComponentID(family: .web, slug: "nothing"), platform: nil)
      } catch let error as LookupError {
        answers.lookups.append("\(error)")
      }
      let aliases = try await catalogue.criteriaDocuments(component: nil, platform: nil).flatMap(\.aliases)
      let names = [
        "native/checkbox", " NATIVE/Checkbox", "checkbox", "web/checkbox", "controls/checkbox", "nothing",
      ]
      for name in names + aliases {
        do {
          answers.resolutions.append("\(name) → \(try await catalogue.resolveComponent(name))")
        } catch let error as LookupError {
          answers.resolutions.append("\(name) → \(error)")
        }
      }
      answers.slugs = try await catalogue.knownComponentSlugs().sorted()
      answers.events = try await auditLines(of: catalogue)
      answers.chainValid = try await catalogue.verifyAuditChain().problems.isEmpty
      return answers
    }
  }

  @Test func bothBackendsAnswerTheSame() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite.outcomes == postgres.outcomes)
    #expect(sqlite.listings == postgres.listings)
    #expect(sqlite.criteria == postgres.criteria)
    #expect(sqlite.lookups == postgres.lookups)
    #expect(sqlite.resolutions == postgres.resolutions)
    #expect(sqlite.slugs == postgres.slugs)
    #expect(sqlite.events == postgres.events)
    #expect(sqlite.chainValid && postgres.chainValid)
  }

  @Test(arguments: Backend.allCases)
  func importsRevisionsAsTheRulesSay(_ backend: Backend) async throws {
    let answers = try await Self.answers(backend)
    let items = try criteriaDocument(Self.markdown).items.count
    #expect(items > 0)
    #expect(answers.outcomes[0].count == 4)
    #expect(
      answers.outcomes[0].first
        == .imported(component: "native/checkbox", format: .magentaMarkdown, revision: 1, itemCount: items))
    #expect(
      answers.outcomes[1] == [.unchanged(component: "native/checkbox", format: .magentaMarkdown, revision: 1)]
    )
    #expect(
      answers.outcomes[2]
        == [.imported(component: "native/checkbox", format: .magentaMarkdown, revision: 2, itemCount: items)])
    #expect(
      answers.outcomes[3]
        == [
          .restored(
            component: "native/checkbox", format: .magentaMarkdown, revision: 3, restoredRevision: 1,
            itemCount: items)
        ])
    // Neither a document without items nor another file's words replace the current revision;
    // within one batch, the first file holds the component.
    #expect(answers.outcomes[4].allSatisfy { if case .refused = $0 { true } else { false } })
    #expect(answers.outcomes[5].count == 2)
    // The changed bytes are revision 2's: made current again as revision 4.
    #expect(
      answers.outcomes[5].first
        == .restored(
          component: "native/checkbox", format: .magentaMarkdown, revision: 4, restoredRevision: 2,
          itemCount: items))
    if case .refused = answers.outcomes[5].last {
    } else {
      Issue.record("another file took over the component in one batch: \(answers.outcomes[5])")
    }
    #expect(answers.listings[0].count == 4)
    #expect(answers.listings[2].count == 3)
    #expect(answers.listings[2].first?.contains("magenta-markdown r4") == true)
    #expect(answers.criteria.count >= 2)
    #expect(answers.lookups.last == "\(LookupError.noCriteria("web/nothing"))")
    let actions: [String] = answers.events.map { String($0.split(separator: " ")[2]) }
    #expect(actions.filter { $0 == "criteria.restore" }.count == 2)
    #expect(answers.resolutions[0] == "native/checkbox → native/checkbox")
    #expect(answers.resolutions[1] == " NATIVE/Checkbox → native/checkbox")
    #expect(
      answers.resolutions[2].hasPrefix("checkbox → ") && answers.resolutions[2].contains("web/checkbox"))
    #expect(answers.resolutions[5] == "nothing → \(LookupError.unknownComponent("nothing"))")
    #expect(answers.resolutions.count > 6, "the documents give the components aliases")
    #expect(answers.slugs == ["checkbox"])
    #expect(answers.chainValid)
  }
}
