import ExhibitSQLite
import ExhibitStorage

/// Reads what coverage is computed from: a component's current criteria and its links.
struct CoverageQuery {
  /// Criteria documents and items.
  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// The workspace database.
  let connection: any CatalogueSQL

  /// The coverage matrix of a component's current criteria, for one platform or all.
  /// - Throws: ``LookupError``, the engine's error or ``RowDecodingError``.
  /// Only the links of `audit` count; nil counts every link (a workspace with no audit has none).
  func coverage(_ component: ComponentID, platform: Platform? = nil, audit: Int64? = nil) throws -> Coverage {
    try read(component, platform: platform, audit: audit).coverage
  }

  /// ``coverage(_:platform:audit:)`` with the criteria it was computed from: their items and
  /// document, which is all coverage counts from (no Gherkin, notes, announcements or videos).
  /// - Throws: ``LookupError``, the engine's error or ``RowDecodingError``.
  func read(_ component: ComponentID, platform: Platform? = nil, audit: Int64? = nil) throws
    -> (criteria: ComponentCriteria, coverage: Coverage)
  {
    let criteria = try ClosedAuditRecord(connection: connection).criteria(
      component, platform: platform, audit: audit, itemsOnly: true)
    let links = try Self.links(of: component, audit: audit, in: connection)
    // An audit reads a component of its scope on the platforms it tests it on (one outside its
    // scope, on every platform).
    let tested = try audit.flatMap { id -> [Platform]? in
      let audit = try AuditRegistry(connection: connection).audit(id)
      guard audit.covers(component) else { return nil }
      return ProductPlatform.platforms(of: component.family, targets: audit.platforms)
    }
    return (
      criteria,
      Coverage(component: component, criteria: criteria, links: links, platform: platform, tested: tested)
    )
  }

  /// Every link to any revision of a component's items: the audit's, or every audit's when nil.
  /// - Throws: The backend's error or ``RowDecodingError``.
  static func links(of component: ComponentID, audit: Int64?, in sql: any CatalogueSQL) throws
    -> [EvidenceLinkRow]
  {
    try EvidenceLinkRow.fetch(
      sql, where: "d.family = ?1 AND d.component = ?2 AND (l.audit_id = ?3 OR ?3 IS NULL)",
      [component.family.rawValue, component.slug, audit])
  }
}
