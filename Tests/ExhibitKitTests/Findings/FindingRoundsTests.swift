import ExhibitModel
import ExhibitSQLite
import Foundation
import Testing

@testable import ExhibitKit

/// Findings on the sample workspace, through the library: a fail opens one with the link behind
/// it and a frame, a retest's pass verifies it with the same number, a later fail regresses it,
/// a retracted fail withdraws it, and `verify` replays them all.
@Suite struct FindingRoundsTests {
  /// The sample catalogued, a product and its audit 1.0 in use.
  static func firstRound() async throws -> SampleWorkspace {
    let workspace = try await SampleWorkspace.catalogued()
    _ = try workspace.store.addProduct(name: "Acme App", platforms: [.ios, .android], actor: "ana")
    _ = try workspace.store.newAudit(product: "Acme App", release: "1.0", actor: "ana")
    return workspace
  }

  private static func findings(
    _ workspace: SampleWorkspace, audit: String? = nil, _ filter: FindingFilter = .init()
  )
    throws -> [Finding]
  {
    try FindingOperations(sql: workspace.store.connection).findings(
      audit: audit, filter: filter, actor: "ana"
    )
    .findings
  }

  @Test func aFailOpensAFindingThatRoundsFollow() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    let fail = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail, from: 1, to: 3))
    _ = try store.link(workspace.linkRequest(SampleWorkspace.role, .pass))
    let opened = try Self.findings(workspace)
    #expect(opened.count == 1)
    let finding = try #require(opened.first)
    #expect(finding.reference == "F-1" && finding.status == .open && finding.severity == .serious)
    #expect(finding.items.map(\.description) == [SampleWorkspace.state])
    #expect(finding.platform == .ios && finding.assistiveTech == "voiceover")
    #expect(finding.links == [fail.id] && finding.wcag == ["4.1.2"])
    #expect(finding.frame?.atSeconds == 1 && finding.frame?.link == fail.id)
    // The frame it names decodes.
    let frame = try #require(finding.frame)
    let still = try FrameDecoder().frame(of: frame.recording, atSeconds: frame.atSeconds)
    #expect(still.width == 320)
    // A retest: the carried fail says nothing; a pass verifies it, keeping its number.
    _ = try store.closeAudit("Acme App@1.0", actor: "ana")
    _ = try store.newAudit(product: "Acme App", release: "1.1", from: "Acme App@1.0", actor: "ana")
    #expect(try Self.findings(workspace).map(\.status) == [.open])
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .pass, from: 1, to: 3))
    let verified = try Self.findings(workspace)
    #expect(verified.map(\.reference) == ["F-1"] && verified.map(\.status) == [.verified])
    #expect(verified.first?.statusRound == 2)
    // A third round fails it again: regressed, still F-1.
    _ = try store.closeAudit("Acme App@1.1", actor: "ana")
    _ = try store.newAudit(product: "Acme App", release: "1.2", from: "Acme App@1.1", actor: "ana")
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail, from: 2, to: 4))
    let regressed = try Self.findings(workspace)
    #expect(regressed.map(\.reference) == ["F-1"] && regressed.map(\.status) == [.regressed])
    #expect(regressed.first?.links.count == 2)
    // The first round's list shows F-1 too, as it stands now.
    #expect(try Self.findings(workspace, audit: "Acme App@1.0").map(\.status) == [.regressed])
    let detail = try FindingOperations(sql: store.connection).detail("F-1")
    #expect(detail.evidence.map(\.verdict) == [.fail, .pass, .fail])
    #expect(detail.expected.first?.expectation.isEmpty == false)
    #expect(try store.verifyWorkspace().problems == [])
    let events = try store.history("F-1").map(\.action)
    #expect(events == ["finding.open", "finding.status", "finding.status"])
  }

  @Test func aRetractedFailWithdrawsItsFindingAndAFailAgainReopensIt() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    let fail = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail))
    #expect(try Self.findings(workspace).map(\.status) == [.open])
    _ = try store.unlink(fail.id, reason: "wrong item", actor: "ana")
    #expect(try Self.findings(workspace).isEmpty, "withdrawn findings are listed only when asked for")
    #expect(try Self.findings(workspace, FindingFilter(status: .withdrawn)).map(\.reference) == ["F-1"])
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail))
    #expect(try Self.findings(workspace).map(\.status) == [.open])
    #expect(try store.verifyWorkspace().problems == [])
  }

  @Test func auditorsSetAndMergeFindingsAndVerifyNamesATamperedRow() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail))
    _ = try store.link(workspace.linkRequest(SampleWorkspace.role, .fail, file: SampleWorkspace.talkBack))
    let operations = FindingOperations(sql: store.connection)
    #expect(try Self.findings(workspace).count == 2)
    #expect(throws: FindingError.reasonRequired("F-1")) {
      try operations.set("F-1", title: nil, severity: nil, status: .accepted, reason: " ", actor: "lead")
    }
    #expect(throws: FindingError.statusNotSettable("verified")) {
      try operations.set("F-1", title: nil, severity: nil, status: .verified, reason: nil, actor: "lead")
    }
    let set = try operations.set(
      "F-1", title: "State is never announced", severity: .critical, status: .fixed, reason: "build 7",
      actor: "dev")
    #expect(set.title == "State is never announced" && set.severity == .critical && set.status == .fixed)
    let kept = try operations.merge("F-1", ["F-2"], actor: "ana")
    #expect(kept.columns.count == 2 && kept.items.count == 2)
    #expect(throws: FindingError.merged("F-2", into: "F-1")) {
      try operations.set("F-2", title: "x", severity: nil, status: nil, reason: nil, actor: "ana")
    }
    #expect(throws: FindingError.unknown("F-9")) { try operations.detail("F-9") }
    #expect(try store.verifyWorkspace().problems == [])
    try store.connection.execute("UPDATE finding SET severity = 'minor' WHERE id = 1")
    let problems = try store.verifyWorkspace().problems
    #expect(problems.map(\.path) == ["finding:1"])
    #expect(problems.first?.problem.contains("severity minor, the audit trail records critical") == true)
  }
}
