import ExhibitKit
import ExhibitModel
import ExhibitPostgres
import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

/// `exhibit migrate`'s copies, SQLite to PostgreSQL and back: every row of the shared tables as
/// it was, ids and the audit chain included, and a catalogue that goes on working after.
@Suite struct CatalogueTransferTests {
  /// A SQLite workspace with criteria in three formats, a changed and a restored revision, and a
  /// workspace's own WCAG row.
  static func filledWorkspace(at folder: URL) async throws -> Store {
    let store = try Store.open(at: folder.appendingPathComponent("exhibit.sqlite").path, access: .write)
    let markdown = try criteriaDocument("Criteria/native/controls/checkbox.md")
    var changed = markdown
    changed.items[0].expectation += " Once."
    changed.sha256 = String(repeating: "c", count: 64)
    _ = try store.importCriteria(
      [
        markdown, try criteriaDocument("Criteria/legacy/native/checkbox.md"),
        try criteriaDocument("Criteria/web/component/checkbox.md"),
      ], actor: "Ana")
    _ = try store.importCriteria([changed], actor: "Bo")
    _ = try store.importCriteria([markdown], actor: "Bo")
    _ = try store.mapWCAG(
      item: "native/checkbox#\(markdown.items[0].localKey)", criterion: "2.4.7", relation: .related,
      reason: "Focus.", actor: "Cy")
    try store.addAccount(
      name: "dee", role: .auditor, passwordHash: "$2b$12$" + String(repeating: "d", count: 53), actor: "Cy")
    return store
  }

  @Test func aCatalogueGoesToPostgresAndBackAsItWas() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-transfer-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try await Self.filledWorkspace(at: folder)
    defer { try? source.close() }
    let rows = try source.catalogueRows()
    let head = try source.verifyAuditChain().headHash
    #expect((rows["audit_event"]?.count ?? 0) >= 6)
    #expect((rows["criteria_item"]?.count ?? 0) > 20)
    #expect(rows["wcag_override"]?.count == 1)
    #expect(rows["account"]?.count == 1)

    let (server, database) = try await newPostgresDatabase()
    var owner = try server.location(role: "exhibit_owner")
    owner.database = database
    let copied = try await PostgresStore.with(owner) { store in
      let catalogue = PostgresCatalogue(store: store)
      try await catalogue.insertCatalogueRows(rows)
      let report = try await catalogue.verifyAuditChain()
      #expect(report.valid && report.headHash == head)
      // Not twice: the copy goes into an empty catalogue only.
      await #expect(throws: WorkspaceError.notEmpty(store.url, events: rows["audit_event"]?.count ?? 0)) {
        try await catalogue.insertCatalogueRows(rows)
      }
      return try await catalogue.catalogueRows()
    }
    #expect(copied == rows)

    // And back, into a new SQLite workspace whose every check passes.
    let back = try Store.open(at: folder.appendingPathComponent("back.sqlite").path, access: .write)
    defer { try? back.close() }
    try back.insertCatalogueRows(copied)
    #expect(try back.catalogueRows() == rows)
    let verified = try back.verifyWorkspace()
    #expect(verified.valid, "\(verified.problems)")
    #expect(verified.headHash == head)
    #expect(try back.criteriaDocuments() == (try source.criteriaDocuments()))

    // Both copies go on: the next import is the next revision, with new ids past the copied ones.
    var next = try criteriaDocument("Criteria/native/controls/checkbox.md")
    next.items[1].expectation += " Twice."
    next.sha256 = String(repeating: "f", count: 64)
    var app = try server.location()
    app.database = database
    let onServer = try await PostgresStore.with(app) { store in
      try await PostgresCatalogue(store: store).importCriteria([next], actor: "Dee")
    }
    #expect(try back.importCriteria([next], actor: "Dee") == onServer)
    if case .imported(_, _, let revision, _) = onServer.first {
      #expect(revision == 4)
    } else {
      Issue.record("not imported: \(onServer)")
    }
  }

  @Test func aForgedChainDoesNotGoIn() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-transfer-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try await Self.filledWorkspace(at: folder)
    defer { try? source.close() }
    var rows = try source.catalogueRows()
    // The second event's actor changed, its hashes left: the database recomputes the hash.
    rows["audit_event"]?[1][2] = .text("Mallory")
    let (server, database) = try await newPostgresDatabase()
    var owner = try server.location(role: "exhibit_owner")
    owner.database = database
    try await PostgresStore.with(owner) { store in
      let catalogue = PostgresCatalogue(store: store)
      await #expect(throws: PostgresStoreError.self) { try await catalogue.insertCatalogueRows(rows) }
      let size = try await catalogue.catalogueSize()
      #expect(size.events == 0 && size.documents == 0)
    }
  }
}
