import ExhibitKit
import ExhibitModel
import PostgresNIO

// Which component a user means, on PostgreSQL: the steps of ComponentName, with the lookups
// as SQL. Recordings are not kept here yet, so a component is known by its criteria only.

extension PostgresCatalogue {
  /// Resolves what a user typed (identifier, bare slug or alias) to one component.
  /// - Throws: `LookupError` or `PostgresStoreError`.
  public func resolveComponent(_ typed: String) async throws -> ComponentID {
    let name = ComponentName(typed)
    return try await store.transaction(.repeatableRead) { connection in
      var matches: Set<String> = []
      let families = name.family.map { [$0] } ?? Family.allCases
      for family in families
      where try await isKnown(family, slug: name.rest, on: connection) {
        if name.family != nil { return try name.identifier() }
        matches.insert("\(family.rawValue)/\(name.rest)")
      }
      if matches.isEmpty {
        matches = Set(
          try await connection.query(
            """
            SELECT family || '/' || component FROM component_alias
            WHERE alias = \(name.rest) AND (\(name.family?.rawValue)::text IS NULL
              OR family = \(name.family?.rawValue))
            """, logger: logger
          ).collect().map { try $0.decode(String.self) })
      }
      return try name.choose(from: matches)
    }
  }

  /// Component slugs already imported, to recognise them in documents that name none.
  /// - Throws: `PostgresStoreError`.
  public func knownComponentSlugs() async throws -> [String] {
    try await store.execute("SELECT DISTINCT component FROM criteria_document").map {
      try $0.decode(String.self)
    }
  }

  /// Whether criteria name the component `family/slug`.
  private func isKnown(_ family: Family, slug: String, on connection: PostgresConnection) async throws -> Bool
  {
    try await connection.query(
      """
      SELECT EXISTS (SELECT 1 FROM criteria_document WHERE family = \(family.rawValue) AND component = \(slug))
      """, logger: logger
    ).collect().first?.decode(Bool.self) ?? false
  }
}
