import ExhibitSQLite

/// Reads what coverage is computed from: a component's current criteria and its links.
struct CoverageQuery {
  /// Criteria documents and items.
  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// The workspace database.
  let connection: Connection

  /// The coverage matrix of a component's current criteria, for one platform or all.
  /// - Throws: ``LookupError``, ``SQLiteError`` or ``RowDecodingError``.
  /// Only the links of `audit` count; nil counts every link (a workspace with no audit has none).
  func coverage(_ component: ComponentID, platform: Platform? = nil, audit: Int64? = nil) throws -> Coverage {
    let criteria = try criteria.componentCriteria(component, platform: platform)
    let links = try EvidenceLinkRow.fetch(
      connection, where: "d.family = ? AND d.component = ? AND (?3 IS NULL OR l.audit_id = ?3)",
      [component.family.rawValue, component.slug, audit])
    return Coverage(component: component, criteria: criteria, links: links, platform: platform)
  }
}
