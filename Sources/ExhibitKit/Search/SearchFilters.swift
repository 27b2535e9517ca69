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
  /// The current criteria documents (of the component when given) as an SQL list (`(1,2,3)`, or
  /// `(NULL)` for none, which matches nothing): ids read from the database, so written in rather
  /// than bound, where both engines' planners count them; or, for every component on an engine
  /// that asked for them ``CurrentDocuments/selected``, the select of them. Written once a
  /// search, for the three criteria statements that use it.
  package private(set) var documentList = "(NULL)"

  /// How a search names the current criteria documents of every component in its statements.
  package enum CurrentDocuments: Sendable {
    /// Read first and written in as ids: SQLite's planner counts a list's ids.
    case listed
    /// Selected from `criteria_current` in the statement itself: a list of 500 ids costs
    /// PostgreSQL about 2 ms a statement to parse and plan, the semi-join a fifth of that, over
    /// the table's statistics. One component's documents are still listed (one id).
    case selected
  }

  /// Reads a request's filters on `sql`, resolving the component and the audit by name, and the
  /// current documents when criteria are searched.
  /// - Parameters:
  ///   - request: The search.
  ///   - kinds: The kinds it reads.
  ///   - sql: The connection it reads on.
  ///   - currentDocuments: How the current documents of every component are named.
  /// - Throws: ``LookupError`` for an unknown or ambiguous component, `AuditError` for an unknown
  ///   audit, or the engine's error.
  package init(
    _ request: SearchRequest, kinds: Set<SearchKind>, on sql: any CatalogueSQL,
    currentDocuments: CurrentDocuments = .listed
  ) throws {
    component = try request.component.map { try ComponentDirectory(connection: sql).resolve($0) }
    platform = request.platform
    audit = try request.audit.map { try AuditRegistry(connection: sql).resolve($0).id }
    if kinds.contains(.criteria) {
      documentList =
        if component == nil, currentDocuments == .selected {
          "(SELECT document_id FROM criteria_current)"
        } else {
          Self.list(try Self.currentDocuments(of: component, on: sql))
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

  /// The current criteria document of every component, or of one: what "current criteria" means
  /// for `show` and `coverage`, as the engine keeps it in `criteria_current`.
  /// - Throws: The engine's error.
  package static func currentDocuments(of component: ComponentID?, on sql: any CatalogueSQL) throws -> [Int64]
  {
    // Read by position: every component's is a thousand rows at scale, read on every search.
    var ids: [Int64] = []
    let (statement, values): (String, [any SQLBindable]) =
      if let component {
        (
          "SELECT document_id FROM criteria_current WHERE family = ? AND component = ? ORDER BY document_id",
          [component.family.rawValue, component.slug]
        )
      } else {
        ("SELECT document_id FROM criteria_current ORDER BY document_id", [])
      }
    try sql.forEachRow(statement, values) { row in
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
