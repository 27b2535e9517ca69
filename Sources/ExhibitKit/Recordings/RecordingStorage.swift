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

  /// Everything stored about the recording `reference` names (a path, or a SHA-256 prefix of at
  /// least 8 hex digits): paths, streams, captions with cues, and links.
  /// - Throws: ``RecordingLookupError``, or the backend's error.
  func recordingDetail(_ reference: String, currentDirectory: String) async throws -> RecordingDetail

  /// Everything stored about the recording whose SHA-256 is `sha256`, with the links of the
  /// audit `audit` names (every link when nil), as the recording's page shows it.
  /// - Throws: ``RecordingLookupError``, ``AuditError``, or the backend's error.
  func recordingDetail(sha256: String, audit: String?) async throws -> RecordingDetail

  /// The present file holding a recording's bytes, by its full SHA-256; nil when none is present.
  /// - Throws: The backend's error.
  func mediaFile(sha256: String) async throws -> MediaFile?

  /// A recording's caption files, in the order its detail lists its tracks.
  /// - Throws: The backend's error.
  func captionFiles(sha256: String) async throws -> [MediaFile]

  /// Sets what an auditor knows of a recording by hand (``RecordingCorrection``), audited;
  /// nothing is written when any field is refused.
  /// - Returns: The recording's row id.
  /// - Throws: ``RecordingLookupError``, ``LookupError`` (an unknown component),
  ///   ``RecordingCorrectionError``, or the backend's error.
  @discardableResult
  func setRecording(
    _ reference: String, _ correction: RecordingCorrection, actor: String, currentDirectory: String
  ) async throws -> Int64
}
