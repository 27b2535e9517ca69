import ExhibitSQLite
import ExhibitStorage
import Foundation

// The store's front door and the one composer: each method hands off to the domain that owns
// the data, and work that spans domains (an import that carries links forward and attributes
// recordings again, a recording's detail with its links) is put together here, so no domain
// calls one above it. No rule lives here; read the domain's type for what a call does.

extension Store {
  /// Component names and aliases.
  var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// Catalogued recordings.
  var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// The catalogue's writer, for the cataloguer.
  var catalogueWriter: CatalogueWriter { CatalogueWriter(connection: connection) }
  /// Evidence links.
  var ledger: EvidenceLedger { EvidenceLedger(connection: connection) }
  /// The audit trail.
  var auditTrail: AuditTrail { AuditTrail(connection: connection) }
  /// Products and audits.
  var audits: AuditRegistry { AuditRegistry(connection: connection) }
  /// Audit operations as every backend runs them.
  var auditOperations: AuditOperations { AuditOperations(sql: connection) }
  /// Link operations as every backend runs them.
  var linkOperations: LinkOperations { LinkOperations(sql: connection) }
  /// The composer's operations as every backend runs them.
  var operations: CatalogueOperations { CatalogueOperations(sql: connection) }

  // MARK: Criteria

  /// Stores parsed criteria documents as revisions, each import audited (``CriteriaLibrary``), in
  /// one transaction: links of unchanged items move to each new revision (``EvidenceLedger``), and
  /// recordings are attributed again when a revision was written (``CatalogueWriter``).
  /// - Throws: ``SQLiteError``; nothing of the batch is stored then.
  public func importCriteria(_ documents: [CriteriaDocument], actor: String) throws -> [CriteriaImportOutcome]
  {
    try operations.importCriteria(documents, actor: actor)
  }

  /// The newest revision of each criteria document, for one component or all, primary first.
  /// - Throws: ``SQLiteError``.
  public func criteriaDocuments(component: ComponentID? = nil, platform: Platform? = nil) throws
    -> [CriteriaDocumentSummary]
  {
    try operations.criteriaDocuments(component: component, platform: platform)
  }

  /// A component's current criteria, for one platform or all.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func componentCriteria(_ component: ComponentID, platform: Platform? = nil) throws
    -> ComponentCriteria
  {
    try operations.componentCriteria(component, platform: platform)
  }

  /// Resolves what a user typed (identifier, bare slug or alias) to one component.
  /// - Throws: ``LookupError`` naming the choices when the name is ambiguous.
  public func resolveComponent(_ name: String) throws -> ComponentID {
    try components.resolve(name)
  }

  /// Resolves an item key whose component part may be any name ``resolveComponent(_:)`` takes.
  /// - Throws: ``LookupError``.
  public func resolveItemKey(_ key: String) throws -> String {
    try components.resolveItemKey(key)
  }

  /// Component slugs already imported, to recognise them in documents that name none.
  /// - Throws: ``SQLiteError``.
  public func knownComponentSlugs() throws -> [String] {
    try components.knownComponentSlugs()
  }

  // MARK: Recordings

  /// Catalogued recordings, filtered, ordered by component then path (``RecordingLibrary``).
  /// - Throws: ``SQLiteError``.
  public func recordings(
    component: ComponentID? = nil, platform: Platform? = nil, status: RecordingStatus? = nil,
    unattributed: Bool = false
  )
    throws -> [RecordingSummary]
  {
    try operations.recordings(
      component: component, platform: platform, status: status, unattributed: unattributed)
  }

  /// Catalogues the recordings a scope holds into this workspace (``Cataloguer``).
  /// - Returns: What the run did.
  /// - Throws: ``SQLiteError`` (batches already committed stay) or ``MediaLibraryError``.
  public func catalogueRecordings(
    _ scope: CatalogueScope, actor: String, batchSize: Int = 64, storage: (any EvidenceStorage)? = nil,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) async throws -> CatalogueSummary {
    try await Cataloguer(store: self, actor: actor).run(
      scope, batchSize: batchSize, storage: storage, progress: progress)
  }

