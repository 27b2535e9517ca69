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
}
