import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// `criteria_current`, which triggers keep, against the rule worked out in the test, and the
/// library's `primary` marks, which read it.
@Suite struct CurrentCriteriaTests {
  /// `family/component` → document id, as the triggers keep it.
  private func kept(_ connection: Connection) throws -> [String: Int64] {
    var kept: [String: Int64] = [:]
    for row in try connection.query(
      "SELECT family || '/' || component AS id, document_id FROM criteria_current")
    {
      kept[try row.decode("id")] = try row.decode("document_id")
    }
    return kept
  }

  /// `family/component` → the document the rule chooses, worked out here from each format's newest
  /// revision: the best format among those with items, else the best format.
  private func primaries(_ store: Store) throws -> [String: Int64] {
    let rank = { (document: CriteriaDocumentSummary) in
      (CriteriaFormat(rawValue: document.format)?.precedence ?? 9) + (document.itemCount > 0 ? 0 : 10)
    }
    return Dictionary(grouping: try store.criteriaDocuments(), by: \.component.description).compactMapValues {
      $0.min { rank($0) < rank($1) }?.documentID
    }
  }

  @Test func theCurrentDocumentFollowsEveryImport() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    let rendered = try CriteriaFixtures.document(CriteriaFixtures.fixture("rendered-checkbox.txt"))
    _ = try store.importCriteria([rendered], actor: "ana")
    #expect(try kept(store.connection) == (try primaries(store)))
    let jekyll = try CriteriaFixtures.document(CriteriaFixtures.sampleJekyll)
    let web = try CriteriaFixtures.document(CriteriaFixtures.sampleWeb)
    _ = try store.importCriteria([jekyll, web], actor: "ana")
    #expect(try kept(store.connection) == (try primaries(store)))
    let markdown = try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8)
    _ = try store.importCriteria(
      [try CriteriaFixtures.document(text: markdown, path: "/docs/native/controls/checkbox.md")], actor: "ana"
    )
    let afterMarkdown = try kept(store.connection)
    #expect(try afterMarkdown == primaries(store))
    #expect(afterMarkdown.count == 2)
    // A new revision of the primary format becomes current.
    let edited = markdown.replacingOccurrences(
      of: "Toggles the checkbox on Android", with: "Toggles the checkbox on Android, once")
    #expect(edited != markdown)
    _ = try store.importCriteria(
      [try CriteriaFixtures.document(text: edited, path: "/docs/native/controls/checkbox.md")], actor: "ana")
    let afterRevision = try kept(store.connection)
    #expect(try afterRevision == primaries(store))
    #expect(afterRevision["native/checkbox"] != afterMarkdown["native/checkbox"])
    #expect(
      try store.criteriaDocuments(component: "native/checkbox").first(where: \.primary)?.revision == 2)
  }

  @Test func migratingAnOlderDatabaseChoosesEachCurrentDocument() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("old.sqlite"))
    try Migrator(migrations: Array(Schema.migrations.prefix { $0.version < 12 })).migrate(connection)
    // Markdown without items loses to Jekyll with items; of Jekyll's revisions, the newest counts.
    try connection.execute(
      """
      INSERT INTO criteria_document (id, family, component, title, source_path, format, sha256, revision, imported_at)
      VALUES (1, 'native', 'stepper', 'Stepper', 'a.md', 'magenta-markdown', printf('%064d', 1), 1, '2026-01-01'),
        (2, 'native', 'stepper', 'Stepper', 'b.md', 'jekyll-front-matter', printf('%064d', 2), 1, '2026-01-01'),
        (3, 'native', 'stepper', 'Stepper', 'b.md', 'jekyll-front-matter', printf('%064d', 3), 2, '2026-01-02'),
        (4, 'web', 'stepper', 'Stepper', 'c.md', 'rendered-text', printf('%064d', 4), 1, '2026-01-01');
      INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
      VALUES (2, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0),
        (3, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0);
      """)
    try Schema.migrator.migrate(connection)
    #expect(try kept(connection) == ["native/stepper": 3, "web/stepper": 4])
    // The first item of the Markdown document makes it current; losing it makes Jekyll current again.
    try connection.execute(
      """
      INSERT INTO criteria_item (id, document_id, key, section, label, expectation, platforms, position)
      VALUES (10, 1, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0)
      """)
    #expect(try kept(connection)["native/stepper"] == 1)
    try connection.execute("DELETE FROM criteria_item WHERE id = 10")
    #expect(try kept(connection)["native/stepper"] == 3)
    try connection.execute("DELETE FROM criteria_document WHERE id = 4")
    #expect(try kept(connection)["web/stepper"] == nil)
  }

  @Test(.enabled(if: Repository.corpus != nil, "../shared/corpus is absent"))
  func theCorpusCriteriaKeepTheLibrarysPrimaries() throws {
    let documentation = try #require(Repository.corpus).appendingPathComponent("documentation")
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    // The corpus's documents, then the sample workspace's (other formats and newer revisions).
    for source in [documentation, Repository.root.appendingPathComponent("Criteria")] {
      let batch = CriteriaFiles.read([source.path], parser: CriteriaParser())
      #expect(!batch.documents.isEmpty && batch.errors.isEmpty, "\(source.path)")
      _ = try store.importCriteria(batch.documents, actor: "ana")
      let kept = try kept(store.connection)
      #expect(kept.count == Set(try store.criteriaDocuments().map(\.component)).count)
      #expect(try kept == primaries(store))
      #expect(try Set(store.criteriaDocuments().filter(\.primary).map(\.documentID)) == Set(kept.values))
    }
  }
}
