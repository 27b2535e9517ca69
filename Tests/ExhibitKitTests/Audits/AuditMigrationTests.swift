import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A workspace made by release 0.7.0 at schema 16 (`Fixtures/databases/schema-16-before-audits.sqlite`):
/// the sample criteria and media, five links by ana and ben (a pass and a fail on iOS, a pass on
/// Android, a web fail) and one of them retracted. Schema 17 puts every link in one audit.
@Suite struct AuditMigrationTests {
  @Test func everyLinkVerdictAndRetractionMovesIntoOneAuditAndTheChainHolds() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("acme-workspace/Database"), withIntermediateDirectories: true)
    let database = folder.path("acme-workspace/Database/exhibit.sqlite")
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent(
        "Tests/ExhibitKitTests/Fixtures/databases/schema-16-before-audits.sqlite"),
      to: URL(fileURLWithPath: database))
    let raw = try Connection(path: database, mode: .readWrite)
    #expect(try raw.userVersion == 16)
    let before = try raw.query(
      "SELECT id, verdict, auditor, note, retracted_at, retraction_reason FROM evidence_link ORDER BY id"
    )
    .map {
      "\($0.int64("id") ?? 0) \($0.string("verdict") ?? "") \($0.string("auditor") ?? "") \($0.string("note") ?? "") \($0.string("retraction_reason") ?? "-")"
    }
    let eventsBefore = try raw.query("SELECT hash FROM audit_event ORDER BY id").map {
      $0.string("hash") ?? ""
    }
    try raw.close()
    #expect(before.count == 5)

    let store = try Store.open(at: database, access: .write)
    defer { try? store.close() }
    let after = try store.connection.query(
      "SELECT id, verdict, auditor, note, retracted_at, retraction_reason, audit_id FROM evidence_link ORDER BY id"
    )
    #expect(
      after.map {
        "\($0.int64("id") ?? 0) \($0.string("verdict") ?? "") \($0.string("auditor") ?? "") \($0.string("note") ?? "") \($0.string("retraction_reason") ?? "-")"
      } == before)
    #expect(after.allSatisfy { $0.int64("audit_id") == 1 })
    let audit = try #require(try store.currentAudit())
    #expect(audit.product == "unnamed" && audit.release == "unknown" && audit.state == .open)
    #expect(audit.name == "acme-workspace")
    // The earlier events are kept as they were, and two are added: the product and its audit.
    let events = try store.history()
    #expect(Array(events.prefix(eventsBefore.count).map(\.hash)) == eventsBefore)
    #expect(events.dropFirst(eventsBefore.count).map(\.action) == ["product.create", "audit.create"])
    #expect(try store.verifyAuditChain().valid)
    #expect(try store.verifyWorkspace().problems == [])
    // Coverage reads the migrated audit as before.
    let coverage = try store.coverage(#require(ComponentID("native/checkbox")))
    #expect(coverage.tally.fail == 1)

    // Renamed later, under a real product; still verifying.
    _ = try store.addProduct(name: "Acme", platforms: [.ios, .android, .web], actor: "ana")
    let renamed = try store.renameAudit("1", product: "Acme", release: "3.13", actor: "ana")
    #expect(renamed.identity.handle == "Acme@3.13")
    #expect(try store.verifyWorkspace().problems == [])
  }
}
