import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Products, audits and rounds on the sample workspace: a closed round is read-only, a retest
/// carries verdicts that count until confirmed, retested or retracted, and a comparison names
/// what changed.
@Suite struct AuditRoundTests {
  /// The catalogued sample with a product and an open audit 1.0 in use.
  static func firstRound() async throws -> SampleWorkspace {
    let workspace = try await SampleWorkspace.searchable()
    _ = try workspace.store.addProduct(name: "Acme App", platforms: [.ios, .android], actor: "ana")
    let (audit, carried) = try workspace.store.newAudit(product: "Acme App", release: "1.0", actor: "ana")
    #expect(audit.id == 1 && carried == 0 && audit.state == .open)
    return workspace
  }

  @Test func aClosedAuditRefusesLinksAndWritesNothing() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail, from: 1, to: 3))
    let closed = try store.closeAudit("Acme App@1.0", actor: "ana")
    #expect(closed.state == .closed && closed.closedBy == "ana")
    let links = try workspace.count("SELECT count(*) AS n FROM evidence_link")
    let events = try workspace.count("SELECT count(*) AS n FROM audit_event")
    #expect(throws: AuditError.closed(closed.identity)) {
      try store.link(workspace.linkRequest(SampleWorkspace.role, .pass))
    }
    #expect(throws: AuditError.closed(closed.identity)) { try store.unlink(1, reason: "oops", actor: "ana") }
    #expect(throws: AuditError.closed(closed.identity)) { try store.closeAudit("1", actor: "ana") }
    #expect(try workspace.count("SELECT count(*) AS n FROM evidence_link") == links)
    #expect(try workspace.count("SELECT count(*) AS n FROM audit_event") == events)
    // The close carries the chain's head before it.
    let close = try #require(try store.history("audit:1").last)
    #expect(close.action == "audit.close")
    #expect(close.after?.contains(try #require(try store.history().dropLast().last?.hash)) == true)
    #expect(try store.verifyWorkspace().problems == [])
  }

  @Test func badNamesAreRefusedNamingWhatWasGiven() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    let events = try workspace.count("SELECT count(*) AS n FROM audit_event")
    #expect(throws: AuditError.unknownProduct("Nope")) {
      try store.newAudit(product: "Nope", release: "1", actor: "a")
    }
    #expect(throws: AuditError.releaseExists(product: "Acme App", release: "1.0", audit: 1)) {
      try store.newAudit(product: "acme app", release: "1.0", actor: "a")
    }
    #expect(throws: AuditError.unknownScope("native/nothing")) {
      try store.newAudit(product: "Acme App", release: "2", scope: ["native/nothing"], actor: "a")
    }
    _ = try store.addProduct(name: "Other", platforms: [.web], actor: "a")
    #expect(throws: AuditError.self) {
      try store.newAudit(product: "Other", release: "1", from: "1", actor: "a")
    }
    #expect(throws: AuditError.productExists("ACME APP")) {
      try store.addProduct(name: "ACME APP", platforms: [], actor: "a")
    }
    #expect(throws: AuditError.unknownAudit("Acme App@9")) { try store.currentAudit("Acme App@9") }
    // Only the product "Other" was written.
    #expect(try workspace.count("SELECT count(*) AS n FROM audit_event") == events + 1)
    #expect(try store.audits().count == 1)
  }

  @Test func aRetestCarriesVerdictsUntilTheyAreJudgedAgain() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    let role = try store.link(workspace.linkRequest(SampleWorkspace.role, .pass, from: 0.4, to: 5.2))
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail, from: 1, to: 3))
    _ = try store.link(
      workspace.linkRequest(SampleWorkspace.state, .fail, from: 0.4, to: 5, file: SampleWorkspace.talkBack))
    _ = try store.closeAudit("1", actor: "ana")
    let (retest, carried) = try store.newAudit(
      product: "Acme App", release: "1.1", from: "Acme App@1.0", actor: "ben")
    #expect(carried == 3 && retest.from?.id == 1)
    try store.useAudit("2")

    // Everything is carried: it counts (the fails are still open) and says so.
    var coverage = try store.coverage(#require(ComponentID("native/checkbox")))
    #expect(coverage.tally.fail == 1 && coverage.tally.carried == 2)
    let stateItem = try #require(coverage.items.first { $0.key.description == SampleWorkspace.state })
    #expect(stateItem.carried && stateItem.verdict == .fail)

    // New evidence on iOS supersedes the carried iOS verdict; Android stays carried.
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .pass, from: 1, to: 3))
    coverage = try store.coverage(#require(ComponentID("native/checkbox")))
    let state = try #require(coverage.items.first { $0.key.description == SampleWorkspace.state })
    #expect(state.cells.first { $0.platform == .ios }?.verdict == .pass)
    #expect(state.cells.first { $0.platform == .ios }?.carried == false)
    #expect(state.cells.first { $0.platform == .android }?.carried == true)
    #expect(!state.carried && state.verdict == .fail)

    // Confirming makes the role this round's, by the confirming auditor.
    let confirmed = try store.confirmCarried(SampleWorkspace.role, note: "still says checkbox", actor: "ben")
    #expect(confirmed.count == 1 && confirmed[0].auditor == "ben" && confirmed[0].verdict == .pass)
    #expect(confirmed[0].confirmedFrom != nil && confirmed[0].carriedFrom == nil && confirmed[0].audit == 2)
    let current = try #require(try store.currentAudit("2"))
    #expect(throws: AuditError.notCarried(item: SampleWorkspace.role, audit: current.identity)) {
      try store.confirmCarried(SampleWorkspace.role, actor: "ben")
    }
    // The first round is untouched.
    #expect(try store.evidenceLink(role.id).retractedAt == nil)

    let comparison = try store.compareAudits("1", "2")
    let rows = comparison.rows.map { "\($0.platform.rawValue) \($0.item.name) \($0.change.rawValue)" }
    #expect(
      rows == [
        "android screenreader.state carried", "ios screenreader.role unchanged-pass",
        "ios screenreader.state fixed",
      ])
    #expect(comparison.old.state == .closed && comparison.new.state == .open)
    // The hand-written JSON is what Foundation's encoder writes, as the CLI configures it.
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    #expect(comparison.prettyJSON == String(decoding: try encoder.encode(comparison), as: UTF8.self))
    #expect(try store.verifyWorkspace().problems == [])
  }

  @Test func aLinkForgedIntoAClosedAuditIsNamedByVerify() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    _ = try store.link(workspace.linkRequest(SampleWorkspace.state, .fail, from: 1, to: 3))
    _ = try store.closeAudit("1", actor: "ana")
    // Behind Exhibit's back: the trigger dropped, a chained event and a row for a late pass.
    let connection = store.connection
    try connection.execute("DROP TRIGGER evidence_link_into_open_audit")
    try connection.execute(
      """
      INSERT INTO evidence_link (recording_id, item_id, verdict, auditor, created_at, audit_id)
      SELECT recording_id, item_id, 'pass', 'mallory', created_at, audit_id FROM evidence_link WHERE id = 1
      """)
    let id = connection.lastInsertRowID
    let sha = try #require(try store.evidenceLink(1).recordingSHA256)
    try AuditLog.append(
      connection, actor: "mallory", action: "link.create", subject: "link:\(id)",
      after: AuditJSON.object([
        "recording": sha, "item": SampleWorkspace.state, "verdict": "pass", "note": "", "audit": "1",
        "platform_override": "false", "component_override": "false",
      ]))
    let problems = try store.verifyWorkspace().problems
    #expect(
      problems.contains { $0.problem.contains("adds link \(id) to audit 1 after that audit was closed") })
  }

  @Test func aNewCriteriaRevisionLeavesAClosedAuditsVerdictsWhereTheyWere() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    let closed = try store.link(workspace.linkRequest(SampleWorkspace.role, .pass, from: 0.4, to: 5.2))
    _ = try store.closeAudit("1", actor: "ana")
    _ = try store.newAudit(product: "Acme App", release: "1.1", from: "1", actor: "ana")
    let original = try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8)
    _ = try store.importCriteria(
      [
        try CriteriaFixtures.document(
          text: original + "\nA changed last line.\n", path: CriteriaFixtures.sampleMarkdown.path)
      ],
      actor: "ana")
    // The closed round keeps its link on revision 1; the retest's carried link moved to revision 2.
    #expect(try store.evidenceLink(closed.id).retractedAt == nil)
    #expect(try store.evidenceLink(closed.id).revision == 1)
    let carried = try #require(
      try store.coverage(#require(ComponentID("native/checkbox")), audit: "2").items.first {
        $0.key.description == SampleWorkspace.role
      })
    #expect(carried.carried && carried.verdict == .pass)
    #expect(try store.verifyWorkspace().problems == [])
  }

  @Test func theScopeChangesOnlyWhileOpenAndIsAudited() async throws {
    let workspace = try await Self.firstRound()
    let store = workspace.store
    #expect(throws: AuditError.unknownScope("web/nothing")) {
      try store.setAuditScope("1", scope: ["web/nothing"], platforms: [], actor: "ana")
    }
    let narrowed = try store.setAuditScope("1", scope: ["native/checkbox"], platforms: [.ios], actor: "ana")
    #expect(narrowed.scope == ["native/checkbox"] && narrowed.platforms == [.ios])
    let progress = try store.auditProgress("1")
    #expect(progress.rows.map(\.component.description) == ["native/checkbox"])
    #expect(Set(progress.columns.map(\.platform)) == [.ios])
    #expect(try store.history("audit:1").last?.action == "audit.scope")
    _ = try store.closeAudit("1", actor: "ana")
    #expect(throws: AuditError.self) { try store.setAuditScope("1", scope: [], platforms: [], actor: "ana") }
  }

  @Test func theCountersBucketIsTheStandingsBucket() {
    let choices: [CombinedVerdict?] = [nil] + CombinedVerdict.allCases.map { $0 }
    var columnsSets: [[CombinedVerdict?]] = [[]]
    for _ in 0..<3 { columnsSets += columnsSets.flatMap { set in choices.map { set + [$0] } } }
    for columns in columnsSets {
      for notApplicable in [false, true] {
        var counter = ItemStanding.Counter(notApplicable: notApplicable)
        for verdict in columns { counter.add(verdict) }
        #expect(
          counter.bucket == ItemStanding(notApplicable: notApplicable, columns: columns).bucket, "\(columns)")
      }
    }
  }

  @Test func theEnvironmentIsReadFromWhatTheAuditorTyped() {
    let environment = LinkEnvironment(describing: "iOS 17.4, VoiceOver, iPhone 13")
    #expect(environment.os == "iOS" && environment.osVersion == "17.4")
    #expect(environment.assistiveTech == "VoiceOver" && environment.assistiveTechVersion == nil)
    #expect(environment.device == "iPhone 13")
    let windows = LinkEnvironment(describing: "Windows 11, NVDA 2024.1, Chrome 126")
    #expect(windows.summary == "NVDA 2024.1, Windows 11, Chrome 126")
    #expect(LinkEnvironment(stored: windows.stored) == windows)
    #expect(LinkEnvironment(describing: "").isEmpty)
    #expect(
      LinkEnvironment(assistiveTech: "TalkBack", os: "Android", osVersion: "Android 14").summary
        == "TalkBack, Android 14")
  }
}
