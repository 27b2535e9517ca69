// Criteria of every SQL catalogue: the composer's operations (``CatalogueOperations``) on a
// connection the engine lends.

extension SQLCatalogue {
  /// Runs `body` with the composer's operations on a connection of the catalogue.
  func withOperations<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { try body(CatalogueOperations(sql: $0.sql)) }
  }

  /// Stores parsed documents in one transaction (``CriteriaStorage``).
  public func importCriteria(_ documents: [CriteriaDocument], actor: String) async throws
    -> [CriteriaImportOutcome]
  {
    try await withOperations { try $0.importCriteria(documents, actor: actor) }
  }

  /// The newest revision of each criteria document (``CriteriaStorage``).
  public func criteriaDocuments(component: ComponentID?, platform: Platform?) async throws
    -> [CriteriaDocumentSummary]
  {
    try await withOperations { try $0.criteriaDocuments(component: component, platform: platform) }
  }

  /// A component's current criteria (``CriteriaStorage``).
  public func componentCriteria(_ component: ComponentID, platform: Platform?) async throws
    -> ComponentCriteria
  {
    try await withOperations { try $0.componentCriteria(component, platform: platform) }
  }

  /// Resolves what a user typed to one component (``CriteriaStorage``).
  public func resolveComponent(_ name: String) async throws -> ComponentID {
    try await withOperations { try $0.resolveComponent(name) }
  }

  /// Component slugs already imported (``CriteriaStorage``).
  public func knownComponentSlugs() async throws -> [String] {
    try await withOperations { try $0.knownComponentSlugs() }
  }
}
