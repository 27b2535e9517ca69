import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Version 21 numbers a document's related criteria, written before in the list's order, 1, 2,
/// 3… per document, so `wcag check` lists them as the document does after the upgrade too.
@Suite struct RelatedCriteriaOrderTests {
  @Test func aVersion20WorkspaceKeepsEachListsOrder() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("exhibit.sqlite")
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/criteria")
    let store = try Store.open(at: path, access: .write)
    var documents: [CriteriaDocument] = []
    for file in ["related/toggle-switch.md"] {
      let url = fixtures.appendingPathComponent(file)
      guard
        case .document(let document) = try CriteriaParser().parse(
          bytes: Array(try Data(contentsOf: url)), path: url.path)
      else { Issue.record("\(file) is no criteria document"); return }
      documents.append(document)
    }
    _ = try store.importCriteria(documents, actor: "Ana")
    let listed = try store.wcagCrossCheck().first?.listed
    #expect(listed == ["1.3.1", "4.1.2", "2.4.3", "1.4.1"])
    // Back to version 20: no position column, the rows in the order they were written.
    try VersionThirty.downgrade(store.connection)
    try store.connection.execute("ALTER TABLE criteria_related_criterion DROP COLUMN position")
    for table in ["closed_audit", "closed_audit_criteria", "closed_audit_recording"] {
      try store.connection.execute("DROP TABLE \(table)")
    }
    try store.connection.execute("DROP TRIGGER audit_closed_keeps_its_name")
    try store.connection.execute("DROP TRIGGER evidence_link_retract_only")
    try store.connection.execute("ALTER TABLE evidence_link DROP COLUMN outside_scope")
    try store.connection.execute("DROP TABLE sign_in_failure")
    try store.connection.execute("DROP TABLE finding_column")
    try store.connection.execute("DROP TABLE finding")
    try store.connection.execute("DROP TABLE team_key")
    try store.connection.execute("DROP TABLE approval")
    try store.connection.execute("DROP TRIGGER recording_heard_scope_update")
    try store.connection.execute("DROP TABLE desk_settings")
    for table in ["heard_phrase_fts", "heard_phrase", "utterance", "hearing"] {
      try store.connection.execute("DROP TABLE \(table)")
    }
    try store.connection.execute("PRAGMA user_version = 20")
    try store.close()
    let upgraded = try Store.open(at: path, access: .write)
    defer { try? upgraded.close() }
    #expect(try upgraded.connection.userVersion == Schema.migrations.last?.version)
    let positions = try upgraded.connection.query(
      "SELECT criterion, position FROM criteria_related_criterion ORDER BY rowid"
    ).map { "\($0.string("criterion") ?? "") \($0.int("position").map(String.init) ?? "none")" }
    #expect(positions == ["1.3.1 1", "4.1.2 2", "2.4.3 3", "1.4.1 4"])
    #expect(try upgraded.wcagCrossCheck().first?.listed == listed)
  }
}
