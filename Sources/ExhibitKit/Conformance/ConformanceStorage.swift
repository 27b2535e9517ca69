import ExhibitModel

/// Where an audit's conformance report is decided: the seam the SQLite workspace (``Store``) and
/// the PostgreSQL catalogue (ExhibitPostgres' `PostgresCatalogue`) implement, both by running
/// ``ConformanceOperations`` over their own connection.
public protocol ConformanceStorage {
  /// An audit's conformance report: the draft from its verdicts with the decided levels over it.
  /// - Throws: ``ConformanceError/noLinks(audit:)`` for an audit with no live link, ``AuditError``
  ///   or the backend's error.
  func acrDraft(audit name: String?) async throws -> (audit: Audit, draft: ACRDraft)

  /// Who signs the catalogue's reports, when it was set.
  /// - Throws: The backend's error.
  func acrAuthor() async throws -> OpenACRDocument.Author?

  /// Sets who signs the catalogue's reports; audited.
  /// - Throws: The backend's error.
  func setACRAuthor(_ author: OpenACRDocument.Author, actor: String) async throws

  /// Decides a level of an audit's report for one criterion and component type; audited.
  /// - Throws: ``ConformanceError``, ``AuditError`` or the backend's error.
  @discardableResult
  func setACRLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType, level: ConformanceLevel,
    remarks: String, actor: String
  ) async throws -> ACRDecision
}
