/// Where a workspace's own rows of the WCAG mapping are kept: the seam ``Store`` (SQLite) and
/// ExhibitPostgres' `PostgresCatalogue` implement, both checking a row by
/// ``WCAGOverrideRules`` and recording the same event.
public protocol WCAGMappingStorage {
  /// Exhibit's reviewed rows with the workspace's own laid over them.
  /// - Returns: The mapping.
  /// - Throws: The backend's error.
  func wcagMapping() async throws -> WCAGMapping

  /// Maps a current criteria item to a success criterion for this workspace; audited.
  /// - Parameters:
  ///   - item: The item's key, its component by any name it goes by.
  ///   - criterion: The success criterion's number (`4.1.2`).
  ///   - relation: How the item bears on it.
  ///   - reason: Why, in a line.
  ///   - actor: Who decided, for the audit trail.
  /// - Returns: The row as stored.
  /// - Throws: ``ConformanceError``, ``EvidenceError/unknownItem(_:)``, ``LookupError`` or the
  ///   backend's error; nothing is stored then.
  func mapWCAG(item: String, criterion: String, relation: WCAGRelation, reason: String, actor: String)
    async throws -> WCAGMappingRow

  /// Each current document's own list of related criteria, in the document's order, against the
  /// mapping: every component whose document has such a list, or the one named.
  /// - Throws: ``LookupError`` or the backend's error.
  func wcagCrossCheck(component name: String?) async throws -> [WCAGCrossCheck]
}
