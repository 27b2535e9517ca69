import ExhibitKit
import ExhibitPostgres
import Foundation
import Testing

/// The audit trail's seam, the same operations with the same inputs on SQLite and on PostgreSQL:
/// every test runs on both, and a test that holds on one and not the other fails.
@Suite struct AuditTrailContractTests {
  /// Entries with fixed times, covering what the hashed text must keep apart: null and empty
  /// fields, text beyond ASCII, JSON with subjects to index.
  static let entries: [AuditEntry] = [
    AuditEntry(
      actor: "Ana", action: "criteria.import", subject: "native/checkbox", after: #"{"revision":1}"#,
      at: Date(timeIntervalSince1970: 1_790_000_000.125)),
    AuditEntry(
      actor: "Ana", action: "recording.catalog", subject: "recording:" + String(repeating: "ab", count: 32),
      before: nil, after: "", at: Date(timeIntervalSince1970: 1_790_000_001)),
    AuditEntry(
      actor: "Zoë Ødegård", action: "link.create", subject: "link:1",
      after: #"{"item":"native/checkbox#screenreader.role","recording":"abababab","verdict":"pass"}"#,
      at: Date(timeIntervalSince1970: 1_790_000_002.5)),
    AuditEntry(
      actor: "Zoë Ødegård", action: "link.retract", subject: "link:1", before: #"{"verdict":"pass"}"#,
      after: nil, at: Date(timeIntervalSince1970: 1_790_000_003)),
    AuditEntry(
      actor: "", action: "audit.open", subject: "audit:1", before: "", after: "{}",
      at: Date(timeIntervalSince1970: 1_790_000_004)),
  ]

  @Test(arguments: Backend.allCases)
  func appendsTheSameChainFromTheSameEntries(_ backend: Backend) async throws {
    let (appended, read, report) = try await withEmptyTrail(backend) { trail in
      var appended: [AuditEvent] = []
      for entry in Self.entries { appended.append(try await trail.appendAuditEvent(entry)) }
      return (appended, try await trail.auditEvents(), try await trail.verifyAuditChain())
    }
    // The chain any backend must make: ids from 1, each hashed after the one before.
    var expected: [AuditEvent] = []
    for entry in Self.entries {
      expected.append(
        entry.chained(id: Int64(expected.count + 1), after: expected.last?.hash ?? AuditEvent.genesisHash))
    }
    #expect(appended == expected)
    #expect(read == expected)
    #expect(report == AuditChainReport(events: 5, headHash: expected[4].hash, problems: []))
  }

  @Test(arguments: Backend.allCases)
  func findsTheEventsTouchingASubject(_ backend: Backend) async throws {
    let found = try await withEmptyTrail(backend) { trail in
      for entry in Self.entries { _ = try await trail.appendAuditEvent(entry) }
      return [
        try await trail.auditEvents(touching: ["link:1"]).map(\.id),
        try await trail.auditEvents(touching: ["audit:1", "native/checkbox"]).map(\.id),
        try await trail.auditEvents(touching: ["item:native/checkbox#screenreader.role"]).map(\.id),
        try await trail.auditEvents(touching: ["nothing:here"]).map(\.id),
        try await trail.auditEvents(touching: []).map(\.id),
      ]
    }
    #expect(found == [[3, 4], [1, 5], [3], [], []])
  }

  @Test(arguments: Backend.allCases)
  func anEmptyTrailVerifiesFromTheGenesisHash(_ backend: Backend) async throws {
    let report = try await withEmptyTrail(backend) { try await $0.verifyAuditChain() }
    #expect(report == AuditChainReport(events: 0, headHash: AuditEvent.genesisHash, problems: []))
  }
}
