import ExhibitStorage

/// Evidence links as every backend runs them: made, retracted, read, counted into coverage,
/// over one connection (``CatalogueSQL``), SQLite's or PostgreSQL's, by one copy of the ledger
/// (``EvidenceLedger``).
package struct LinkOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  private var ledger: EvidenceLedger { EvidenceLedger(connection: sql) }

  /// Links a recording, a segment of it or an observation to a criterion with a verdict, audited
  /// (``EvidenceLedger/link(_:)``).
  /// - Returns: The link, and whether it was written now (false: the same evidence again, found
  ///   already stored, and nothing written).
  /// - Throws: ``EvidenceError``, ``RecordingLookupError``, ``LookupError``, ``AuditError`` or the
  ///   backend's error.
  package func link(_ request: LinkRequest) throws -> (link: EvidenceLink, isNew: Bool) {
    var items: [String: CurrentItem] = [:]
    return try ledger.store(request, items: &items)
  }

  /// Retracts a live link with a reason; the same retraction again answers with the link as it is.
  /// - Throws: ``EvidenceError``, ``AuditError`` or the backend's error.
  package func unlink(_ id: Int64, reason: String, actor: String, audit: String?) throws -> EvidenceLink {
    try ledger.unlink(id, reason: reason, actor: actor, audit: audit)
  }

  /// Moves the live links of a component's earlier revisions to a new revision's unchanged items
  /// (``EvidenceLedger/carryForwardLinks(of:to:revision:actor:)``), inside the import's transaction.
  /// - Throws: The backend's error.
  package func carryForwardLinks(
    of document: CriteriaDocument, to documentID: Int64, revision: Int, actor: String
  )
    throws
  {
    try ledger.carryForwardLinks(of: document, to: documentID, revision: revision, actor: actor)
  }

  /// One link by id.
  /// - Throws: ``EvidenceError/unknownLink(_:)`` or the backend's error.
  package func evidenceLink(_ id: Int64) throws -> EvidenceLink { try ledger.evidenceLink(id) }

  /// The coverage matrix of a component's current criteria (`criteria`, read by the caller) in
  /// an audit: the one named, else the one in use.
  /// - Throws: ``AuditError`` or the backend's error.
  ///
  /// A closed audit's coverage is of the criteria it was closed with, whatever `criteria` says.
  package func coverage(_ component: ComponentID, platform: Platform?, audit: String?) throws -> Coverage {
    try CoverageQuery(connection: sql).coverage(
      component, platform: platform, audit: try audits.current(audit)?.id)
  }

  /// The links to recording `id` as its detail lists them, live and retracted: every audit's,
  /// or the named audit's.
  /// - Throws: ``AuditError`` or the backend's error.
  package func links(toRecording id: Int64, audit: String?) throws -> [RecordingDetail.Link] {
    try ledger.links(toRecording: id, audit: try audit.map { try audits.resolve($0).id })
  }
}

extension LinkOperations {
  private var audits: AuditRegistry { AuditRegistry(connection: sql) }

  /// Cues whose words match an item's, as links waiting for an auditor (``SuggestionQueries``),
  /// in the audit named or in use.
  /// - Throws: ``AuditError`` or the backend's error.
  package func suggestions(component: ComponentID?, audit: String?) throws -> [Suggestion] {
    try SuggestionQueries(connection: sql).suggestions(
      component: component, audit: try audits.current(audit)?.id)
  }

  /// Records accepted suggestions as untested links; one that cannot be linked is returned with
  /// its reason.
  /// - Throws: ``AuditError`` or the backend's error.
  package func accept(_ suggestions: [Suggestion], auditor: String, audit: String?) throws -> [Suggestion] {
    try SuggestionQueries(connection: sql).accept(suggestions, auditor: auditor, audit: audit)
  }

  /// What waits for a decision in the audit: suggestions, and suggestions accepted earlier.
  /// - Throws: ``AuditError`` or the backend's error.
  package func pendingSuggestions(component: ComponentID?, audit: String?) throws -> [Suggestion] {
    try SuggestionQueries(connection: sql).pending(component: component, audit: try audits.current(audit)?.id)
  }

  /// Decides suggestions: a link with the decision's verdict for each, or a dismissal.
  /// - Throws: ``AuditError`` or the backend's error; nothing is stored then.
  package func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String, audit: String?
  ) throws -> [Suggestion] {
    try SuggestionQueries(connection: sql).decide(
      suggestions, decision: decision, auditor: auditor, note: note, audit: audit)
  }

  /// Audit events, oldest first: all, or those about a component, a recording or an item, of
  /// the audit named when one is (``AuditTrail``).
  /// - Throws: ``LookupError``, ``RecordingLookupError``, ``AuditError`` or the backend's error.
  package func history(_ subject: String?, audit: String?) throws -> [AuditEvent] {
    try AuditTrail(connection: sql).history(subject, audit: try audit.map { try audits.resolve($0).id })
  }

  /// The reviewer's page of a component: criteria, coverage, recordings with cues and live links.
  /// - Throws: ``LookupError``, ``AuditError`` or the backend's error.
  package func reviewerPage(component name: String, platform: Platform?, audit: String?) throws
    -> ReviewerPage
  {
    try ReviewerPageQuery(connection: sql).reviewerPage(
      component: name, platform: platform, audit: try audits.current(audit)?.id)
  }
}
