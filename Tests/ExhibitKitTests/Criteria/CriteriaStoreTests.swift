import Foundation
import Testing

@testable import ExhibitKit

@Suite struct CriteriaStoreTests {
  private func parse(_ text: String, path: String = "/docs/native/controls/checkbox.md") throws
    -> CriteriaDocument
  {
    guard case .document(let document) = try CriteriaParser().parse(bytes: Array(text.utf8), path: path)
    else {
      throw CriteriaParseError(path: path, line: 0, reason: "not a document")
    }
    return document
  }

  @Test func unchangedReimportIsANoOpAndAChangeIsANewRevision() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    let original = try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8)
    let first = try store.importCriteria([try parse(original)], actor: "ana")
    #expect(
      first == [.imported(component: "native/checkbox", format: .magentaMarkdown, revision: 1, itemCount: 10)]
    )
    let again = try store.importCriteria([try parse(original)], actor: "ana")
    #expect(again == [.unchanged(component: "native/checkbox", format: .magentaMarkdown, revision: 1)])
    let changed = original.replacingOccurrences(
      of: "Toggles the checkbox on Android", with: "Toggles it on Android")
    let second = try store.importCriteria([try parse(changed)], actor: "ana")
    #expect(
      second == [
        .imported(component: "native/checkbox", format: .magentaMarkdown, revision: 2, itemCount: 10)
      ])
    let criteria = try store.componentCriteria("native/checkbox")
    #expect(criteria.document.revision == 2)
    #expect(
      criteria.items.first { $0.key == "native/checkbox#keyboard.enter" }?.expectation
        == "Toggles it on Android")
    let events = try store.connection.query("SELECT action, subject FROM audit_event ORDER BY id")
    #expect(events.map { $0.string("action") } == ["criteria.import", "criteria.import"])
  }

  @Test func linksStayPinnedToTheirRevisionAndAreReportedStale() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    let original = try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8)
    _ = try store.importCriteria([try parse(original)], actor: "ana")
    let itemID = try #require(
      try store.connection.first("SELECT id FROM criteria_item WHERE key = 'native/checkbox#keyboard.enter'")?
        .int64("id"))
    try store.connection.execute(
      "INSERT INTO recording (sha256, size, status, catalogued_at) VALUES (?, 1, 'ok', 'now')",
      [String(repeating: "a", count: 64)])
    let recordingID = store.connection.lastInsertRowID
    let audit = try store.audits.forWriting(nil, actor: "ana").id
    try store.connection.execute(
      """
      INSERT INTO evidence_link (recording_id, item_id, verdict, auditor, created_at, audit_id)
      VALUES (?, ?, 'pass', 'ana', 'now', ?)
      """,
      [recordingID, itemID, audit])
    #expect(try store.criteriaDocuments().first?.staleLinks == 0)
    // A line that changes no item carries the link forward; a changed item leaves it stale.
    _ = try store.importCriteria([try parse(original + "\nA changed last line.\n")], actor: "ana")
    #expect(try store.criteriaDocuments().first?.revision == 2)
    #expect(try store.criteriaDocuments().first?.staleLinks == 0)
    let edited = original.replacingOccurrences(
      of: "Toggles the checkbox on Android", with: "Toggles the checkbox on Android, once")
    #expect(edited != original)
    _ = try store.importCriteria([try parse(edited)], actor: "ana")
    let summary = try #require(try store.criteriaDocuments().first)
    #expect(summary.revision == 3)
    #expect(summary.staleLinks == 1)
    let pinned = try store.connection.first(
      """
      SELECT d.revision FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
      JOIN criteria_document d ON d.id = i.document_id WHERE l.retracted_at IS NULL
      """)
    #expect(pinned?.int("revision") == 2)
  }

  @Test func formatsKeepTheirOwnRevisionsAndMarkdownSuppliesTheItems() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    let rendered = try CriteriaFixtures.document(CriteriaFixtures.fixture("rendered-checkbox.txt"))
    let jekyll = try CriteriaFixtures.document(CriteriaFixtures.sampleJekyll)
    let markdown = try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)
    _ = try store.importCriteria([markdown, jekyll, rendered], actor: "ana")
    let documents = try store.criteriaDocuments(component: "native/checkbox")
    #expect(documents.count == 3)
    #expect(documents.allSatisfy { $0.revision == 1 })
    #expect(documents.first(where: \.primary)?.format == "magenta-markdown")
    #expect(try store.componentCriteria("native/checkbox").items.count == 10)
  }

  @Test func componentNamesResolveOrListTheChoices() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    _ = try store.importCriteria(
      [
        try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown),
        try CriteriaFixtures.document(CriteriaFixtures.sampleWeb),
        try CriteriaFixtures.document(CriteriaFixtures.fixture("switch-variations.md")),
      ], actor: "ana")
    #expect(try store.resolveComponent("switch") == "native/switch")
    #expect(try store.resolveComponent("web/checkbox") == "web/checkbox")
    #expect(throws: LookupError.ambiguousComponent("checkbox", choices: ["native/checkbox", "web/checkbox"]))
    {
      _ = try store.resolveComponent("checkbox")
    }
    #expect(throws: LookupError.unknownComponent("slider")) { _ = try store.resolveComponent("slider") }
  }

  @Test func platformFilterKeepsOnlyItemsForThatPlatform() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    _ = try store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)], actor: "ana")
    let ios = try store.componentCriteria("native/checkbox", platform: .ios)
    #expect(!ios.items.contains { $0.key.hasSuffix("keyboard.enter") })
    #expect(ios.items.count == 9)
    #expect(try store.criteriaDocuments(platform: .windows).isEmpty)
  }
}
