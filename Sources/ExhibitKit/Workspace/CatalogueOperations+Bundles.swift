import ExhibitStorage
import Foundation

// Bundles and verification over one connection, whichever engine's: the checks a bundle rests on,
// its contents, the checks `verify` runs on every engine, and the catalogue a bag is checked
// against. A bundle on PostgreSQL reads the component's rows in one read-only snapshot through
// this code, as a SQLite workspace's bundle does, and copies nothing first.

extension CatalogueOperations {
  /// The audit trail's word on the catalogue, read in one snapshot: the chain's problems, and
  /// the evidence replayed from a whole chain (``EvidenceReplay``), both from one read of the
  /// trail. An audit's bags are all checked against one, read once.
  /// - Throws: The engine's error.
  func trailCheck() throws -> TrailCheck {
    try sql.reading {
      let events = try AuditTrail(connection: sql).events()
      let chain = AuditTrail.walk(events).problems
      return TrailCheck(chain: chain, replay: chain.isEmpty ? EvidenceReplay(events: events) : nil)
    }
  }

  /// What `bundle` checks before it writes anything: the audit chain, and that the component's
  /// rows hold what the trail records (``EvidenceReplay`` over a ``ReplayScope``).
  /// - Parameters:
  ///   - component: The component to be bundled.
  ///   - trail: The trail's check when the caller read it already in this snapshot (an audit's
  ///     bags, one read for all); nil reads it here.
  /// - Throws: ``BundleError/untrustworthyWorkspace(problems:)`` naming every problem, or the
  ///   engine's error.
  func checkBeforeBundling(_ component: ComponentID, trail: TrailCheck? = nil) throws {
    let problems = try sql.reading {
      let trail = try trail ?? trailCheck()
      guard let replay = trail.replay else { return trail.chain }
      return try replay.disagreements(in: sql, scope: ReplayScope(component: component))
    }
    if !problems.isEmpty {
      throw BundleError.untrustworthyWorkspace(problems: problems.map { "\($0.path): \($0.problem)" })
    }
  }

  /// What a bundle of a component (`family/slug` or a bare slug) on a platform holds
  /// (``BundleGathering``), in one snapshot.
  /// - Returns: The contents.
  /// - Throws: ``LookupError``, ``BundleError``, ``AuditError`` or the engine's error.
  func bundleContents(
    component name: String, platform: Platform, date: String, tested: BundleContents.TestedProduct,
    audit: String?
  ) throws -> BundleContents {
    try sql.reading {
      try bundleContents(
        component: try resolveComponent(name), platform: platform, date: date, tested: tested, audit: audit)
    }
  }

  /// What a bundle of a component already resolved holds (``BundleGathering``), in one snapshot.
  /// - Returns: The contents.
  /// - Throws: ``BundleError``, ``AuditError`` or the engine's error.
  func bundleContents(
    component: ComponentID, platform: Platform, date: String, tested: BundleContents.TestedProduct,
    audit: String?
  ) throws -> BundleContents {
    try sql.reading {
      try BundleGathering(connection: sql).bundleContents(
        component: component, platform: platform, date: date, tested: tested,
        audit: try AuditRegistry(connection: sql).current(audit))
    }
  }

  /// The checks `verify` runs on every engine: the audit chain, the index of the subjects each
  /// event touches, and that the tables hold what the trail records (``EvidenceReplay``), in one
  /// snapshot.
  /// - Parameters:
  ///   - storageChecks: The engine's own checks of its storage (SQLite's integrity and foreign
  ///     keys), run in the same snapshot after the chain's.
  ///   - cacheChecks: The engine's checks of what it keeps beside the evidence (SQLite's search
  ///     cache), run last.
  /// - Returns: The chain's report with every problem found.
  /// - Throws: The engine's error.
  func verifyTrailAndTables(
    storageChecks: () throws -> [AuditChainReport.Problem] = { [] },
    cacheChecks: () throws -> [AuditChainReport.Problem] = { [] }
  ) throws -> AuditChainReport {
    try sql.reading {
      let trail = AuditTrail(connection: sql)
      // The trail read once, for the chain's walk and the evidence's replay.
      let events = try trail.events()
      let chain = AuditTrail.walk(events)
      var problems = chain.problems
      problems += try storageChecks()
      problems += try trail.subjectIndexProblems()
      problems += try EvidenceReplay(events: events).disagreements(in: sql)
      problems += try FindingReplay(sql).disagreements(in: sql)
      problems += try TeamKeyLedger(connection: sql).disagreements()
      problems += try ApprovalLedger(connection: sql).disagreements()
      problems += try cacheChecks()
      return AuditChainReport(events: chain.events, headHash: chain.headHash, problems: problems)
    }
  }

  /// This catalogue as the workspace a bag is checked against: its audit trail and its components.
  /// - Parameters:
  ///   - name: The database's path, or a server's URL without its password, named in problems.
  ///   - keyPath: The signing key its bags are signed with.
  /// - Returns: The workspace to check against, usable while this connection is.
  func bagWorkspace(named name: String, keyPath: String) -> BagWorkspace {
    BagWorkspace(
      path: name, keyPath: keyPath, auditTrail: AuditTrail(connection: sql),
      components: ComponentDirectory(connection: sql), keys: TeamKeyLedger(connection: sql))
  }
}

/// The audit trail's word on a catalogue in one snapshot (``CatalogueOperations/trailCheck()``).
struct TrailCheck {
  /// The chain's problems; empty for a whole chain.
  let chain: [AuditChainReport.Problem]
  /// The evidence the whole chain records; nil when the chain is broken, which vouches for nothing.
  let replay: EvidenceReplay?
}
