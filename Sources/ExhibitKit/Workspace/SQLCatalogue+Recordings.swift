// Recordings of every SQL catalogue: the cataloguer on one connection for the whole run, and the
// composer's operations (``CatalogueOperations``) on a connection the engine lends.

extension SQLCatalogue {
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
}