  /// Remembers caption files found without a recording beside them (``CatalogueWriter/noteOrphanCaptions(_:)``).
  /// - Returns: Those not noted before, or changed since: the ones to warn about.
  /// - Throws: ``SQLiteError``.
  public func noteOrphanCaptions(_ paths: [String]) throws -> [String] {
    try catalogueWriter.noteOrphanCaptions(paths)
  }

  /// Sets a recording's component, platform, screen reader, browser, OS version or device by
  /// hand (``RecordingCorrection``), audited; nothing is written when any field is refused.
  /// - Returns: The recording's row id.
  /// - Throws: ``RecordingLookupError``, ``LookupError`` (an unknown component),
  ///   ``RecordingCorrectionError`` or ``SQLiteError``.
  @discardableResult
  public func setRecording(
    _ reference: String, _ correction: RecordingCorrection, actor: String,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws -> Int64 {
    try operations.setRecording(reference, correction, actor: actor, currentDirectory: currentDirectory)
  }

  /// Everything stored about the recording `reference` names (``resolveRecording(_:currentDirectory:)``).
  /// - Throws: ``RecordingLookupError`` or ``SQLiteError``.
  public func recordingDetail(_ reference: String, currentDirectory: String) throws -> RecordingDetail {
    try operations.recordingDetail(reference, currentDirectory: currentDirectory)
  }

  /// Finds a recording by path or by a SHA-256 prefix of at least 8 hex digits.
  /// - Throws: ``RecordingLookupError``.
  public func resolveRecording(
    _ reference: String, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws -> Int64 {
    try recordings.resolveRecording(reference, currentDirectory: currentDirectory)
  }

  /// Everything stored about one recording: paths, streams, captions with cues, links.
  /// - Throws: ``RecordingLookupError`` or ``SQLiteError``.
  public func recordingDetail(id: Int64, audit: String? = nil) throws -> RecordingDetail {
    try operations.recordingDetail(id: id, audit: audit)
  }

  /// Everything stored about the recording whose SHA-256 is `sha256`, with the links of the
  /// audit `audit` names (every link when nil).
  /// - Throws: ``RecordingLookupError``, ``AuditError`` or ``SQLiteError``.
  public func recordingDetail(sha256: String, audit: String?) throws -> RecordingDetail {
    try operations.recordingDetail(sha256: sha256, audit: audit)
  }

  /// The attributor, knowing the imported components, that tells what a recording is of.
  /// - Throws: ``SQLiteError``.
  public func recordingAttributor() throws -> RecordingAttributor {
    try catalogueWriter.recordingAttributor()
  }

  /// Attributes catalogued recordings again with the components now imported.
  /// - Returns: How many recordings changed attribution.
  /// - Throws: ``SQLiteError``.
  public func refreshAttribution(paths: [String]? = nil) throws -> Int {
    try catalogueWriter.refreshAttribution(paths: paths)
  }

  // MARK: Evidence

  /// Links a recording (or a segment of it) to a criteria item with a verdict (``EvidenceLedger``).
  /// - Throws: ``EvidenceError``, ``LookupError``, ``RecordingLookupError`` or ``SQLiteError``.
  public func link(_ request: LinkRequest) throws -> EvidenceLink {
    try operations.link(request)
  }

  /// Retracts a live link with a reason (trimmed); the same retraction by the same auditor again
  /// answers with the link as it is, so running it twice is safe.
  /// - Throws: ``EvidenceError`` or ``SQLiteError``.
  public func unlink(_ id: Int64, reason: String, actor: String, audit: String? = nil) throws -> EvidenceLink
  {
    try operations.unlink(id, reason: reason, actor: actor, audit: audit)
  }

  /// One link by id.
  /// - Throws: ``EvidenceError/unknownLink(_:)`` or ``SQLiteError``.
  public func evidenceLink(_ id: Int64) throws -> EvidenceLink {
    try linkOperations.evidenceLink(id)
  }

  /// The coverage matrix of a component's current criteria in an audit (``CoverageQuery``,
  /// ``Coverage``): the one named, else the one in use (``currentAudit(_:)``).
  /// - Throws: ``LookupError``, ``AuditError`` or ``SQLiteError``.
  public func coverage(_ component: ComponentID, platform: Platform? = nil, audit: String? = nil) throws
    -> Coverage
  {
    try connection.reading {
      try CoverageQuery(connection: connection).coverage(
        component, platform: platform, audit: try audits.current(audit)?.id)
    }
  }

  /// Cues whose words match an item's, as links waiting for an auditor (``SuggestionQueries``).
  /// - Throws: ``SQLiteError``.
  public func suggestions(component: ComponentID? = nil, audit: String? = nil) throws -> [Suggestion] {
    try linkOperations.suggestions(component: component, audit: audit)
  }

  /// Records accepted suggestions as links; one that cannot be linked is returned with its reason.
  /// - Throws: ``SQLiteError``.
  public func accept(_ suggestions: [Suggestion], auditor: String, audit: String? = nil) throws
    -> [Suggestion]
  {
    try linkOperations.accept(suggestions, auditor: auditor, audit: audit)
  }

  /// What waits for a decision in the audit: suggestions, and suggestions accepted earlier as
  /// untested links (``Suggestion/acceptedLink`` set).
  /// - Throws: ``LookupError``, ``AuditError`` or ``SQLiteError``.
  public func pendingSuggestions(component: ComponentID? = nil, audit: String? = nil) throws -> [Suggestion] {
    try connection.reading { try linkOperations.pendingSuggestions(component: component, audit: audit) }
  }

  /// Decides suggestions: a link with the decision's verdict by `auditor` for each, or a
  /// dismissal; an untested link a suggestion was accepted as is retracted. One that cannot be
  /// linked is returned with its reason; the rest are decided.
  /// - Throws: ``AuditError`` or ``SQLiteError``; nothing is stored then.
  public func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String = "",
    audit: String? = nil
  ) throws -> [Suggestion] {
    try operations.decide(suggestions, decision: decision, auditor: auditor, note: note, audit: audit)
  }

  /// Audit events, oldest first: all, or those about a component, a recording or an item (``AuditTrail``).
  /// - Throws: ``LookupError``, ``RecordingLookupError`` or ``SQLiteError``.
  public func history(_ subject: String? = nil, audit: String? = nil) throws -> [AuditEvent] {
    try connection.reading { try linkOperations.history(subject, audit: audit) }
  }

  /// Walks the audit chain and names the first event that breaks it.
  /// - Throws: ``SQLiteError``.
  public func verifyAuditChain() throws -> AuditChainReport {
    try connection.reading { try auditTrail.verifyChain() }
  }

  /// The reviewer's page of a component: criteria, coverage, recordings with cues and live links.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func reviewerPage(component name: String, platform: Platform? = nil, audit: String? = nil) throws
    -> ReviewerPage
  {
    try connection.reading {
      try linkOperations.reviewerPage(component: name, platform: platform, audit: audit)
    }
  }

  // MARK: Search and bundles

  /// Searches criteria, captions, recording names and notes, ranked by bm25 (``SearchIndex``).
  /// - Throws: ``SearchError``, ``LookupError`` or ``SQLiteError``.
  public func search(_ request: SearchRequest) throws -> SearchResults {
    let index = SearchIndex(connection: connection, statistics: phraseStatistics)
    guard !connection.isInTransaction, let helper = searchHelper else {
      return try connection.reading { try index.search(request) }
    }
    return try helper.search(request, with: index)
  }

  /// What a bundle of a component on a platform holds (``BundleGathering``).
  /// - Throws: ``LookupError``, ``BundleError`` or ``SQLiteError``.
  public func bundleContents(
    component name: String, platform: Platform, date: String,
    tested: BundleContents.TestedProduct = BundleContents.TestedProduct(), audit: String? = nil
  ) throws -> BundleContents {
    try operations.bundleContents(
      component: name, platform: platform, date: date, tested: tested, audit: audit)
  }

}

// MARK: Media and accounts

extension Store {
  /// The present file holding a recording's bytes, by its full SHA-256; nil when none is present.
  /// - Throws: ``SQLiteError``.
  public func mediaFile(sha256: String) throws -> MediaFile? {
    try recordings.mediaFile(sha256: sha256)
  }

