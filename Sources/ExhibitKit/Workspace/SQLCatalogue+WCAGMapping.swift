// The WCAG mapping of every SQL catalogue: the composer's operations (``CatalogueOperations``) on a
// connection the engine lends.

extension SQLCatalogue {
  /// Exhibit's reviewed rows with the workspace's own laid over them (``WCAGMappingStorage``).
  public func wcagMapping() async throws -> WCAGMapping {
    try await withOperations { try $0.wcagMapping() }
  }

  /// Maps a current criteria item to a success criterion; audited (``WCAGMappingStorage``).
  @discardableResult
  public func mapWCAG(item: String, criterion: String, relation: WCAGRelation, reason: String, actor: String)
    async throws -> WCAGMappingRow
  {
    try await withOperations {
      try $0.mapWCAG(item: item, criterion: criterion, relation: relation, reason: reason, actor: actor)
    }
  }

  /// Each current document's own list of related criteria against the mapping (``WCAGMappingStorage``).
  public func wcagCrossCheck(component name: String?) async throws -> [WCAGCrossCheck] {
    try await withConnection { connection in
      try connection.sql.reading {
        try ConformanceOperations(sql: connection.sql).wcagCrossCheck(component: name)
      }
    }
  }
}
