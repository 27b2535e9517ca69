import ExhibitModel
import ExhibitStorage

// Sign-off where it meets the other domains: a level decided voids the approval of the level it
// replaces, in its transaction; an audit closed with `requireApproval` is refused while anything
// deciding is unapproved; coverage shows who approved each column. (A verdict written voids the
// approval of its column in the transaction that writes it: CatalogueOperations+Findings.)

extension CatalogueOperations {
  /// Decides a level (``ConformanceOperations/setACRLevel(audit:criterion:componentType:level:remarks:actor:)``);
  /// the approval of the level it replaces is voided.
  /// - Throws: What the decision throws; nothing is stored then.
  func setACRLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType, level: ConformanceLevel,
    remarks: String, actor: String
  ) throws -> ACRDecision {
    try sql.transaction {
      let decision = try ConformanceOperations(sql: sql).setACRLevel(
        audit: name, criterion: criterion, componentType: componentType, level: level, remarks: remarks,
        actor: actor)
      if let audit = try AuditRegistry(connection: sql).current(name) {
        try ApprovalOperations(sql: sql).voidLevel(
          audit: audit.id, criterion: criterion, componentType: componentType, actor: actor)
      }
      return decision
    }
  }

  /// Closes an audit (``closeAudit(_:actor:)``), refused with `requireApproval` while any verdict
  /// judged in it or any level decided is unapproved.
  /// - Throws: ``ApprovalError/unapproved(audit:subjects:)``, what the close throws; nothing is
  ///   stored then.
  func closeAudit(_ name: String, actor: String, requireApproval: Bool) throws -> Audit {
    try sql.transaction {
      if requireApproval {
        let audit = try AuditRegistry(connection: sql).resolve(name)
        if audit.state == .open {
          let missing = try ApprovalOperations(sql: sql).unapproved(audit)
          guard missing.isEmpty else {
            throw ApprovalError.unapproved(audit: "\(audit.id) (\(audit.name))", subjects: missing)
          }
        }
      }
      return try closeAudit(name, actor: actor)
    }
  }

  /// A component's coverage (``LinkOperations/coverage(_:platform:audit:)``) with each column's
  /// standing approval, when it covers the column's verdicts as they are.
  /// - Throws: What coverage throws.
  func coverage(_ component: ComponentID, platform: Platform?, audit name: String?) throws -> Coverage {
    var coverage = try LinkOperations(sql: sql).coverage(component, platform: platform, audit: name)
    guard let audit = try AuditRegistry(connection: sql).current(name) else { return coverage }
    let standing = try ApprovalOperations(sql: sql).standing(audit: audit.id).filter { $0.kind == .verdict }
    guard !standing.isEmpty else { return coverage }
    var byColumn: [String: Approval] = [:]
    for approval in standing {
      byColumn[approval.columnKey] = approval
    }
    coverage.markApproved { item, cell in
      guard
        let approval = byColumn[Coverage.columnKey(item.description, cell.platform, cell.assistiveTech)],
        approval.covers == cell.decidingLinks
      else { return nil }
      return (approval.approver, approval.approvedAt)
    }
    return coverage
  }

  /// An audit's progress (``AuditOperations/auditProgress(_:)``) with its approvals counted.
  /// - Throws: What the progress throws.
  func auditProgress(_ name: String?) throws -> AuditProgress {
    var progress = try AuditOperations(sql: sql).auditProgress(name)
    let standing = try ApprovalOperations(sql: sql).standing(audit: progress.audit.id)
    progress.audit.tallies?.approved = standing.filter { $0.kind == .verdict }.count
    progress.audit.tallies?.approvedLevels = standing.filter { $0.kind == .level }.count
    return progress
  }

  /// An audit's conformance report (``ConformanceOperations/acrDraft(audit:signOffs:)``) with who
  /// approved its decided levels and the verdicts behind them.
  /// - Throws: What the draft throws.
  func acrDraft(audit name: String?) throws -> (audit: Audit, draft: ACRDraft) {
    var signOffs = ACRSignOffs()
    if let audit = try AuditRegistry(connection: sql).current(name) {
      for approval in try ApprovalOperations(sql: sql).standing(audit: audit.id) {
        let signOff = ACRSignOffs.SignOff(
          approver: approval.approver, at: approval.approvedAt, covers: approval.covers)
        switch approval.kind {
        case .verdict:
          guard let item = approval.item.flatMap(ItemKey.init), let platform = approval.platform else {
            continue
          }
          signOffs.columns[ACRSignOffs.column(item, platform, approval.assistiveTech)] = signOff
        case .level:
          signOffs.levels["\(approval.criterion ?? "") \(approval.componentType?.rawValue ?? "")"] = signOff
        }
      }
    }
    return try ConformanceOperations(sql: sql).acrDraft(audit: name, signOffs: signOffs)
  }

  /// Confirms an item's carried verdicts in a retest (``AuditOperations/confirmCarried(_:audit:column:note:actor:)``);
  /// the approval of a column whose links that changed is voided.
  /// - Throws: What the confirmation throws; nothing is stored then.
  func confirmCarried(
    _ item: String, audit name: String?, column: CarriedColumn, note: String?, actor: String
  )
    throws -> [EvidenceLink]
  {
    try sql.transaction {
      let links = try AuditOperations(sql: sql).confirmCarried(
        item, audit: name, column: column, note: note, actor: actor)
      if let audit = links.first?.audit {
        try ApprovalOperations(sql: sql).voidChangedVerdicts(
          audit: audit, components: Set(links.map(\.item.component)), actor: actor)
      }
      return links
    }
  }
}