  /// A recording's caption files, in the order ``recordingDetail(id:)`` lists its tracks.
  /// - Throws: ``SQLiteError``.
  public func captionFiles(sha256: String) throws -> [MediaFile] {
    try recordings.captionFiles(sha256: sha256)
  }

  /// The SHA-256 of the recording catalogued at an absolute path, or nil.
  /// - Throws: ``SQLiteError``.
  public func recordingSHA256(atPath path: String) throws -> String? {
    try recordings.sha256(atPath: path)
  }

  /// The web workspace's accounts, by name (``AccountDirectory``).
  /// - Throws: ``SQLiteError``.
  public func accounts() throws -> [Account] {
    try AccountDirectory(connection: connection).accounts()
  }

  /// Adds an account whose password the caller has hashed with bcrypt; audited.
  /// - Throws: ``AccountError`` or ``SQLiteError``.
  @discardableResult
  public func addAccount(
    name: String, role: AccountRole, passwordHash: String, actor: String, at now: Date = Date()
  )
    throws -> Account
  {
    try AccountDirectory(connection: connection).add(
      name: name, role: role, passwordHash: passwordHash, actor: actor, at: now)
  }

  /// Removes an account and ends its sessions; audited.
  /// - Throws: ``AccountError/unknown(_:)`` or ``SQLiteError``.
  public func removeAccount(name: String, actor: String, at now: Date = Date()) throws {
    try AccountDirectory(connection: connection).remove(name: name, actor: actor, at: now)
  }

