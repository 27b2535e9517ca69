import ExhibitStorage

/// Sign-off as every backend runs it, over one connection (``CatalogueSQL``): a verdict or a
/// decided level approved by someone who did not judge or decide it, approvals voided by the
/// changes that make them stale, and what an audit still has unapproved.
package struct ApprovalOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  private var ledger: ApprovalLedger { ApprovalLedger(connection: sql) }

  /// The open audit named (the one in use when nil).
  private func openAudit(_ name: String?) throws -> Audit {
    guard let audit = try AuditRegistry(connection: sql).current(name) else {
      throw AuditError.unknownAudit(name ?? "(none)")
    }
    guard audit.state == .open else { throw ApprovalError.closedAudit("\(audit.id) (\(audit.name))") }
    return audit
  }

  /// The segments of a column that hold a verdict.
  static func deciding(_ cell: Coverage.Cell) -> [Coverage.Segment] {
    cell.segments.filter { $0.verdict != .untested }
  }

  /// Approves the verdict of `key` in one column of the audit: the one `platform` and
  /// `screenReader` name, or the only one with verdicts.
  /// - Throws: ``ApprovalError``, ``AuditError``, ``LookupError`` or the backend's error; nothing is
  ///   stored then.
  package func approveVerdict(
    audit name: String?, item key: ItemKey, platform: Platform?, screenReader: String?, approver: String
  ) throws -> Approval {
    try sql.transaction {
      let audit = try openAudit(name)
      let coverage = try CoverageQuery(connection: sql).coverage(key.component, audit: audit.id)
      let cells = (coverage.items.first { $0.key == key }?.cells ?? []).filter {
        !Self.deciding($0).isEmpty && (platform == nil || $0.platform == platform)
          && (screenReader == nil || $0.assistiveTech == screenReader?.lowercased())
      }
      guard let cell = cells.first else { throw ApprovalError.nothingToApprove(key.description) }
      guard cells.count == 1 else {
        throw ApprovalError.whichColumn(key.description, columns: cells.map(Self.columnName))
      }
      let subject = "\(key.description) on \(Self.columnName(cell))"
      if Set(Self.deciding(cell).map(\.auditor)).contains(approver) {
        throw ApprovalError.ownWork(subject, approver: approver)
      }
      let covers = cell.decidingLinks
      if let standing = try ledger.approvals(audit: audit.id, standing: true).first(where: {
        $0.kind == .verdict && $0.item == key.description && $0.platform == cell.platform
          && $0.assistiveTech == cell.assistiveTech
      }) {
        throw ApprovalError.alreadyApproved(subject, by: standing.approver)
      }
      return try ledger.add(
        .init(
          audit: audit.id, kind: .verdict, item: key.description, platform: cell.platform,
          assistiveTech: cell.assistiveTech, covers: covers, approver: approver))
    }
  }

  /// `iOS VoiceOver`, `Web`: a column in words.
  static func columnName(_ cell: Coverage.Cell) -> String {
    cell.platform.displayName
      + (cell.assistiveTech.map { " " + (AssistiveTech(rawValue: $0)?.displayName ?? $0) } ?? "")
  }

  /// Approves the level decided for `criterion` (for `componentType`, or the only type it was
  /// decided for) in the audit's report.
  /// - Throws: ``ApprovalError``, ``AuditError`` or the backend's error; nothing is stored then.
  package func approveLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType?, approver: String
  ) throws -> Approval {
    try sql.transaction {
      let audit = try openAudit(name)
      var latest: [ACRComponentType: ACRDecision] = [:]
      for decision in try ConformanceLedger(connection: sql).decisions(audit: audit.id)
      where decision.criterion == criterion
        && (componentType == nil || decision.componentType == componentType)
      {
        latest[decision.componentType] = decision
      }
      guard let decision = latest.values.first else { throw ApprovalError.nothingToApprove(criterion) }
      guard latest.count == 1 else {
        throw ApprovalError.whichComponentType(criterion, types: latest.keys.map(\.rawValue).sorted())
      }
      let subject = "\(criterion) (\(decision.componentType.rawValue))"
      if decision.actor == approver { throw ApprovalError.ownWork(subject, approver: approver) }
      if let standing = try ledger.approvals(audit: audit.id, standing: true).first(where: {
        $0.kind == .level && $0.criterion == criterion && $0.componentType == decision.componentType
      }) {
        throw ApprovalError.alreadyApproved(subject, by: standing.approver)
      }
      return try ledger.add(
        .init(
          audit: audit.id, kind: .level, criterion: criterion, componentType: decision.componentType,
          covers: decision.at, approver: approver))
    }
  }

  /// Voids every standing verdict approval of `audit` in `components` whose column's live links
  /// are no longer those it covers (a link added or retracted there), in the caller's transaction.
  /// - Throws: The backend's error.
  package func voidChangedVerdicts(audit: Int64, components: Set<ComponentID>, actor: String) throws {
    let standing = try ledger.approvals(audit: audit, standing: true).filter {
      $0.kind == .verdict && $0.item.flatMap(ItemKey.init).map { components.contains($0.component) } == true
    }
    guard !standing.isEmpty else { return }
    let keys = Set(standing.compactMap { $0.item.flatMap(ItemKey.init)?.component })
    var cells: [String: String] = [:]
    for component in keys {
      for item in try CoverageQuery(connection: sql).coverage(component, audit: audit).items {
        for cell in item.cells {
          cells[Coverage.columnKey(item.key.description, cell.platform, cell.assistiveTech)] =
            cell.decidingLinks
        }
      }
    }
    for approval in standing {
      let now =
        cells[approval.columnKey]
        ?? ""
      guard now != approval.covers else { continue }
      try ledger.void(
        approval,
        because: now.isEmpty
          ? "every verdict it approved was retracted"
          : "the verdicts of its column changed (links \(now) now)",
        actor: actor)
    }
  }

  /// Voids the standing approval of the level of `criterion` for `componentType` in `audit`, now
  /// that a new level was decided, in the caller's transaction.
  /// - Throws: The backend's error.
  package func voidLevel(audit: Int64, criterion: String, componentType: ACRComponentType, actor: String)
    throws
  {
    for approval in try ledger.approvals(audit: audit, standing: true)
    where approval.kind == .level && approval.criterion == criterion
      && approval.componentType == componentType
    {
      try ledger.void(approval, because: "a new level was decided", actor: actor)
    }
  }

  /// The standing approvals of `audit`.
  /// - Throws: The backend's error.
  package func standing(audit: Int64) throws -> [Approval] {
    try ledger.approvals(audit: audit, standing: true)
  }

  /// Every approval, standing or voided, of the audit named (the one in use when nil).
  /// - Throws: ``AuditError`` or the backend's error.
  package func approvals(audit name: String?) throws -> [Approval] {
    guard let audit = try AuditRegistry(connection: sql).current(name) else {
      throw AuditError.unknownAudit(name ?? "(none)")
    }
    return try ledger.approvals(audit: audit.id)
  }

  /// What `audit` has unapproved: every column of its scope with a verdict judged in it (not only
  /// carried from an earlier round), and every decided level, that no standing approval covers.
  /// - Throws: The backend's error.
  package func unapproved(_ audit: Audit) throws -> [String] {
    let standing = try ledger.approvals(audit: audit.id, standing: true)
    var verdicts: [String: String] = [:]
    for approval in standing where approval.kind == .verdict {
      verdicts[approval.columnKey] = approval.covers
    }
    var missing: [String] = []
    for entry in try AuditRegistry(connection: sql).componentsInScope(audit) {
      for item in try CoverageQuery(connection: sql).coverage(entry.component, audit: audit.id).items {
        for cell in item.cells where !Self.deciding(cell).isEmpty && !cell.carried {
          let key = Coverage.columnKey(item.key.description, cell.platform, cell.assistiveTech)
          if verdicts[key] != cell.decidingLinks {
            missing.append("\(item.key.description) on \(Self.columnName(cell))")
          }
        }
      }
    }
    var latest: [String: ACRDecision] = [:]
    for decision in try ConformanceLedger(connection: sql).decisions(audit: audit.id) {
      latest["\(decision.criterion) (\(decision.componentType.rawValue))"] = decision
    }
    for (subject, decision) in latest.sorted(by: { $0.key < $1.key })
    where !standing.contains(where: {
      $0.kind == .level && $0.criterion == decision.criterion && $0.componentType == decision.componentType
        && $0.covers == decision.at
    }) {
      missing.append(subject)
    }
    return missing
  }
}
