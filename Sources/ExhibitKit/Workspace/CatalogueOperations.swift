import ExhibitStorage
import Foundation

/// The composer's work over one connection, whichever engine's: each operation hands off to the
/// domain that owns the data, and puts together work that spans domains (an import that carries
/// links forward and attributes recordings again, a recording's detail with its links). ``Store``
/// runs it on its SQLite connection; every ``SQLCatalogue`` on the connections its engine lends.
struct CatalogueOperations {
  /// The connection every operation runs on.
  let sql: any CatalogueSQL

  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: sql) }
  private var components: ComponentDirectory { ComponentDirectory(connection: sql) }
  private var recordings: RecordingLibrary { RecordingLibrary(connection: sql) }
  private var catalogueWriter: CatalogueWriter { CatalogueWriter(connection: sql) }
  private var conformance: ConformanceLedger { ConformanceLedger(connection: sql) }

  // MARK: Criteria

  /// Stores parsed criteria documents as revisions, each import audited (``CriteriaLibrary``), in
  /// one transaction: links of unchanged items move to each new revision (``EvidenceLedger``), and
  /// recordings are attributed again when a revision was written (``CatalogueWriter``).
  /// - Returns: One outcome per document.
  /// - Throws: The engine's error; nothing of the batch is stored then.
  func importCriteria(_ documents: [CriteriaDocument], actor: String) throws -> [CriteriaImportOutcome] {
    try sql.transaction {
      let ledger = EvidenceLedger(connection: sql)
      let outcomes = try criteria.importCriteria(documents, actor: actor) { document, documentID, revision in
        try ledger.carryForwardLinks(of: document, to: documentID, revision: revision, actor: actor)
      }
      // New documents may name recordings already catalogued, or resolve their folders.
      if outcomes.contains(where: \.wroteRevision) {
        try catalogueWriter.refreshAttribution(actor: actor)
      }
      return outcomes
    }
  }

  /// The newest revision of each criteria document, for one component or all, primary first.
  /// - Returns: The documents, by component.
  /// - Throws: The engine's error.
  func criteriaDocuments(component: ComponentID?, platform: Platform?) throws -> [CriteriaDocumentSummary] {
    try sql.reading { try criteria.criteriaDocuments(component: component, platform: platform) }
  }

  /// A component's current criteria, for one platform or all.
  /// - Returns: The document and its items.
  /// - Throws: ``LookupError`` or the engine's error.
  func componentCriteria(_ component: ComponentID, platform: Platform?) throws -> ComponentCriteria {
    try sql.reading { try criteria.componentCriteria(component, platform: platform) }
  }

  /// Resolves what a user typed (identifier, bare slug or alias) to one component.
  /// - Returns: The component.
  /// - Throws: ``LookupError`` naming the choices when the name is ambiguous.
  func resolveComponent(_ name: String) throws -> ComponentID { try components.resolve(name) }

  /// Component slugs already imported.
  /// - Returns: The slugs.
  /// - Throws: The engine's error.
  func knownComponentSlugs() throws -> [String] { try components.knownComponentSlugs() }

  // MARK: Recordings

  /// Catalogued recordings, filtered, ordered by component then path (``RecordingLibrary``).
  /// - Returns: The recordings.
  /// - Throws: The engine's error.
  func recordings(component: ComponentID?, platform: Platform?, status: RecordingStatus?, unattributed: Bool)
    throws -> [RecordingSummary]
  {
    try sql.reading {
      try recordings.recordings(
        component: component, platform: platform, status: status, unattributed: unattributed)
    }
  }

  /// Everything stored about one recording: paths, streams, captions with cues, links.
  /// - Returns: The detail.
  /// - Throws: ``RecordingLookupError`` or the engine's error.
  func recordingDetail(id: Int64, audit: String?) throws -> RecordingDetail {
    try sql.reading {
      var detail = try recordings.recordingDetail(id: id)
      detail.links = try LinkOperations(sql: sql).links(toRecording: id, audit: audit)
      detail.hear(try HearingOperations(sql: sql).track(recording: id))
      return detail
    }
  }

  /// Everything stored about the recording `reference` names (a path, or a SHA-256 prefix).
  /// - Returns: The detail.
  /// - Throws: ``RecordingLookupError`` or the engine's error.
  func recordingDetail(_ reference: String, currentDirectory: String) throws -> RecordingDetail {
    try sql.reading {
      try recordingDetail(
        id: try recordings.resolveRecording(reference, currentDirectory: currentDirectory), audit: nil)
    }
  }

  /// Everything stored about the recording whose SHA-256 is `sha256`, with the links of the
  /// audit `audit` names (every link when nil).
  /// - Returns: The detail.
  /// - Throws: ``RecordingLookupError``, ``AuditError`` or the engine's error.
  func recordingDetail(sha256: String, audit: String?) throws -> RecordingDetail {
    try sql.reading {
      try recordingDetail(id: try recordings.resolveRecording(sha256, currentDirectory: "/"), audit: audit)
    }
  }

  /// Sets a recording's component, platform, screen reader, browser, OS version or device by
  /// hand (``RecordingCorrection``), audited; nothing is written when any field is refused.
  /// - Returns: The recording's row id.
  /// - Throws: ``RecordingLookupError``, ``LookupError``, ``RecordingCorrectionError`` or the
  ///   engine's error.
  func setRecording(
    _ reference: String, _ correction: RecordingCorrection, actor: String, currentDirectory: String
  ) throws -> Int64 {
    let id = try recordings.resolveRecording(reference, currentDirectory: currentDirectory)
    let component = try correction.component.map(components.resolve)
    try catalogueWriter.setByHand(recordingID: id, correction, component: component, actor: actor)
    return id
  }

  /// Remembers caption files found without a recording beside them.
  /// - Returns: Those not noted before, or changed since: the ones to warn about.
  /// - Throws: The engine's error.
  func noteOrphanCaptions(_ paths: [String]) throws -> [String] {
    try catalogueWriter.noteOrphanCaptions(paths)
  }

  /// The present file holding a recording's bytes, by its full SHA-256; nil when none is present.
  /// - Returns: The file.
  /// - Throws: The engine's error.
  func mediaFile(sha256: String) throws -> MediaFile? { try recordings.mediaFile(sha256: sha256) }

  /// A recording's caption files, in the order its detail lists its tracks.
  /// - Returns: The files.
  /// - Throws: The engine's error.
  func captionFiles(sha256: String) throws -> [MediaFile] { try recordings.captionFiles(sha256: sha256) }

  // MARK: The WCAG mapping

  /// Exhibit's reviewed rows with the workspace's own laid over them.
  /// - Returns: The mapping.
  /// - Throws: The engine's error.
  func wcagMapping() throws -> WCAGMapping {
    try sql.reading { WCAGMapping.defaults.with(overrides: try conformance.overrides()) }
  }

  /// Maps a current criteria item to a success criterion for this workspace; audited. The item
  /// is checked first, then the criterion and the reason.
  /// - Returns: The row as stored.
  /// - Throws: ``EvidenceError/unknownItem(_:)``, ``LookupError``, ``ConformanceError`` or the
  ///   engine's error.
  func mapWCAG(item: String, criterion: String, relation: WCAGRelation, reason: String, actor: String)
    throws -> WCAGMappingRow
  {
    let key = try currentItem(item)
    return try conformance.map(key, criterion: criterion, relation: relation, reason: reason, actor: actor)
  }

  /// The key of a current criteria item, as typed (the component by any name it goes by).
  /// - Returns: The key.
  /// - Throws: ``EvidenceError/unknownItem(_:)`` or ``LookupError``.
  func currentItem(_ text: String) throws -> ItemKey {
    guard let key = ItemKey(try components.resolveItemKey(text)) else {
      throw EvidenceError.unknownItem(text)
    }
    let items = try componentCriteria(key.component, platform: nil).items
    guard items.contains(where: { $0.key == key }) else { throw EvidenceError.unknownItem(text) }
    return key
  }
}
