// Products and audits of every SQL catalogue: the registry and the rounds (``AuditOperations``)
// on a connection the engine lends. A write takes the audit chain's lock at its start, so audits
// and their events from every server follow each other.

extension SQLCatalogue {
  /// Adds a product; audited (`AuditStorage`).
  public func addProduct(name: String, platforms: [ProductPlatform], url: String?, actor: String)
    async throws -> Product
  {
    try await withAudits { try $0.addProduct(name: name, platforms: platforms, url: url, actor: actor) }
  }

  /// Every product, by name, with its audits (`AuditStorage`).
  public func products() async throws -> [Product] {
    try await withAudits(reading: true) { try $0.products() }
  }

  /// Opens an audit, or a retest carrying the earlier audit's live verdicts (`AuditStorage`).
  public func newAudit(
    product: String, release: String, from: String?, scope: [String], platforms: [ProductPlatform],
    actor: String
  ) async throws -> (audit: Audit, carried: Int) {
    let opened = try await withAudits {
      let opened = try $0.newAudit(
        product: product, release: release, from: from, scope: scope, platforms: platforms, actor: actor)
      return OpenedAudit(audit: opened.audit, carried: opened.carried)
    }
    return (opened.audit, opened.carried)
  }

  /// Audits, oldest first: all, or one product's (`AuditStorage`).
  public func audits(product: String?) async throws -> [Audit] {
    try await withAudits(reading: true) { try $0.audits(product: product) }
  }

  /// The audit a command works in (`AuditStorage`).
  public func currentAudit(_ name: String?) async throws -> Audit? {
    try await withAudits(reading: true) { try $0.currentAudit(name) }
  }

  /// The audit in use, when one was chosen (`AuditStorage`).
  public func auditInUse() async throws -> Int64? {
    try await withAudits { try $0.auditInUse() }
  }

  /// Makes an audit the one later commands work in (`AuditStorage`).
  @discardableResult
  public func useAudit(_ name: String) async throws -> Audit {
    try await withAudits { try $0.useAudit(name) }
  }

  /// Closes an audit; audited with the chain's head hash (`AuditStorage`).
  public func closeAudit(_ name: String, actor: String) async throws -> Audit {
    try await withOperations { try $0.closeAudit(name, actor: actor) }
  }

  /// Changes an open audit's components and platforms; audited (`AuditStorage`).
  public func setAuditScope(_ name: String, scope: [String], platforms: [ProductPlatform], actor: String)
    async throws -> Audit
  {
    try await withAudits { try $0.setAuditScope(name, scope: scope, platforms: platforms, actor: actor) }
  }

  /// Files an audit under another product or release; audited (`AuditStorage`).
  public func renameAudit(_ name: String, product: String?, release: String?, actor: String) async throws
    -> Audit
  {
    try await withAudits { try $0.renameAudit(name, product: product, release: release, actor: actor) }
  }

  /// An audit with its tallies and progress matrix (`AuditStorage`).
  public func auditProgress(_ name: String?) async throws -> AuditProgress {
    try await withOperations { operations in try operations.sql.reading { try operations.auditProgress(name) }
    }
  }

  /// What changed between two audits (`AuditStorage`).
  public func compareAudits(_ old: String, _ new: String, component: String?, platform: Platform?)
    async throws -> AuditComparison
  {
    try await withConnection { connection in
      try connection.sql.reading {
        try CatalogueOperations(sql: connection.sql).compareAudits(
          old, new, component: component, platform: platform)
      }
    }
  }

  /// Confirms an item's carried verdicts in a retest (`AuditStorage`).
  public func confirmCarried(
    _ item: String, audit: String?, column: CarriedColumn, note: String?, actor: String
  ) async throws -> [EvidenceLink] {
    try await withOperations {
      try $0.confirmCarried(item, audit: audit, column: column, note: note, actor: actor)
    }
  }

  /// Runs `body` with the audit operations over a connection the engine lends, in one read
  /// snapshot when `reading`.
  func withAudits<Result: Sendable>(
    reading: Bool = false, _ body: @escaping @Sendable (AuditOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { connection in
      let operations = AuditOperations(sql: connection.sql)
      return reading ? try connection.sql.reading { try body(operations) } : try body(operations)
    }
  }
}

/// An audit just opened and how many verdicts it carried, sendable across the pool's tasks.
private struct OpenedAudit: Sendable {
  let audit: Audit
  let carried: Int
}
