import ExhibitModel

/// Where evidence links are kept: the seam the SQLite workspace (``Store``) and the PostgreSQL
/// catalogue (ExhibitPostgres' `PostgresCatalogue`) implement. Both run ``LinkOperations`` over
/// their own connection, so the same requests give the same links, refusals and audit events on
/// either; the contract suite makes the same links on both.
public protocol LinkStorage {
  /// Links a recording, a segment of it, a screenshot or an observation to a criterion with a
  /// verdict, in an audit; audited as `link.create`. The same link again is the one stored.
  /// - Throws: ``EvidenceError``, ``RecordingLookupError``, ``LookupError``, ``AuditError`` or the
  ///   backend's error; nothing is written then.
  func link(_ request: LinkRequest) async throws -> EvidenceLink

  /// Retracts a live link with a reason; the same retraction again answers with the link as it is.
  /// - Throws: ``EvidenceError``, ``AuditError`` or the backend's error.
  func unlink(_ id: Int64, reason: String, actor: String, audit: String?) async throws -> EvidenceLink

  /// One link by id.
  /// - Throws: ``EvidenceError/unknownLink(_:)`` or the backend's error.
  func evidenceLink(_ id: Int64) async throws -> EvidenceLink

  /// The coverage matrix of a component's current criteria in an audit: the one named, else the
  /// one in use.
  /// - Throws: ``LookupError``, ``AuditError`` or the backend's error.
  func coverage(_ component: ComponentID, platform: Platform?, audit: String?) async throws -> Coverage

  /// Cues whose words match an item's, as links waiting for an auditor, in the audit named or in use.
  /// - Throws: ``AuditError`` or the backend's error.
  func suggestions(component: ComponentID?, audit: String?) async throws -> [Suggestion]

  /// Records accepted suggestions as untested links; one that cannot be linked is returned with
  /// its reason.
  /// - Throws: ``AuditError`` or the backend's error.
  func accept(_ suggestions: [Suggestion], auditor: String, audit: String?) async throws -> [Suggestion]

  /// What waits for a decision in the audit: suggestions, and suggestions accepted earlier as
  /// untested links.
  /// - Throws: ``AuditError`` or the backend's error.
  func pendingSuggestions(component: ComponentID?, audit: String?) async throws -> [Suggestion]

  /// Decides suggestions: a link with the decision's verdict by `auditor` for each, or a dismissal.
  /// - Throws: ``AuditError`` or the backend's error; nothing is stored then.
  func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String, audit: String?
  ) async throws -> [Suggestion]

  /// Audit events, oldest first: all, or those about a component, a recording or an item.
  /// - Throws: ``LookupError``, ``RecordingLookupError``, ``AuditError`` or the backend's error.
  func history(_ subject: String?, audit: String?) async throws -> [AuditEvent]

  /// The reviewer's page of a component: criteria, coverage, recordings with cues and live links.
  /// - Throws: ``LookupError``, ``AuditError`` or the backend's error.
  func reviewerPage(component name: String, platform: Platform?, audit: String?) async throws -> ReviewerPage
}
