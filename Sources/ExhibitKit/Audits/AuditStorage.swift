import ExhibitModel

/// Where products and their audits are kept: the seam the SQLite workspace (``Store``) and the
/// PostgreSQL catalogue (ExhibitPostgres' `PostgresCatalogue`) implement. Both run
/// ``AuditOperations`` over their own connection, so the same requests give the same audits,
/// carried verdicts and audit events on either.
public protocol AuditStorage {
  /// Adds a product; audited as `product.create`.
  /// - Throws: ``AuditError`` (an empty or taken name), or the backend's error.
  func addProduct(name: String, platforms: [ProductPlatform], url: String?, actor: String) async throws
    -> Product

  /// Every product, by name, with its audits.
  /// - Throws: The backend's error.
  func products() async throws -> [Product]

  /// Opens an audit of a product at a release; with `from`, a retest that carries every live
  /// verdict of that earlier audit.
  /// - Returns: The audit and how many verdicts were carried.
  /// - Throws: ``AuditError`` naming what was given, or the backend's error; nothing is written then.
  func newAudit(
    product: String, release: String, from: String?, scope: [String], platforms: [ProductPlatform],
    actor: String
  ) async throws -> (audit: Audit, carried: Int)

  /// Audits, oldest first: all, or one product's.
  /// - Throws: ``AuditError/unknownProduct(_:)`` or the backend's error.
  func audits(product: String?) async throws -> [Audit]

  /// The audit a command works in: the one named, else the one in use, else the only open one,
  /// else the newest; nil when there is none.
  /// - Throws: ``AuditError``.
  func currentAudit(_ name: String?) async throws -> Audit?

  /// The audit in use, when one was chosen.
  /// - Throws: The backend's error.
  func auditInUse() async throws -> Int64?

  /// Makes an audit the one later commands work in.
  /// - Throws: ``AuditError`` or the backend's error.
  @discardableResult
  func useAudit(_ name: String) async throws -> Audit

  /// Closes an audit: read-only from then on; audited with the chain's head hash.
  /// - Throws: ``AuditError`` or the backend's error.
  func closeAudit(_ name: String, actor: String) async throws -> Audit

  /// Changes an open audit's components and platforms; audited.
  /// - Throws: ``AuditError`` or the backend's error.
  func setAuditScope(_ name: String, scope: [String], platforms: [ProductPlatform], actor: String)
    async throws -> Audit

  /// Files an audit under another product or release; audited.
  /// - Throws: ``AuditError`` or the backend's error.
  func renameAudit(_ name: String, product: String?, release: String?, actor: String) async throws -> Audit

  /// An audit with its tallies and its progress matrix.
  /// - Throws: ``AuditError`` or the backend's error.
  func auditProgress(_ name: String?) async throws -> AuditProgress

  /// What changed between two audits, per component, platform, screen reader and item.
  /// - Throws: ``AuditError``, ``LookupError`` or the backend's error.
  func compareAudits(_ old: String, _ new: String, component: String?, platform: Platform?) async throws
    -> AuditComparison

  /// Confirms an item's carried verdicts in a retest: they become this round's, by `actor`.
  /// - Throws: ``AuditError`` or the backend's error.
  func confirmCarried(_ item: String, audit: String?, column: CarriedColumn, note: String?, actor: String)
    async throws -> [EvidenceLink]
}
