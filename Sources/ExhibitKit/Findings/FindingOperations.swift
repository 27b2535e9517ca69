import ExhibitModel
import ExhibitStorage
import Foundation

/// Findings as every backend keeps them, over one connection (``CatalogueSQL``): brought up to
/// date with a round's verdicts (``refresh(audit:components:actor:)``), listed, shown, set and
/// merged.
package struct FindingOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  private var audits: AuditRegistry { AuditRegistry(connection: sql) }
  private var ledger: FindingLedger { FindingLedger(connection: sql) }

  // Long: the fails without a finding first, then each finding the round reads, moved by the rules.
  /// Brings the findings of `audit`'s product up to date with what the audit's verdicts say, in
  /// one transaction: a fail in a column no finding holds opens one; a finding whose columns the
  /// round judged moves as ``FindingRules/next(_:outcome:round:found:statusRound:)`` says.
  ///
  /// - Parameters:
  ///   - id: The round's audit id.
  ///   - only: Only these components' columns (and those of the findings they touch);
  ///     nil for every component the audit has links to.
  ///   - actor: Who the events name.
  /// - Returns: How many findings were opened or moved.
  /// - Throws: ``AuditError`` or the backend's error.
  @discardableResult
  package func refresh(audit id: Int64, components only: Set<ComponentID>? = nil, actor: String) throws -> Int
  {
    try sql.transaction {
      let audit = try audits.audit(id)
      let product = try productID(of: id)
      var owners = try ledger.owners(product: product)
      var components = try only ?? FindingRound.linkedComponents(audit: id, sql: sql)
      let touched = try ledger.rows(where: "product_id = ? AND status <> 'merged'", [product]).filter { row in
        row.columns.contains { components.contains($0.item.component) }
      }
      for row in touched { components.formUnion(row.columns.map(\.item.component)) }
      let round = try FindingRound(audit: audit, components: components, sql: sql)
      var changes = 0
      for (column, cell) in round.cells.sorted(by: { $0.key < $1.key })
      where cell.verdict == .fail && owners[column] == nil {
        guard let item = round.item(column), let criteria = round.criteria[column.item.component] else {
          continue
        }
        let row = try ledger.open(
          product: product, audit: id, column: column,
          title: FindingRules.title(
            componentTitle: criteria.document.title, column: column, label: item.label),
          severity: .drafted(for: item.section), actor: actor)
        owners[column] = row.id
        changes += 1
      }
      for row in touched {
        guard
          let next = FindingRules.next(
            row.status, outcome: round.outcome(of: row.columns), round: id, found: row.audit,
            statusRound: row.statusRound)
        else { continue }
        var moved = row
        moved.status = next
        moved.statusRound = id
        moved.statusBy = actor
        moved.reason = ""
        try ledger.write(moved, was: row, action: "finding.status", actor: actor)
        changes += 1
      }
      return changes
    }
  }

  /// The findings of an audit's product found in it or an earlier round, brought up to date first.
  /// - Throws: ``AuditError`` or the backend's error.
  package func findings(audit name: String?, filter: FindingFilter, actor: String) throws
    -> (audit: Audit, findings: [Finding])
  {
    guard let audit = try audits.current(name) else { throw AuditError.unknownAudit(name ?? "(none)") }
    try refresh(audit: audit.id, actor: actor)
    return (audit, try stored(audit, filter: filter))
  }

  /// The findings of an audit's product found in it or an earlier round, as stored: every write
  /// of verdicts keeps them up to date, so a reader (the web's pages) needs no write.
  /// - Throws: ``AuditError`` or the backend's error.
  package func storedFindings(audit name: String?, filter: FindingFilter) throws
    -> (audit: Audit, findings: [Finding])
  {
    guard let audit = try audits.current(name) else { throw AuditError.unknownAudit(name ?? "(none)") }
    return (audit, try stored(audit, filter: filter))
  }

  private func stored(_ audit: Audit, filter: FindingFilter) throws -> [Finding] {
    let product = try productID(of: audit.id)
    let rows = try ledger.rows(where: "product_id = ? AND audit_id <= ?", [product, audit.id])
    return try FindingAssembly(sql: sql, product: audit.product).findings(rows).filter(filter.admits)
  }

  /// Where the findings of `audit`'s product found in it or before stand, as stored (for
  /// `audit compare`, which reads and writes nothing else); nil when there are none.
  /// - Throws: ``AuditError`` or the backend's error.
  package func moves(in audit: String) throws -> FindingMoves? {
    let round = try audits.resolve(audit)
    let rows = try ledger.rows(
      where: "product_id = ? AND audit_id <= ? AND status NOT IN ('merged', 'withdrawn')",
      [try productID(of: round.id), round.id])
    guard !rows.isEmpty else { return nil }
    var moves = FindingMoves()
    for row in rows {
      let reference = Finding.reference(row.id)
      switch row.status {
      case .fixed: moves.fixed.append(reference)
      case .verified: moves.verified.append(reference)
      case .regressed: moves.regressed.append(reference)
      case .open, .filed: moves.open.append(reference)
      case .accepted, .withdrawn, .merged: continue
      }
    }
    return moves
  }

  /// One finding with what it rests on.
  /// - Throws: ``FindingError`` or the backend's error.
  package func detail(_ reference: String) throws -> FindingDetail {
    let row = try self.row(reference)
    let audit = try audits.audit(row.audit)
    return try FindingAssembly(sql: sql, product: audit.product).detail(row)
  }

  /// Sets a finding's title, severity, or status (fixed or accepted, with a reason); audited.
  /// - Throws: ``FindingError`` or the backend's error; nothing is stored then.
  package func set(
    _ reference: String, title: String?, severity: FindingSeverity?, status: FindingStatus?, reason: String?,
    actor: String
  ) throws -> Finding {
    if let status, status != .fixed, status != .accepted {
      throw FindingError.statusNotSettable(status.rawValue)
    }
    let stored = try sql.transaction {
      let row = try self.row(reference)
      if let into = row.mergedInto {
        throw FindingError.merged(Finding.reference(row.id), into: Finding.reference(into))
      }
      var changed = row
      if let title, !title.trimmingCharacters(in: .whitespaces).isEmpty { changed.title = title }
      if let severity { changed.severity = severity }
      if let status {
        let why = reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if status == .accepted, why.isEmpty { throw FindingError.reasonRequired(Finding.reference(row.id)) }
        changed.status = status
        changed.statusBy = actor
        changed.reason = why
      }
      guard changed != row else { return row }
      return try ledger.write(changed, was: row, action: "finding.set", actor: actor)
    }
    let audit = try audits.audit(stored.audit)
    return try FindingAssembly(sql: sql, product: audit.product).findings([stored])[0]
  }

  /// Merges `others` into `survivor`: it takes their columns, they become `merged` into it; audited.
  /// - Returns: The finding that stays.
  /// - Throws: ``FindingError`` or the backend's error; nothing is stored then.
  package func merge(_ survivor: String, _ others: [String], actor: String) throws -> Finding {
    let stored = try sql.transaction {
      var kept = try row(survivor)
      let merging = try others.map { try row($0) }
      guard !merging.isEmpty, !merging.contains(where: { $0.id == kept.id }),
        Set(merging.map(\.id)).count == merging.count
      else { throw FindingError.mergeNeedsTwo }
      for row in [kept] + merging {
        if let into = row.mergedInto {
          throw FindingError.merged(Finding.reference(row.id), into: Finding.reference(into))
        }
        guard row.product == kept.product else {
          throw FindingError.otherProduct(Finding.reference(kept.id), Finding.reference(row.id))
        }
      }
      let before = kept
      for row in merging {
        try ledger.move(row.columns, to: kept.id, product: kept.product)
        kept.columns += row.columns
        var merged = row
        merged.status = .merged
        merged.mergedInto = kept.id
        merged.statusBy = actor
        merged.columns = []
        try ledger.write(merged, was: row, action: "finding.merge", actor: actor)
      }
      return try ledger.write(kept, was: before, action: "finding.merge", actor: actor)
    }
    let audit = try audits.audit(stored.audit)
    return try FindingAssembly(sql: sql, product: audit.product).findings([stored])[0]
  }

  /// The findings to file from an audit: those named, else every outstanding one (open, filed,
  /// regressed) and every merged one already on a tracker (its issue is told of the merge); each
  /// with what it rests on. The list is brought up to date first.
  /// - Throws: ``FindingError``, ``AuditError`` or the backend's error.
  package func filing(audit name: String?, references: [String], actor: String) throws -> [FindingDetail] {
    let listed = try findings(audit: name, filter: FindingFilter(), actor: actor)
    let rows: [FindingRow]
    if references.isEmpty {
      let merged = try ledger.rows(
        where: "status = 'merged' AND tracker_key IS NOT NULL AND audit_id <= ? AND product_id = "
          + "(SELECT product_id FROM audit WHERE id = ?)", [listed.audit.id, listed.audit.id])
      let outstanding = listed.findings.filter(\.status.isOutstanding).map { String($0.id) }
      rows =
        (outstanding.isEmpty
          ? [] : try ledger.rows(where: "id IN (\(outstanding.joined(separator: ", ")))")) + merged
    } else {
      rows = try references.map { try row($0) }
    }
    return try FindingAssembly(sql: sql, product: listed.audit.product).details(rows)
  }

  /// Records that a finding is on a tracker (filed, or its issue updated): an open or regressed
  /// finding becomes `filed`; a merged one keeps `note` (what its issue was told); audited when
  /// anything changed.
  /// - Throws: ``FindingError`` or the backend's error.
  @discardableResult
  package func recordFiled(_ reference: String, tracker: FindingTracker, note: String? = nil, actor: String)
    throws -> Bool
  {
    try sql.transaction {
      let row = try self.row(reference)
      var filed = row
      filed.tracker = tracker
      if row.status == .open || row.status == .regressed {
        filed.status = .filed
        filed.statusBy = actor
        filed.reason = ""
      } else if let note, row.status == .merged {
        filed.reason = note
      }
      guard filed != row else { return false }
      try ledger.write(filed, was: row, action: "finding.file", actor: actor)
      return true
    }
  }

  /// Records what the tracker says of a filed finding's issue: closed makes a filed, open or
  /// regressed finding `fixed`; reopened makes a fixed one `open` again; audited when it moved.
  /// - Returns: The status it moved to, nil when it stayed.
  /// - Throws: ``FindingError`` or the backend's error.
  @discardableResult
  package func recordTrackerState(_ reference: String, closed: Bool, actor: String) throws -> FindingStatus? {
    try sql.transaction {
      let row = try self.row(reference)
      var moved = row
      if closed, [.filed, .open, .regressed].contains(row.status) {
        moved.status = .fixed
        moved.reason = "closed on the tracker"
      } else if !closed, row.status == .fixed {
        moved.status = .open
        moved.reason = "reopened on the tracker"
      } else {
        return nil
      }
      moved.statusBy = actor
      try ledger.write(moved, was: row, action: "finding.sync", actor: actor)
      return moved.status
    }
  }

  /// The row `reference` names.
  private func row(_ reference: String) throws -> FindingRow {
    guard let id = Finding.number(reference) else { throw FindingError.notAReference(reference) }
    guard let row = try ledger.rows(where: "id = ?", [id]).first else {
      throw FindingError.unknown(Finding.reference(id))
    }
    return row
  }

  private func productID(of audit: Int64) throws -> Int64 {
    guard
      let id: Int64 = try sql.first("SELECT product_id FROM audit WHERE id = ?", [audit])?.decode(
        "product_id")
    else { throw AuditError.unknownAudit(String(audit)) }
    return id
  }
}
