import ExhibitStorage

/// What a search is narrowed to, read once a search on either engine: the component (resolved by
/// name or alias), the platform, the audit whose link notes count, and the current criteria
/// documents (of the component when given), which are the only criteria a search reads.
package struct SearchFilters: Sendable {
  /// The component, when the reviewer named one.
  package var component: ComponentID?
  /// The platform, when the reviewer named one.
  package var platform: Platform?
  /// Only notes of this audit's links.
  package var audit: Int64?
  /// The current criteria documents' ids, of the component when given.
  package var documents: [Int64] = []

  /// Reads a request's filters on `sql`, resolving the component and the audit by name, and the
  /// current documents when criteria are searched.
  /// - Throws: ``LookupError`` for an unknown or ambiguous component, `AuditError` for an unknown
  ///   audit, or the engine's error.
  package init(_ request: SearchRequest, kinds: Set<SearchKind>, on sql: any CatalogueSQL) throws {
    component = try request.component.map { try ComponentDirectory(connection: sql).resolve($0) }
    platform = request.platform
    audit = try request.audit.map { try AuditRegistry(connection: sql).resolve($0).id }
    if kinds.contains(.criteria) { documents = try Self.currentDocuments(of: component, on: sql) }
  }

  /// No filter but the current documents: for a test or a helper that sets its own.
  package init(component: ComponentID? = nil, platform: Platform? = nil, audit: Int64? = nil) {
    self.component = component
    self.platform = platform
    self.audit = audit
  }

  /// Whether a component or a platform narrows the search.
  package var narrowed: Bool { component != nil || platform != nil }

  /// The current criteria document of every component, or of one: what "current criteria" means
  /// for `show` and `coverage`, as the engine keeps it in `criteria_current`.
  /// - Throws: The engine's error.
  package static func currentDocuments(of component: ComponentID?, on sql: any CatalogueSQL) throws -> [Int64]
  {
    let rows =
      if let component {
        try sql.query(
          "SELECT document_id FROM criteria_current WHERE family = ? AND component = ? ORDER BY document_id",
          [component.family.rawValue, component.slug])
      } else {
        try sql.query("SELECT document_id FROM criteria_current ORDER BY document_id")
      }
    return try rows.map { try $0.decode("document_id") }
  }

  /// The documents as an SQL list (`(1, 2, 3)`, or `(NULL)` for none, which matches nothing):
  /// ids read from the database, so written in rather than bound, where both engines' planners
  /// count them.
  package var documentList: String {
    documents.isEmpty ? "(NULL)" : "(" + documents.map(String.init).joined(separator: ", ") + ")"
  }
}
