import ExhibitStorage

/// Products, audits and rounds of testing as every backend runs them: the registry
/// (``AuditRegistry``) and the ledger (``EvidenceLedger``) over one connection (``CatalogueSQL``),
/// SQLite's or PostgreSQL's, so what an audit command decides and writes is decided by one copy
/// of the code.
package struct AuditOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  private var registry: AuditRegistry { AuditRegistry(connection: sql) }
  private var ledger: EvidenceLedger { EvidenceLedger(connection: sql) }

  /// Adds a product; audited (``AuditRegistry/addProduct(name:platforms:url:actor:)``).
  /// - Throws: ``AuditError`` or the backend's error.
  package func addProduct(name: String, platforms: [ProductPlatform], url: String?, actor: String) throws
    -> Product
  {
    try registry.addProduct(name: name, platforms: platforms, url: url, actor: actor)
  }

  /// Every product, by name, with its audits.
  /// - Throws: The backend's error.
  package func products() throws -> [Product] { try registry.products() }

  /// Opens an audit of a product at a release; a retest (`from`) carries every live verdict of
  /// that earlier audit along, in the same transaction.
  /// - Returns: The audit and how many verdicts were carried.
  /// - Throws: ``AuditError`` naming what was given, or the backend's error; nothing is written then.
  package func newAudit(
    product: String, release: String, from: String?, scope: [String], platforms: [ProductPlatform],
    actor: String
  ) throws -> (audit: Audit, carried: Int) {
    try sql.transaction {
      let audit = try registry.newAudit(
        .init(product: product, release: release, from: from, scope: scope, platforms: platforms),
        actor: actor)
      guard let from = audit.from else { return (audit, 0) }
      let carried = try ledger.carryVerdicts(from: try registry.audit(from.id), into: audit, actor: actor)
      return (audit, carried)
    }
  }

  /// Audits, oldest first: all, or one product's.
  /// - Throws: ``AuditError/unknownProduct(_:)`` or the backend's error.
  package func audits(product: String?) throws -> [Audit] { try registry.audits(product: product) }

  /// The audit a command works in (``AuditRegistry/current(_:)``); nil when there is none.
  /// - Throws: ``AuditError``.
  package func currentAudit(_ name: String?) throws -> Audit? { try registry.current(name) }

  /// The audit a user names: its id, `PRODUCT@RELEASE`, its name, or a release only one audit has.
  /// - Throws: ``AuditError/unknownAudit(_:)`` or ``AuditError/ambiguousAudit(_:choices:)``.
  package func resolveAudit(_ name: String) throws -> Audit { try registry.resolve(name) }

  /// The audit in use, when one was chosen.
  /// - Throws: The backend's error.
  package func auditInUse() throws -> Int64? { try registry.inUse() }

  /// Makes an audit the one later commands work in.
  /// - Throws: ``AuditError`` or the backend's error.
  package func useAudit(_ name: String) throws -> Audit {
    try sql.transaction {
      let audit = try registry.resolve(name)
      try registry.use(audit)
      return audit
    }
  }

  /// Closes an audit; audited with the chain's head hash.
  /// - Throws: ``AuditError`` or the backend's error.
  package func closeAudit(_ name: String, actor: String) throws -> Audit {
    try registry.close(try registry.resolve(name), actor: actor)
  }

  /// Changes an open audit's components and platforms; audited.
  /// - Throws: ``AuditError`` or the backend's error.
  package func setAuditScope(_ name: String, scope: [String], platforms: [ProductPlatform], actor: String)
    throws -> Audit
  {
    try registry.setScope(try registry.resolve(name), scope: scope, platforms: platforms, actor: actor)
  }

  /// Files an audit under another product or release; audited.
  /// - Throws: ``AuditError`` or the backend's error.
  package func renameAudit(_ name: String, product: String?, release: String?, actor: String) throws -> Audit
  {
    try registry.rename(try registry.resolve(name), product: product, release: release, actor: actor)
  }

  /// An audit with its tallies and its progress matrix.
  /// - Throws: ``AuditError`` or the backend's error.
  package func auditProgress(_ name: String?) throws -> AuditProgress {
    guard let audit = try registry.current(name) else { throw AuditError.unknownAudit(name ?? "(none)") }
    return try AuditProgressQuery(connection: sql).progress(of: audit)
  }

  /// What changed between two audits, per component, platform, screen reader and item.
  /// - Throws: ``AuditError``, ``LookupError`` or the backend's error.
  package func compareAudits(_ old: String, _ new: String, component: String?, platform: Platform?) throws
    -> AuditComparison
  {
    let component = try component.map { try ComponentDirectory(connection: sql).resolve($0) }
    return try AuditComparisonQuery(connection: sql).compare(
      try registry.resolve(old), try registry.resolve(new), component: component, platform: platform)
  }

  /// Confirms an item's carried verdicts in a retest: they become this round's, by `actor`.
  /// - Throws: ``AuditError`` or the backend's error.
  package func confirmCarried(
    _ item: String, audit: String?, column: CarriedColumn = CarriedColumn(), note: String?, actor: String
  ) throws -> [EvidenceLink] {
    try sql.transaction {
      guard let audit = try registry.current(audit) else { throw AuditError.unknownAudit(audit ?? "(none)") }
      return try ledger.confirmCarried(item, in: audit, column: column, note: note, actor: actor)
    }
  }
}