  /// An account with its bcrypt hash, to check a sign-in against.
  /// - Throws: ``SQLiteError``.
  public func accountCredentials(name: String) throws -> (account: Account, passwordHash: String)? {
    try AccountDirectory(connection: connection).credentials(name: name)
  }

  /// Starts a sign-in session, stored by the SHA-256 of its token.
  /// - Throws: ``SQLiteError``.
  public func startSession(
    tokenSHA256: String, account: String, at now: Date = Date(), lifetime: TimeInterval
  )
    throws
  {
    try AccountDirectory(connection: connection).startSession(
      tokenSHA256: tokenSHA256, account: account, at: now, lifetime: lifetime)
  }

  /// The account of a live session, or nil.
  /// - Throws: ``SQLiteError``.
  public func sessionAccount(tokenSHA256: String, at now: Date = Date()) throws -> Account? {
    try AccountDirectory(connection: connection).sessionAccount(tokenSHA256: tokenSHA256, at: now)
  }

  /// Ends a session.
  /// - Throws: ``SQLiteError``.
  public func endSession(tokenSHA256: String) throws {
    try AccountDirectory(connection: connection).endSession(tokenSHA256: tokenSHA256)
  }

  /// The key web pages sign CSRF tokens with, stored from `fresh` the first time.
  /// - Throws: ``SQLiteError``.
  public func webSecret(orStore fresh: String) throws -> String {
    try AccountDirectory(connection: connection).webSecret(orStore: fresh)
  }

  /// The failed sign-ins under each of `keys` whose last came after `since`.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  public func signInFailures(_ keys: [String], since: Date) throws -> [String: SignInFailureCount] {
    try AccountDirectory(connection: connection).signInFailures(keys, since: since)
  }

  /// Counts one failure under each of `keys` at `now`.
  /// - Throws: ``SQLiteError``.
  public func recordSignInFailure(_ keys: [String], at now: Date, window: TimeInterval) throws {
    try AccountDirectory(connection: connection).recordSignInFailure(keys, at: now, window: window)
  }

  /// Forgets the failures under `key`.
  /// - Throws: ``SQLiteError``.
  public func forgetSignInFailures(_ key: String) throws {
    try AccountDirectory(connection: connection).forgetSignInFailures(key)
  }
}
