import ExhibitStorage

extension ConformanceOperations {
  /// Each current document's own list of related criteria, in the document's order, against the
  /// mapping: every component whose document has such a list, or the one named.
  /// - Throws: ``LookupError`` or the backend's error.
  package func wcagCrossCheck(component name: String?) throws -> [WCAGCrossCheck] {
    let only = try name.map { try ComponentDirectory(connection: sql).resolve($0) }
    let mapping = WCAGMapping.defaults.with(overrides: try ConformanceLedger(connection: sql).overrides())
    var listed: [ComponentID: [String]] = [:]
    for row in try sql.query(
      """
      SELECT c.family || '/' || c.component AS component, r.criterion FROM criteria_current c
      JOIN criteria_related_criterion r ON r.document_id = c.document_id
      ORDER BY c.family, c.component, r.position
      """, [])
    {
      guard let component = ComponentID(try row.decode("component") as String) else { continue }
      if only == nil || only == component {
        listed[component, default: []].append(try row.decode("criterion"))
      }
    }
    let criteria = CriteriaLibrary(connection: sql)
    return try listed.keys.sorted().map { component in
      WCAGCrossCheck(
        component: component, listed: listed[component] ?? [],
        items: try criteria.componentCriteria(component, platform: nil).items.map(\.key), mapping: mapping)
    }
  }
}
