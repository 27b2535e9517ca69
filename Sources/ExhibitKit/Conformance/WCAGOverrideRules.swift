import ExhibitModel

/// What a workspace's own row of the WCAG mapping (`exhibit wcag map`) must be, and what the
/// audit trail records of it, the same on every backend.
package enum WCAGOverrideRules {
  /// The reason as stored, trimmed.
  /// - Throws: ``ConformanceError/unknownCriterion(_:)`` for a criterion WCAG 2.2 does not have,
  ///   ``ConformanceError/noReason`` for an empty reason.
  package static func checkedReason(criterion: String, reason: String) throws -> String {
    guard WCAG22.criterion(criterion) != nil else { throw ConformanceError.unknownCriterion(criterion) }
    let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { throw ConformanceError.noReason }
    return reason
  }

  /// The `wcag.map` event of a row.
  package static func entry(
    _ key: ItemKey, criterion: String, relation: WCAGRelation, reason: String, actor: String
  ) -> AuditEntry {
    AuditEntry(
      actor: actor, action: "wcag.map", subject: key.description,
      after: AuditJSON.object([
        "item": key.description, "criterion": criterion, "relation": relation.rawValue, "reason": reason,
      ]))
  }
}
