import ExhibitKit
import ExhibitModel

// Evidence links on PostgreSQL: the same ledger as on SQLite (`LinkOperations`), over a
// connection leased for each call (`PostgresCatalogueSQL`). A link's write takes the audit
// chain's lock at its start, so links from every server and their events form one chain.

extension PostgresCatalogue: LinkStorage {
  public func link(_ request: LinkRequest) async throws -> EvidenceLink {
    try await withLinks { try $0.link(request) }
  }

  public func unlink(_ id: Int64, reason: String, actor: String, audit: String?) async throws -> EvidenceLink
  {
    try await withLinks { try $0.unlink(id, reason: reason, actor: actor, audit: audit) }
  }

  public func evidenceLink(_ id: Int64) async throws -> EvidenceLink {
    try await withLinks { try $0.evidenceLink(id) }
  }

  public func coverage(_ component: ComponentID, platform: Platform?, audit: String?) async throws -> Coverage
  {
    let criteria = try await componentCriteria(component, platform: platform)
    return try await withLinks {
      try $0.coverage(component, criteria: criteria, platform: platform, audit: audit)
    }
  }

  /// Runs `body` with the link operations over a connection of the pool.
  func withLinks<Result: Sendable>(_ body: @escaping @Sendable (LinkOperations) throws -> Result)
    async throws -> Result
  {
    try await withCatalogueSQL { sql in try body(LinkOperations(sql: sql)) }
  }
}
