// Criteria, recordings and the WCAG mapping of every SQL catalogue: the composer's operations
// (``CatalogueOperations``) on a connection the engine lends.

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

  /// Catalogues the recordings a scope holds, on one connection for the whole run
  /// (``RecordingStorage``).
  public func catalogueRecordings(
    _ scope: CatalogueScope, actor: String, batchSize: Int, storage: (any EvidenceStorage)?,
    progress: (@Sendable (Int, Int) -> Void)?
  ) async throws -> CatalogueSummary {
    try await withConnection { connection in
      try await Cataloguer(sql: connection.sql, actor: actor).run(
        scope, batchSize: batchSize, storage: storage, progress: progress)
    }
  }

  /// Remembers caption files found without a recording beside them (``RecordingStorage``).
  public func noteOrphanCaptions(_ paths: [String]) async throws -> [String] {
    try await withOperations { try $0.noteOrphanCaptions(paths) }
  }

  /// Catalogued recordings, filtered (``RecordingStorage``).
  public func recordings(
    component: ComponentID?, platform: Platform?, status: RecordingStatus?, unattributed: Bool
  ) async throws -> [RecordingSummary] {
    try await withOperations {
      try $0.recordings(component: component, platform: platform, status: status, unattributed: unattributed)
    }
  }

  /// Everything stored about the recording `reference` names (``RecordingStorage``).
  public func recordingDetail(_ reference: String, currentDirectory: String) async throws -> RecordingDetail {
    try await withOperations { try $0.recordingDetail(reference, currentDirectory: currentDirectory) }
  }

  /// Everything stored about a recording by its SHA-256, with an audit's links (``RecordingStorage``).
  public func recordingDetail(sha256: String, audit: String?) async throws -> RecordingDetail {
    try await withOperations { try $0.recordingDetail(sha256: sha256, audit: audit) }
  }

  /// The present file holding a recording's bytes (``RecordingStorage``).
  public func mediaFile(sha256: String) async throws -> MediaFile? {
    try await withOperations { try $0.mediaFile(sha256: sha256) }
  }

  /// A recording's caption files (``RecordingStorage``).
  public func captionFiles(sha256: String) async throws -> [MediaFile] {
    try await withOperations { try $0.captionFiles(sha256: sha256) }
  }

  /// Sets what an auditor knows of a recording by hand, audited (``RecordingStorage``).
  @discardableResult
  public func setRecording(
    _ reference: String, _ correction: RecordingCorrection, actor: String, currentDirectory: String
  ) async throws -> Int64 {
    try await withOperations {
      try $0.setRecording(reference, correction, actor: actor, currentDirectory: currentDirectory)
    }
  }

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
