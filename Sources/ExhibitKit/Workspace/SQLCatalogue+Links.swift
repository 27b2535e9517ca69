import ExhibitStorage

// Evidence links of every SQL catalogue: the ledger (``LinkOperations``) on a connection the
// engine lends. A write transaction takes the audit chain's lock at its start, so links from
// every server and their events form one chain.

extension SQLCatalogue {
  /// Links evidence to a criterion with a verdict; audited (`LinkStorage`).
  public func link(_ request: LinkRequest) async throws -> EvidenceLink {
    try await withLinksAndFindings { operations, _ in
      let link = try operations.link(request)
      return (link, FindingsTouched(audit: link.audit, components: [link.item.component], actor: link.auditor))
    }
  }

  /// Retracts a live link with a reason; audited (`LinkStorage`).
  public func unlink(_ id: Int64, reason: String, actor: String, audit: String?) async throws -> EvidenceLink
  {
    try await withLinksAndFindings { operations, _ in
      let link = try operations.unlink(id, reason: reason, actor: actor, audit: audit)
      return (link, FindingsTouched(audit: link.audit, components: [link.item.component], actor: actor))
    }
  }

  /// One link by id (`LinkStorage`).
  public func evidenceLink(_ id: Int64) async throws -> EvidenceLink {
    try await withLinks { try $0.evidenceLink(id) }
  }

  /// A component's coverage matrix in an audit (`LinkStorage`).
  public func coverage(_ component: ComponentID, platform: Platform?, audit: String?) async throws -> Coverage
  {
    try await withLinks(reading: true) { try $0.coverage(component, platform: platform, audit: audit) }
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
    try await withLinksAndFindings { operations, sql in
      let decided = try operations.decide(
        suggestions, decision: decision, auditor: auditor, note: note, audit: audit)
      let round = try AuditRegistry(connection: sql).current(audit)?.id
      return (decided, FindingsTouched(audit: round, components: Set(decided.map(\.item.component)), actor: auditor))
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

  /// Runs `body` (a write of links) and brings the findings of the audit it wrote to up to date in
  /// the same transaction (``FindingOperations/refresh(audit:components:actor:)``), for the
  /// components `body` says it touched.
  private func withLinksAndFindings<Result: Sendable>(
    _ body: @escaping @Sendable (LinkOperations, any CatalogueSQL) throws -> (Result, FindingsTouched)
  ) async throws -> Result {
    try await withConnection { connection in
      let sql = connection.sql
      return try sql.transaction {
        let (result, touched) = try body(LinkOperations(sql: sql), sql)
        if let audit = touched.audit {
          try FindingOperations(sql: sql).refresh(
            audit: audit, components: touched.components, actor: touched.actor)
        }
        return result
      }
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

/// What a write of links touched, for the findings to follow: its audit, components and author.
private struct FindingsTouched {
  let audit: Int64?
  let components: Set<ComponentID>
  let actor: String
}
