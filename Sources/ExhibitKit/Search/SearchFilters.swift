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
  /// The current criteria documents as SQL both engines take: for one component, its documents
  /// as a list (`(1,2,3)`, or `(NULL)` for none, which matches nothing), ids read from the
  /// database, so written in rather than bound, where both engines' planners count them; for
  /// every component, the select of them (`(SELECT document_id FROM criteria_current)`), which
  /// SQLite answers from its index on the document id (migration 33) and PostgreSQL as a
  /// semi-join. Written once a search, for the criteria statements that use it.
  package private(set) var documentList = "(NULL)"

  /// Reads a request's filters on `sql`, resolving the component and the audit by name, and the
  /// current documents when criteria are searched.
  /// - Parameters:
  ///   - request: The search.
  ///   - kinds: The kinds it reads.
  ///   - sql: The connection it reads on.
  /// - Throws: ``LookupError`` for an unknown or ambiguous component, `AuditError` for an unknown
  ///   audit, or the engine's error.
  package init(_ request: SearchRequest, kinds: Set<SearchKind>, on sql: any CatalogueSQL) throws {
    component = try request.component.map { try ComponentDirectory(connection: sql).resolve($0) }
    platform = request.platform
    audit = try request.audit.map { try AuditRegistry(connection: sql).resolve($0).id }
    if kinds.contains(.criteria) {
      // Every component's documents, listed, cost SQLite a temporary index of thousands of ids in
      // each statement and PostgreSQL about 2 ms a statement to parse and plan (500 ids).
      documentList =
        if let component {
          Self.list(try Self.currentDocuments(of: component, on: sql))
        } else {
          "(SELECT document_id FROM criteria_current)"
        }
    }
  }

  /// Filters without the current documents, so no criteria match: for a search of recordings.
  package init(component: ComponentID? = nil, platform: Platform? = nil, audit: Int64? = nil) {
    self.component = component
    self.platform = platform
    self.audit = audit
  }

  /// Whether a component or a platform narrows the search.
  package var narrowed: Bool { component != nil || platform != nil }

  /// A component's current criteria documents: what "current criteria" means for `show` and
  /// `coverage`, as the engine keeps it in `criteria_current`.
  /// - Throws: The engine's error.
  package static func currentDocuments(of component: ComponentID, on sql: any CatalogueSQL) throws -> [Int64]
  {
    var ids: [Int64] = []
    try sql.forEachRow(
      "SELECT document_id FROM criteria_current WHERE family = ? AND component = ? ORDER BY document_id",
      [component.family.rawValue, component.slug]
    ) { row in
      guard let id = row.integer(0) else {
        throw RowDecodingError(column: "document_id", problem: "a current document has no id")
      }
      ids.append(id)
    }
    return ids
  }

  /// `ids` as an SQL list, `(NULL)` for none.
  private static func list(_ ids: [Int64]) -> String {
    ids.isEmpty ? "(NULL)" : "(" + ids.map(String.init).joined(separator: ",") + ")"
  }
}
