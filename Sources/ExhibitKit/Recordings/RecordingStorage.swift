import ExhibitModel

/// Where catalogued recordings are kept: the seam the SQLite workspace (``Store``) and the
/// PostgreSQL catalogue (ExhibitPostgres' `PostgresCatalogue`) implement. Both run the same
/// ``Cataloguer`` and writer over their own connection (``CatalogueSQL``), so the same files give
/// the same recordings, paths, captions, cues and audit events on either; the contract suite
/// catalogues the same folder into both.
public protocol RecordingStorage {
  /// Catalogues the recordings a scope holds (``Cataloguer/run(_:progress:)``).
  /// - Parameters:
  ///   - scope: The files to look at.
  ///   - actor: Who catalogues, for the audit trail.
  ///   - batchSize: Recordings stored per write transaction at most.
  ///   - storage: The evidence store each file read is put in before it is catalogued, if any.
  ///   - progress: Called with (files done, files to read).
  /// - Returns: What was added, skipped, moved, copied, missing or failed.
  /// - Throws: The backend's error (batches already committed stay), or ``MediaLibraryError``.
  func catalogueRecordings(
    _ scope: CatalogueScope, actor: String, batchSize: Int, storage: (any EvidenceStorage)?,
    progress: (@Sendable (Int, Int) -> Void)?
  ) async throws -> CatalogueSummary

  /// Remembers caption files found without a recording beside them.
  /// - Returns: Those not noted before, or changed since: the ones to warn about.
  /// - Throws: The backend's error.
  func noteOrphanCaptions(_ paths: [String]) async throws -> [String]

  /// Catalogued recordings, filtered, ordered by component then path.
  /// - Throws: The backend's error.
  func recordings(component: ComponentID?, platform: Platform?, status: RecordingStatus?, unattributed: Bool)
    async throws -> [RecordingSummary]
}
