import ExhibitStorage

/// Conformance reports as every backend runs them: an audit's report drafted from its verdicts,
/// the levels auditors decide and who signs the reports, over one connection (``CatalogueSQL``),
/// SQLite's or PostgreSQL's.
package struct ConformanceOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  private var audits: AuditRegistry { AuditRegistry(connection: sql) }
  private var ledger: ConformanceLedger { ConformanceLedger(connection: sql) }

  /// An audit's conformance report: the draft from its verdicts with the decided levels over it,
  /// the Section 508 and EN 301 549 criteria with the WCAG ones.
  /// - Throws: ``ConformanceError/noLinks(audit:)`` for an audit with no live link,
  ///   ``AuditError`` or the backend's error.
  package func acrDraft(audit name: String?, signOffs: ACRSignOffs = ACRSignOffs()) throws
    -> (audit: Audit, draft: ACRDraft)
  {
    guard let audit = try audits.current(name) else { throw AuditError.unknownAudit(name ?? "(none)") }
    let links: Int64 =
      try sql.first(
        "SELECT count(*) AS n FROM evidence_link WHERE audit_id = ? AND retracted_at IS NULL", [audit.id])?
      .decode("n") ?? 0
    guard links > 0 else { throw ConformanceError.noLinks(audit: "\(audit.id) (\(audit.name))") }
    // Every link of the audit read once, then each component's coverage computed from its share
    // by the one rule, as `coverage` computes it.
    let rows = Dictionary(grouping: try EvidenceLinkRow.fetch(sql, where: "l.audit_id = ?", [audit.id])) {
      $0.itemKey.component
    }
    let current = try ClosedAuditRecord(connection: sql).itemsByComponent(audit: audit.id)
    let scope = try audits.componentsInScope(audit).compactMap { entry in
      current[entry.component].map { (component: entry.component, criteria: $0) }
    }
    // The coverage rule is pure work on what was read: spread over the cores.
    let components = scope.concurrentMap { entry in
      ACRDraft.Component(
        title: entry.criteria.document.title,
        coverage: Coverage(
          component: entry.component, criteria: entry.criteria, links: rows[entry.component] ?? [],
          platform: nil), signOffs: signOffs)
    }
    // A closed audit reads the workspace's mapping rows as they stood at its close.
    let through = try ClosedAuditRecord(connection: sql).wcagOverridesThrough(audit.id)
    let mapping = WCAGMapping.defaults.with(overrides: try ledger.overrides(through: through))
    return (
      audit,
      ACRDraft(
        components: components, mapping: mapping, clauseMapping: ACRDraft.clauseMapping,
        decisions: try ledger.decisions(audit: audit.id), signOffs: signOffs)
    )
  }

  /// Who signs the catalogue's reports, when it was set.
  /// - Throws: The backend's error.
  package func acrAuthor() throws -> OpenACRDocument.Author? { try ledger.author() }

  /// Sets who signs the catalogue's reports; audited.
  /// - Throws: The backend's error.
  package func setACRAuthor(_ author: OpenACRDocument.Author, actor: String) throws {
    try ledger.setAuthor(author, actor: actor)
  }

  /// Decides a level of an audit's report for one criterion and component type; audited.
  /// - Throws: ``ConformanceError``, ``AuditError`` or the backend's error.
  package func setACRLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType, level: ConformanceLevel,
    remarks: String, actor: String
  ) throws -> ACRDecision {
    guard let audit = try audits.current(name) else { throw AuditError.unknownAudit(name ?? "(none)") }
    let types = Set(try audits.componentsInScope(audit).map { ACRComponentType($0.component.family) })
    guard types.contains(componentType) else {
      throw ConformanceError.componentTypeNotInAudit(componentType, audit: "\(audit.id) (\(audit.name))")
    }
    return try ledger.set(
      ACRDecision(
        criterion: criterion, componentType: componentType, level: level, remarks: remarks, actor: actor,
        at: ""),
      audit: audit.id, closed: audit.state == .closed, name: "\(audit.id) (\(audit.name))")
  }
}
