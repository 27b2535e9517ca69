import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

@Suite struct AuditLogTests {
  private func storeWithEvents(_ count: Int) throws -> (TemporaryFolder, Store) {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    try store.connection.transaction {
      for index in 0..<count {
        try AuditLog.append(
          store.connection, actor: "ana", action: "test.event", subject: "subject-\(index)",
          after: #"{"n":\#(index)}"#)
      }
    }
    return (folder, store)
  }

  @Test func eventsChainFromTheGenesisHash() throws {
    let (_, store) = try storeWithEvents(3)
    let rows = try store.connection.query("SELECT * FROM audit_event ORDER BY id")
    #expect(rows.count == 3)
    #expect(rows[0].string("previous_hash") == AuditEvent.genesisHash)
    #expect(rows[1].string("previous_hash") == rows[0].string("hash"))
    #expect(rows[2].string("previous_hash") == rows[1].string("hash"))
    let recomputed = AuditEvent.chainHash(
      previousHash: rows[1].string("hash") ?? "", id: 3, at: rows[2].string("at") ?? "",
      actor: "ana", action: "test.event", subject: "subject-2", before: nil, after: #"{"n":2}"#)
    #expect(recomputed == rows[2].string("hash"))
  }

  @Test func updatesAreRefusedByTrigger() throws {
    let (_, store) = try storeWithEvents(2)
    let error = #expect(throws: SQLiteError.self) {
      try store.connection.execute("UPDATE audit_event SET actor = ? WHERE id = ?", ["mallory", 1])
    }
    #expect(error?.isConstraintViolation == true)
    #expect(error?.message.contains("append-only") == true)
    #expect(
      try store.connection.first("SELECT actor FROM audit_event WHERE id = 1")?.string("actor") == "ana")
  }

  @Test func deletesAreRefusedByTrigger() throws {
    let (_, store) = try storeWithEvents(2)
    #expect(throws: SQLiteError.self) {
      try store.connection.execute("DELETE FROM audit_event WHERE id = ?", [2])
    }
    #expect(try store.connection.first("SELECT count(*) AS n FROM audit_event")?.int("n") == 2)
  }

  /// The chain hash is fixed by its layout, not by the code of the day: SHA-256 of each field
  /// preceded by its length and a colon (`-1:` for a missing one), in lowercase hex (the value
  /// here was computed outside Swift, with Python's hashlib).
  @Test func theHashIsTheDigestOfLengthPrefixedFieldsInLowercaseHex() {
    let hash = AuditEvent.chainHash(
      previousHash: String(repeating: "0", count: 64), id: 7, at: "2026-11-23T10:00:00Z", actor: "ana",
      action: "link", subject: "native/checkbox", before: nil, after: #"{"v":1}"#)
    #expect(hash == "fe852561b1f941bf8330d64ec3cd82fd76bb0ecbeb74ac1cbfcaefa150823ef3")
  }

  @Test func nullAndEmptyFieldsHashDifferently() {
    let withNull = AuditEvent.chainHash(
      previousHash: AuditEvent.genesisHash, id: 1, at: "t", actor: "a", action: "b", subject: "c",
      before: nil, after: "")
    let withEmpty = AuditEvent.chainHash(
      previousHash: AuditEvent.genesisHash, id: 1, at: "t", actor: "a", action: "b", subject: "c",
      before: "", after: "")
    #expect(withNull != withEmpty)
  }

  @Test func twoConnectionsWritingAtOnceBothSucceedAndTheChainHolds() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("exhibit.sqlite")
    try Store.open(at: path, access: .write).close()
    let perWriter = 150
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          let store = try Store.open(at: path, access: .write)
          for index in 0..<perWriter {
            try store.connection.transaction {
              try AuditLog.append(
                store.connection, actor: "writer-\(writer)", action: "test.event",
                subject: "\(writer)-\(index)")
            }
          }
          try store.close()
        }
      }
      try await group.waitForAll()
    }
    let store = try Store.open(at: path, access: .read)
    let rows = try store.connection.query("SELECT * FROM audit_event ORDER BY id")
    #expect(rows.count == 2 * perWriter)
    var previous = AuditEvent.genesisHash
    for row in rows {
      #expect(row.string("previous_hash") == previous)
      previous = row.string("hash") ?? ""
    }
  }
}
