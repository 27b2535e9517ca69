import Foundation

// Products, audits and rounds of testing: the registry (``AuditRegistry``) keeps them; the
// ledger carries and confirms verdicts (``EvidenceLedger``); comparisons and progress read both.

extension Store {
  /// Adds a product; audited.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func addProduct(name: String, platforms: [ProductPlatform], url: String? = nil, actor: String) throws
    -> Product
  {
    try auditOperations.addProduct(name: name, platforms: platforms, url: url, actor: actor)
  }

  /// Every product, by name, with its audits.
  /// - Throws: ``SQLiteError``.
  public func products() throws -> [Product] {
    try connection.reading { try auditOperations.products() }
  }

  /// Opens an audit of a product at a release. With `from`, a retest: every live verdict of that
  /// earlier audit (of the same product) comes along as carried, in the same transaction.
  /// - Returns: The audit and how many verdicts were carried.
  /// - Throws: ``AuditError`` naming what was given, or ``SQLiteError``; nothing is written then.
  public func newAudit(
    product: String, release: String, from: String? = nil, scope: [String] = [],
    platforms: [ProductPlatform] = [],
    actor: String
  ) throws -> (audit: Audit, carried: Int) {
    try auditOperations.newAudit(
      product: product, release: release, from: from, scope: scope, platforms: platforms, actor: actor)
  }

  /// Audits, oldest first: all, or one product's.
  /// - Throws: ``AuditError/unknownProduct(_:)`` or ``SQLiteError``.
  public func audits(product: String? = nil) throws -> [Audit] {
    try connection.reading { try auditOperations.audits(product: product) }
  }

  /// The audit a command works in: the one named (id, `PRODUCT@RELEASE` or name), else the one
  /// in use, else the only open one, else the newest; nil in a workspace without audits.
  /// - Throws: ``AuditError``.
  public func currentAudit(_ name: String? = nil) throws -> Audit? {
    try connection.reading { try auditOperations.currentAudit(name) }
  }

  /// The audit in use, when one was chosen with ``useAudit(_:)``.
  /// - Throws: ``SQLiteError``.
  public func auditInUse() throws -> Int64? {
    try auditOperations.auditInUse()
  }

  /// Makes an audit the one later commands work in.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  @discardableResult
  public func useAudit(_ name: String) throws -> Audit {
    try auditOperations.useAudit(name)
  }

  /// Closes an audit: read-only from then on; audited with the chain's head hash.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func closeAudit(_ name: String, actor: String) throws -> Audit {
    try operations.closeAudit(name, actor: actor)
  }

  /// Changes an open audit's components and platforms; audited.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func setAuditScope(_ name: String, scope: [String], platforms: [ProductPlatform], actor: String)
    throws
    -> Audit
  {
    try auditOperations.setAuditScope(name, scope: scope, platforms: platforms, actor: actor)
  }

  /// Files an audit under another product or release; audited.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func renameAudit(_ name: String, product: String?, release: String?, actor: String) throws -> Audit {
    try auditOperations.renameAudit(name, product: product, release: release, actor: actor)
  }

  /// An audit with its tallies and its progress matrix (``AuditProgress``).
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func auditProgress(_ name: String? = nil) throws -> AuditProgress {
    try connection.reading { try auditOperations.auditProgress(name) }
  }

  /// What changed between two audits, per component, platform, screen reader and item.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func compareAudits(_ old: String, _ new: String, component: String? = nil, platform: Platform? = nil)
    throws -> AuditComparison
  {
    try connection.reading {
      try operations.compareAudits(old, new, component: component, platform: platform)
    }
  }

  /// Confirms an item's carried verdicts in a retest: they become this round's, by `actor`.
  /// - Throws: ``AuditError`` or ``SQLiteError``.
  public func confirmCarried(
    _ item: String, audit: String? = nil, column: CarriedColumn = CarriedColumn(), note: String? = nil,
    actor: String
  ) throws -> [EvidenceLink] {
    try auditOperations.confirmCarried(item, audit: audit, column: column, note: note, actor: actor)
  }
}
