import Foundation
import Testing

@testable import ExhibitKit

/// Tampering by hand, bypassing the triggers as someone with the file could, is found.
@Suite struct AuditChainTests {
  static func store() async throws -> SampleWorkspace {
    let workspace = try await SampleWorkspace.catalogued()
    for verdict in [Verdict.pass, .fail, .untested] {
      try workspace.store.link(
        LinkRequest(
          recording: workspace.path(SampleWorkspace.voiceOver), item: SampleWorkspace.role, verdict: verdict,
          auditor: "ana"))
    }
    #expect(try workspace.store.verifyAuditChain().valid)
    try workspace.store.connection.execute("DROP TRIGGER audit_event_no_update")
    try workspace.store.connection.execute("DROP TRIGGER audit_event_no_delete")
    try workspace.store.connection.execute("DROP TRIGGER audit_subject_no_delete")
    return workspace
  }

  @Test func anEditedEventIsNamed() async throws {
    let workspace = try await Self.store()
    try workspace.store.connection.execute("UPDATE audit_event SET actor = 'mallory' WHERE id = 3")
    let report = try workspace.store.verifyAuditChain()
    #expect(!report.valid)
    #expect(report.problems.first?.path == "audit_event:3")
    #expect(report.problems.first?.problem.contains("edited") == true)
  }

  @Test func aDeletedEventIsNamed() async throws {
    let workspace = try await Self.store()
    // Whoever deletes an event deletes its indexed subjects too, or the foreign key stops them.
    try workspace.store.connection.execute(
      "DELETE FROM audit_subject WHERE event_id = 4; DELETE FROM audit_event WHERE id = 4")
    let report = try workspace.store.verifyAuditChain()
    #expect(report.problems.first?.path == "audit_event:5")
    #expect(report.problems.first?.problem.contains("missing") == true)
  }

  @Test func anInsertedEventIsNamed() async throws {
    let workspace = try await Self.store()
    let last = try #require(
      try workspace.store.connection.first("SELECT max(id) AS id FROM audit_event")?.int64("id"))
    // A forged event with a well-formed hash of its own content, but not chained.
    let forged = AuditEvent.chainHash(
      previousHash: AuditEvent.genesisHash, id: last + 1, at: "2026-01-01T00:00:00.000Z", actor: "mallory",
      action: "link.create", subject: "link:99", before: nil, after: nil)
    try workspace.store.connection.execute(
      """
      INSERT INTO audit_event (id, at, actor, action, subject, previous_hash, hash)
      VALUES (?, '2026-01-01T00:00:00.000Z', 'mallory', 'link.create', 'link:99', ?, ?)
      """, [last + 1, AuditEvent.genesisHash, forged])
    let report = try workspace.store.verifyAuditChain()
    #expect(report.problems.first?.path == "audit_event:\(last + 1)")
    #expect(report.problems.first?.problem.contains("previous_hash") == true)
  }

  @Test func aRewrittenHashIsNamed() async throws {
    let workspace = try await Self.store()
    try workspace.store.connection.execute(
      "UPDATE audit_event SET hash = ? WHERE id = 2", [String(repeating: "f", count: 64)])
    let report = try workspace.store.verifyAuditChain()
    #expect(report.problems.first?.path == "audit_event:2")
  }

  @Test func twoWritersAtOnceBothSucceedAndTheChainHolds() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let path = workspace.folder.path("exhibit.sqlite")
    let recording = workspace.path(SampleWorkspace.voiceOver)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          let store = try Store.open(at: path, access: .write)
          for index in 0..<20 {
            try store.link(
              LinkRequest(
                recording: recording, item: SampleWorkspace.state,
                verdict: index % 2 == 0 ? .pass : .untested,
                auditor: "writer-\(writer)", note: "take \(index)"))
          }
          try store.close()
        }
      }
      try await group.waitForAll()
    }
    #expect(try workspace.count("SELECT count(*) AS n FROM evidence_link") == 40)
    let report = try workspace.store.verifyAuditChain()
    #expect(report.valid, "\(report.problems)")
  }
}
