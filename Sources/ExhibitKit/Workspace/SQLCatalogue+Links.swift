// Evidence links of every SQL catalogue: the ledger (``LinkOperations``) on a connection the
// engine lends. A write transaction takes the audit chain's lock at its start, so links from
// every server and their events form one chain. A write of verdicts runs through the composer
// (``CatalogueOperations``), so the audit's findings follow it in the same transaction.

extension SQLCatalogue {
  /// Links evidence to a criterion with a verdict; audited (`LinkStorage`).
  public func link(_ request: LinkRequest) async throws -> EvidenceLink {
    try await withConnection { try CatalogueOperations(sql: $0.sql).link(request) }
  }

  /// Retracts a live link with a reason; audited (`LinkStorage`).
  public func unlink(_ id: Int64, reason: String, actor: String, audit: String?) async throws -> EvidenceLink
  {
    try await withConnection {
      try CatalogueOperations(sql: $0.sql).unlink(id, reason: reason, actor: actor, audit: audit)
    }
  }

  /// One link by id (`LinkStorage`).
  public func evidenceLink(_ id: Int64) async throws -> EvidenceLink {
    try await withLinks { try $0.evidenceLink(id) }
  }

  /// A component's coverage matrix in an audit, with who approved each column (`LinkStorage`).
  public func coverage(_ component: ComponentID, platform: Platform?, audit: String?) async throws -> Coverage
  {
    try await withOperations { operations in
      try operations.sql.reading { try operations.coverage(component, platform: platform, audit: audit) }
    }
  }

  /// Cues whose words match an item's, as links waiting for an auditor (`LinkStorage`).
  public func suggestions(component: ComponentID?, audit: String?) async throws -> [Suggestion] {
    try await withLinks { try $0.suggestions(component: component, audit: audit) }
  }

  /// Records suggestions as untested links (`LinkStorage`).
  public func accept(_ suggestions: [Suggestion], auditor: String, audit: String?) async throws
    -> [Suggestion]
  {
    try await withLinks { try $0.accept(suggestions, auditor: auditor, audit: audit) }
  }

  /// What waits for a decision in the audit (`LinkStorage`).
  public func pendingSuggestions(component: ComponentID?, audit: String?) async throws -> [Suggestion] {
    try await withLinks(reading: true) { try $0.pendingSuggestions(component: component, audit: audit) }
  }

  /// Decides suggestions: verdicts or dismissals (`LinkStorage`).
  public func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String, audit: String?
  ) async throws -> [Suggestion] {
    try await withConnection {
      try CatalogueOperations(sql: $0.sql).decide(
        suggestions, decision: decision, auditor: auditor, note: note, audit: audit)
    }
  }

  /// Audit events, all or about a subject (`LinkStorage`).
  public func history(_ subject: String?, audit: String?) async throws -> [AuditEvent] {
    try await withLinks(reading: true) { try $0.history(subject, audit: audit) }
  }

  /// The reviewer's page of a component (`LinkStorage`).
  public func reviewerPage(component name: String, platform: Platform?, audit: String?) async throws
    -> ReviewerPage
  {
    try await withLinks(reading: true) {
      try $0.reviewerPage(component: name, platform: platform, audit: audit)
    }
  }

  /// Runs `body` with the link operations over a connection the engine lends, in one read
  /// snapshot when `reading`.
  func withLinks<Result: Sendable>(
    reading: Bool = false, _ body: @escaping @Sendable (LinkOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { connection in
      let operations = LinkOperations(sql: connection.sql)
      return reading ? try connection.sql.reading { try body(operations) } : try body(operations)
    }
  }
}
