import ExhibitModel
import ExhibitStorage
import Foundation

/// Writes and reads findings, each change with its audit event (`finding.open`, `finding.status`,
/// `finding.set`, `finding.merge`, `finding.file`) recording the row whole, inside the caller's
/// transaction.
struct FindingLedger {
  let connection: any CatalogueSQL

  /// The findings `condition` picks (a clause over `finding`), with their columns, by id.
  /// - Throws: The backend's error or ``RowDecodingError``.
  func rows(where condition: String = "1 = 1", _ values: [any SQLBindable] = []) throws -> [FindingRow] {
    var rows = try connection.query("\(FindingRow.select) WHERE \(condition) ORDER BY id", values).map {
      try FindingRow(row: $0)
    }
    guard !rows.isEmpty else { return [] }
    let positions = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
    let ids = rows.map { String($0.id) }.joined(separator: ", ")
    for row in try connection.query(
      """
      SELECT finding_id, item_key, platform, assistive_tech FROM finding_column
      WHERE finding_id IN (\(ids)) ORDER BY id
      """)
    {
      guard let position = positions[try row.decode("finding_id")],
        let item = ItemKey(try row.decode("item_key") as String),
        let platform = Platform(rawValue: try row.decode("platform"))
      else { continue }
      let tech: String = try row.decode("assistive_tech")
      rows[position].columns.append(
        FindingColumn(item: item, platform: platform, assistiveTech: tech.isEmpty ? nil : tech))
    }
    return rows
  }

  /// Which finding holds each of the product's columns.
  /// - Throws: The backend's error.
  func owners(product: Int64) throws -> [FindingColumn: Int64] {
    var owners: [FindingColumn: Int64] = [:]
    for row in try connection.query(
      "SELECT finding_id, item_key, platform, assistive_tech FROM finding_column WHERE product_id = ?",
      [product])
    {
      guard let item = ItemKey(try row.decode("item_key") as String),
        let platform = Platform(rawValue: try row.decode("platform"))
      else { continue }
      let tech: String = try row.decode("assistive_tech")
      owners[FindingColumn(item: item, platform: platform, assistiveTech: tech.isEmpty ? nil : tech)] =
        try row.decode("finding_id")
    }
    return owners
  }

  /// Opens a finding on `column`, found in `audit` of `product`.
  /// - Returns: The new row.
  /// - Throws: The backend's error.
  func open(
    product: Int64, audit: Int64, column: FindingColumn, title: String, severity: FindingSeverity,
    actor: String
  ) throws -> FindingRow {
    let now = Date()
    let at = Timestamp.string(now)
    let id = try connection.insertReturningID(
      """
      INSERT INTO finding (product_id, audit_id, title, severity, status, status_round, status_by, reason,
        created_at, updated_at)
      VALUES (?, ?, ?, ?, 'open', ?, ?, '', ?, ?)
      """, [product, audit, title, severity.rawValue, audit, actor, at, at])
    try insertColumn(column, finding: id, product: product)
    let row = FindingRow(
      id: id, product: product, audit: audit, title: title, severity: severity, statusBy: actor, at: at,
      column: column)
    _ = try connection.appendAuditEvent(
      AuditEntry(
        actor: actor, action: "finding.open", subject: "finding:\(id)", after: AuditJSON.object(row.recorded),
        at: now))
    return row
  }

  /// Stores `row` as changed by `action` (its columns as they are), with the event that records it.
  /// - Returns: The row as stored.
  /// - Throws: The backend's error.
  @discardableResult
  func write(_ row: FindingRow, was before: FindingRow, action: String, actor: String) throws -> FindingRow {
    let event = try connection.appendAuditEvent(
      AuditEntry(
        actor: actor, action: action, subject: "finding:\(row.id)", before: AuditJSON.object(before.recorded),
        after: AuditJSON.object(row.recorded)))
    var stored = row
    stored.updatedAt = event.at
    try connection.execute(
      """
      UPDATE finding SET title = ?, severity = ?, status = ?, status_round = ?, status_by = ?, reason = ?,
        merged_into = ?, tracker_kind = ?, tracker_key = ?, tracker_url = ?, updated_at = ?
      WHERE id = ?
      """,
      [
        stored.title, stored.severity.rawValue, stored.status.rawValue, stored.statusRound, stored.statusBy,
        stored.reason, stored.mergedInto, stored.tracker?.kind, stored.tracker?.key, stored.tracker?.url,
        stored.updatedAt, stored.id,
      ])
    return stored
  }

  /// Moves `columns` of a finding to `finding` (a merge); the caller writes both rows' events.
  /// - Throws: The backend's error.
  func move(_ columns: [FindingColumn], to finding: Int64, product: Int64) throws {
    for column in columns {
      try connection.execute(
        """
        UPDATE finding_column SET finding_id = ?
        WHERE product_id = ? AND item_key = ? AND platform = ? AND assistive_tech = ?
        """,
        [finding, product, column.item.description, column.platform.rawValue, column.assistiveTech ?? ""])
    }
  }

  private func insertColumn(_ column: FindingColumn, finding: Int64, product: Int64) throws {
    try connection.execute(
      """
      INSERT INTO finding_column (finding_id, product_id, item_key, platform, assistive_tech)
      VALUES (?, ?, ?, ?, ?)
      """,
      [finding, product, column.item.description, column.platform.rawValue, column.assistiveTech ?? ""])
  }
}
