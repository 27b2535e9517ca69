import ExhibitSQLite
import ExhibitStorage
import Testing

@testable import ExhibitKit

/// A search of every component's criteria keeps the current documents' rows through the index on
/// `criteria_current`'s document id (migration 33), one lookup a matching row, where it listed
/// every current document's id in each statement; one component's documents are still listed.
@Suite struct CurrentDocumentsTests {
  /// The criteria sources whose rules name the current documents.
  static let sources: [SearchSource] = [.items, .gherkinSteps, .developerNotes, .announcements]

  /// SQLite's plan of a source's matches of a word under `filters`, as a search reads them (its
  /// full-text index first, then the rows), one line a step.
  static func plan(_ source: SearchSource, _ filters: SearchFilters, _ connection: Connection) throws
    -> [String]
  {
    let rules = source.predicate(filters)
    let index = source.table.split(separator: " ")[0] + "_fts"
    return try connection.query(
      """
      EXPLAIN QUERY PLAN SELECT \(index).rowid FROM \(index) JOIN \(source.from(filters))
      WHERE \(source.alias).id = \(index).rowid AND \(index) MATCH 'checked' AND \(rules.sql)
      """, rules.values
    ).map { try $0.decode("detail") }
  }

  @Test func everyComponentsCriteriaAreKeptThroughTheCurrentDocumentsIndex() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let connection = workspace.store.connection
    let filters = try SearchFilters(
      SearchRequest("checked", platform: .ios), kinds: [.criteria], on: connection)
    #expect(filters.documentList == "(SELECT document_id FROM criteria_current)")
    for source in Self.sources {
      let plan = try Self.plan(source, filters, connection)
      #expect(
        plan.contains { $0.contains("USING INDEX criteria_current_document FOR IN-OPERATOR") },
        "\(source.name): \(plan)")
      #expect(!plan.contains { $0.contains("LIST SUBQUERY") }, "\(source.name): \(plan)")
    }
    // One component's documents are its ids.
    let one = try SearchFilters(
      SearchRequest("checked", component: "native/checkbox"), kinds: [.criteria], on: connection)
    let ids = try connection.query(
      "SELECT document_id FROM criteria_current WHERE family = 'native' AND component = 'checkbox'"
    ).map { String(try $0.decode("document_id") as Int64) }
    #expect(!ids.isEmpty && one.documentList == "(\(ids.joined(separator: ",")))")
    // Without the index, SQLite would list the table on every statement: the check can fail.
    try connection.execute("DROP INDEX criteria_current_document")
    #expect(try Self.plan(.items, filters, connection).contains { $0.contains("LIST SUBQUERY") })
  }

  @Test func onlyTheCurrentRevisionsTextIsFound() async throws {
    let workspace = try await SampleWorkspace.searchable()
    let connection = workspace.store.connection
    let kept = try workspace.store.search(SearchRequest("checked", kinds: [.criteria], limit: 500)).hits
    #expect(!kept.isEmpty)
    // A component's current document no longer current: none of its criteria are found.
    let current = try #require(
      try connection.first(
        "SELECT family, component FROM criteria_current WHERE family = 'native' AND component = 'checkbox'"))
    #expect(current.string("component") == "checkbox")
    try connection.execute("DELETE FROM criteria_current WHERE family = 'native' AND component = 'checkbox'")
    let after = try workspace.store.search(SearchRequest("checked", kinds: [.criteria], limit: 500)).hits
    #expect(kept.contains { $0.component?.description == "native/checkbox" })
    #expect(!after.contains { $0.component?.description == "native/checkbox" })
    #expect(after.count < kept.count)
  }
}
