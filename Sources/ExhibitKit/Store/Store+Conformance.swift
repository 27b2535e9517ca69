import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Conformance: the WCAG mapping with the workspace's own rows, an audit's report drafted from its
/// verdicts, and the levels auditors decide (``ACRDraft``).
extension Store {

  /// Exhibit's default mapping with the workspace's own rows over it.
  /// - Throws: ``SQLiteError``.
  public func wcagMapping() throws -> WCAGMapping {
    try operations.wcagMapping()
  }

  /// Maps a current criteria item to a success criterion for this workspace; audited.
  /// - Throws: ``ConformanceError``, ``EvidenceError/unknownItem(_:)``, ``LookupError`` or
  ///   ``SQLiteError``.
  @discardableResult
  public func mapWCAG(item: String, criterion: String, relation: WCAGRelation, reason: String, actor: String)
    throws -> WCAGMappingRow
  {
    try operations.mapWCAG(item: item, criterion: criterion, relation: relation, reason: reason, actor: actor)
  }

  /// Each current document's own list of related criteria against the mapping: every component
  /// whose document has such a list, or the one named.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func wcagCrossCheck(component name: String? = nil) throws -> [WCAGCrossCheck] {
    try connection.reading { try conformanceOperations.wcagCrossCheck(component: name) }
  }

  /// Conformance operations as every backend runs them.
  var conformanceOperations: ConformanceOperations { ConformanceOperations(sql: connection) }

  /// An audit's conformance report: the draft from its verdicts with the decided levels over it.
  /// - Throws: ``ConformanceError/noLinks(audit:)`` for an audit with no live link,
  ///   ``AuditError`` or ``SQLiteError``.
  public func acrDraft(audit name: String? = nil) throws -> (audit: Audit, draft: ACRDraft) {
    try connection.reading { try conformanceOperations.acrDraft(audit: name) }
  }

  /// Who signs the workspace's reports (`exhibit acr author`), when it was set.
  /// - Throws: ``SQLiteError``.
  public func acrAuthor() throws -> OpenACRDocument.Author? {
    try connection.reading { try conformanceOperations.acrAuthor() }
  }

  /// Sets who signs the workspace's reports; audited.
  /// - Throws: ``SQLiteError``.
  public func setACRAuthor(_ author: OpenACRDocument.Author, actor: String) throws {
    try conformanceOperations.setACRAuthor(author, actor: actor)
  }

  /// Decides a level of an audit's report for one criterion and component type; audited.
  /// - Throws: ``ConformanceError`` (an unknown criterion or level, a type the audit does not
  ///   cover, not-evaluated below AAA, a closed audit), ``AuditError`` or ``SQLiteError``.
  @discardableResult
  public func setACRLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType, level: ConformanceLevel,
    remarks: String, actor: String
  ) throws -> ACRDecision {
    try conformanceOperations.setACRLevel(
      audit: name, criterion: criterion, componentType: componentType, level: level, remarks: remarks,
      actor: actor)
  }
}
