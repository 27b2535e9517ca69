import ExhibitModel
import ExhibitStorage

// Writes of verdicts that findings follow: each runs in one transaction with the refresh of the
// findings of the audit it wrote to (``FindingOperations/refresh(audit:components:actor:)``), so a
// fail and the finding it starts are stored together, whichever engine, whichever front end.

extension CatalogueOperations {
  /// Links evidence with a verdict (``LinkOperations/link(_:)``); the audit's findings follow.
  /// The same evidence again writes nothing, so they have nothing to follow: they followed the
  /// link in the transaction that stored it.
  /// - Throws: What the link throws; nothing is stored then.
  func link(_ request: LinkRequest) throws -> EvidenceLink {
    try sql.transaction {
      let (link, isNew) = try LinkOperations(sql: sql).link(request)
      if isNew {
        try followFindings(audit: link.audit, components: [link.item.component], actor: link.auditor)
      }
      return link
    }
  }

  /// Closes an audit (``AuditOperations/closeAudit(_:actor:)``), its findings first brought up to
  /// date with its verdicts in the same transaction, so the close seals a finding for every fail.
  /// - Throws: ``AuditError`` or the backend's error; nothing is stored then.
  func closeAudit(_ name: String, actor: String) throws -> Audit {
    try sql.transaction {
      let audit = try AuditRegistry(connection: sql).resolve(name)
      if audit.state == .open { try FindingOperations(sql: sql).refresh(audit: audit.id, actor: actor) }
      return try AuditOperations(sql: sql).closeAudit(name, actor: actor)
    }
  }

  /// Retracts a link (``LinkOperations/unlink(_:reason:actor:audit:)``); the audit's findings follow.
  /// - Throws: What the retraction throws; nothing is stored then.
  func unlink(_ id: Int64, reason: String, actor: String, audit: String?) throws -> EvidenceLink {
    try sql.transaction {
      let link = try LinkOperations(sql: sql).unlink(id, reason: reason, actor: actor, audit: audit)
      try followFindings(audit: link.audit, components: [link.item.component], actor: actor)
      return link
    }
  }

  /// Decides suggestions (``LinkOperations/decide(_:decision:auditor:note:audit:)``); the audit's
  /// findings follow.
  /// - Throws: What the decision throws; nothing is stored then.
  func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String, audit: String?
  ) throws -> [Suggestion] {
    try sql.transaction {
      let decided = try LinkOperations(sql: sql).decide(
        suggestions, decision: decision, auditor: auditor, note: note, audit: audit)
      if let round = try AuditRegistry(connection: sql).current(audit)?.id {
        try followFindings(audit: round, components: Set(decided.map(\.item.component)), actor: auditor)
      }
      return decided
    }
  }

  /// Two rounds compared (``AuditOperations/compareAudits(_:_:component:platform:)``), with where
  /// the product's findings stand after the newer one.
  /// - Throws: ``AuditError`` or the backend's error.
  func compareAudits(_ old: String, _ new: String, component: String?, platform: Platform?) throws
    -> AuditComparison
  {
    var comparison = try AuditOperations(sql: sql).compareAudits(
      old, new, component: component, platform: platform)
    comparison.findings = try FindingOperations(sql: sql).moves(in: new)
    return comparison
  }

  /// The audit's findings follow its verdicts, and the approvals of columns whose verdicts
  /// changed are voided (``ApprovalOperations/voidChangedVerdicts(audit:components:actor:)``).
  private func followFindings(audit: Int64, components: Set<ComponentID>, actor: String) throws {
    try FindingOperations(sql: sql).refresh(audit: audit, components: components, actor: actor)
    try ApprovalOperations(sql: sql).voidChangedVerdicts(audit: audit, components: components, actor: actor)
  }
}
