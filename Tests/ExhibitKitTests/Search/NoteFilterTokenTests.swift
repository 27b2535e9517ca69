import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Link notes are indexed with their component, platform and audit as filter tokens (schema 32):
/// a filtered search finds exactly the live notes the scoping rules name, with the scores an
/// unfiltered search gives them, and the index follows retractions and a recording's platform.
@Suite struct NoteFilterTokenTests {
  /// Notes saying "aloud" on iOS and Android recordings, an observation on Windows, in two
  /// audits of a product, one of them retracted.
  static func workspace() async throws -> SampleWorkspace {
    let workspace = try await SampleWorkspace.searchable()
    let store = workspace.store
    _ = try store.addProduct(name: "Acme App", platforms: [.ios, .android], actor: "ana")
    _ = try store.newAudit(product: "Acme App", release: "1.0", actor: "ana")
    func link(_ file: String?, _ item: String, _ note: String, observed: Platform? = nil) throws
      -> EvidenceLink
    {
      var request = workspace.linkRequest(item, .pass, file: file ?? SampleWorkspace.voiceOver)
      if file == nil {
        request.recording = nil
        request.observedPlatform = observed
        request.observedAssistiveTech = .nvda
      }
      request.note = note
      return try store.link(request)
    }
    _ = try link(SampleWorkspace.voiceOver, SampleWorkspace.role, "read aloud on the phone")
    _ = try link(SampleWorkspace.talkBack, SampleWorkspace.state, "read aloud twice, aloud again")
    _ = try link(
      nil, "web/checkbox#screenreader.name", "focus read aloud by the desktop reader", observed: .windows)
    let retracted = try link(SampleWorkspace.talkBack, SampleWorkspace.role, "aloud but retracted")
    _ = try store.unlink(retracted.id, reason: "wrong recording", actor: "ana")
    _ = try store.closeAudit("Acme App@1.0", actor: "ana")
    _ = try store.newAudit(product: "Acme App", release: "1.1", actor: "ana")
    _ = try link(SampleWorkspace.voiceOver, SampleWorkspace.state, "aloud in the second round")
    return workspace
  }

  /// The live notes saying "aloud" that the scoping rules name, read from the tables.
  static func expected(_ connection: Connection, _ filters: SearchFilters) throws -> Set<Int64> {
    var conditions = ["l.retracted_at IS NULL", "l.note LIKE '%aloud%'"]
    var values: [any SQLBindable] = []
    if let component = filters.component {
      conditions.append("d.family = ? AND d.component = ?")
      values += [component.family.rawValue, component.slug]
    }
    if let platform = filters.platform {
      conditions.append("coalesce(r.platform, l.observed_platform) = ?")
      values.append(platform.rawValue)
    }
    if let audit = filters.audit {
      conditions.append("l.audit_id = ?")
      values.append(audit)
    }
    return Set(
      try connection.query(
        """
        SELECT l.id FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
          JOIN criteria_document d ON d.id = i.document_id LEFT JOIN recording r ON r.id = l.recording_id
        WHERE \(conditions.joined(separator: " AND "))
        """, values
      ).map { try $0.decode("id") as Int64 })
  }

  /// The notes a search of "aloud" ranks under `filters`, by row id, with their scores.
  static func ranked(_ connection: Connection, _ filters: SearchFilters) throws -> [Int64: Double] {
    let index = SearchIndex(connection: connection, statistics: PhraseStatistics(connection: connection))
    let scope = SearchIndex.SearchScope(
      expression: "\"aloud\"", phrases: ["\"aloud\""], filters: filters, limit: 50, conjunctive: true)
    var scores: [Int64: Double] = [:]
    for row in try connection.reading({ try index.noteMatches(scope).rows }) {
      scores[try row.decode("fts_rowid")] = try row.decode("score")
    }
    return scores
  }

  static func everyFilter() -> [SearchFilters] {
    let native = ComponentID(family: .native, slug: "checkbox")
    let web = ComponentID(family: .web, slug: "checkbox")
    return [
      SearchFilters(), SearchFilters(platform: .ios), SearchFilters(platform: .android),
      SearchFilters(platform: .windows), SearchFilters(platform: .macos), SearchFilters(component: native),
      SearchFilters(component: web), SearchFilters(audit: 1), SearchFilters(audit: 2),
      SearchFilters(component: native, platform: .android, audit: 1),
      SearchFilters(component: native, platform: .ios, audit: 2),
      SearchFilters(component: web, platform: .ios),
    ]
  }

  /// Every filter's notes are the rules' notes, scored as without a filter.
  static func checkEveryFilter(_ connection: Connection) throws {
    let unfiltered = try ranked(connection, SearchFilters())
    for filters in everyFilter() {
      let found = try ranked(connection, filters)
      #expect(Set(found.keys) == (try expected(connection, filters)), "\(filters)")
      for (id, score) in found { #expect(unfiltered[id] == score, "\(filters) \(id)") }
    }
  }

  static func checkNoteIndex(_ connection: Connection) throws {
    try connection.execute(
      "INSERT INTO evidence_note_fts (evidence_note_fts, rank) VALUES ('integrity-check', 1)")
  }

  @Test func aFilteredSearchFindsTheNotesTheRulesName() async throws {
    let workspace = try await Self.workspace()
    let connection = workspace.store.connection
    try Self.checkNoteIndex(connection)
    #expect(try Self.expected(connection, SearchFilters()).count == 4)
    #expect(try Self.expected(connection, SearchFilters(platform: .windows)).count == 1)
    #expect(try Self.expected(connection, SearchFilters(audit: 2)).count == 1)
    try Self.checkEveryFilter(connection)
    // Through the store too: the notes' hits name the filter's platform.
    let android = try workspace.store.search(SearchRequest("aloud", platform: .android, kinds: [.notes]))
    #expect(android.hits.count == 1 && android.hits.allSatisfy { $0.platform == .android })
  }

  @Test func theNotesFollowTheirRecordingsPlatform() async throws {
    let workspace = try await Self.workspace()
    let connection = workspace.store.connection
    try connection.transaction {
      try connection.execute("UPDATE recording SET platform = 'macos' WHERE platform = 'android'")
    }
    try Self.checkNoteIndex(connection)
    #expect(try Self.ranked(connection, SearchFilters(platform: .macos)).count == 1)
    #expect(try Self.ranked(connection, SearchFilters(platform: .android)).isEmpty)
    try Self.checkEveryFilter(connection)
    // Without its trigger the index would not follow, and FTS5's check says so.
    try connection.execute("DROP TRIGGER recording_note_scope_update")
    try connection.transaction {
      try connection.execute("UPDATE recording SET platform = 'android' WHERE platform = 'macos'")
    }
    #expect(throws: SQLiteError.self) { try Self.checkNoteIndex(connection) }
  }

  @Test func aWorkspaceMadeBeforeTheTokensHasThemWhenUpgraded() async throws {
    let workspace = try await Self.workspace()
    let path = workspace.store.path
    try VersionThirty.downgrade(workspace.store.connection)
    try workspace.store.close()
    let upgraded = try Store.open(at: path, access: .write)
    #expect(try upgraded.connection.userVersion == Schema.migrator.latestVersion)
    try Self.checkNoteIndex(upgraded.connection)
    try Self.checkEveryFilter(upgraded.connection)
  }
}
