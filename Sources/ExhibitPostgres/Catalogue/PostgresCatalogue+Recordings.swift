import ExhibitKit
import ExhibitModel
import PostgresNIO

// Recordings on PostgreSQL: the same cataloguer and writer as on SQLite, over one connection
// leased for the run (`PostgresCatalogueSQL`).

extension PostgresCatalogue: RecordingStorage {
  /// Catalogues the recordings a scope holds, on one connection for the whole run.
  /// - Throws: `PostgresStoreError` (batches already committed stay) or `MediaLibraryError`.
  public func catalogueRecordings(
    _ scope: CatalogueScope, actor: String, batchSize: Int, storage: (any EvidenceStorage)?,
    progress: (@Sendable (Int, Int) -> Void)?
  ) async throws -> CatalogueSummary {
    try await withCatalogueSQL { sql in
      try await Cataloguer(sql: sql, actor: actor).run(
        scope, batchSize: batchSize, storage: storage, progress: progress)
    }
  }

  /// Remembers caption files found without a recording beside them.
  /// - Throws: `PostgresStoreError`.
  public func noteOrphanCaptions(_ paths: [String]) async throws -> [String] {
    try await withCatalogueSQL { sql in try CatalogueWriter.noteOrphanCaptions(paths, in: sql) }
  }

  /// Catalogued recordings, filtered, ordered by component then path.
  /// - Throws: `PostgresStoreError`.
  public func recordings(
    component: ComponentID?, platform: Platform?, status: RecordingStatus?, unattributed: Bool
  ) async throws -> [RecordingSummary] {
    try await withCatalogueSQL { sql in
      try RecordingLibrary.recordings(
        in: sql, component: component, platform: platform, status: status, unattributed: unattributed)
    }
  }

  /// Everything stored about the recording `reference` names, its links included.
  /// - Throws: `RecordingLookupError` or `PostgresStoreError`.
  public func recordingDetail(_ reference: String, currentDirectory: String) async throws -> RecordingDetail {
    try await withLinks { try $0.recordingDetail(reference, currentDirectory: currentDirectory) }
  }

  /// Sets what an auditor knows of a recording by hand, audited, as on SQLite.
  /// - Throws: `RecordingLookupError`, `LookupError`, `RecordingCorrectionError` or `PostgresStoreError`.
  public func recordingDetail(sha256: String, audit: String?) async throws -> RecordingDetail {
    try await withLinks { try $0.recordingDetail(sha256, currentDirectory: "/", audit: audit) }
  }

  public func mediaFile(sha256: String) async throws -> MediaFile? {
    try await withCatalogueSQL { sql in try RecordingLibrary(connection: sql).mediaFile(sha256: sha256) }
  }

  public func captionFiles(sha256: String) async throws -> [MediaFile] {
    try await withCatalogueSQL { sql in try RecordingLibrary(connection: sql).captionFiles(sha256: sha256) }
  }

  @discardableResult
  public func setRecording(
    _ reference: String, _ correction: RecordingCorrection, actor: String, currentDirectory: String
  ) async throws -> Int64 {
    var component: ComponentID?
    if let name = correction.component { component = try await resolveComponent(name) }
    return try await withCatalogueSQL { [component] sql in
      try CatalogueWriter.setByHand(
        in: sql, reference, correction, component: component, actor: actor, currentDirectory: currentDirectory
      )
    }
  }

  /// Runs `body` with a connection of the pool as the catalogue writer's.
  func withCatalogueSQL<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresCatalogueSQL) async throws -> Result
  ) async throws -> Result {
    let store = store
    return try await store.withConnection { connection in
      try await body(PostgresCatalogueSQL(connection: connection, store: store))
    }
  }
}
