import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Writes and reads a workspace's own WCAG mapping rows and an audit's decided levels, each with
/// its audit event (`wcag.map`, `acr.set`), in one transaction; the tables are append-only.
struct ConformanceLedger {
  let connection: any CatalogueSQL

  /// Records that the item keyed `key` bears on `criterion` as `relation`, because `reason`.
  /// - Throws: ``ConformanceError`` or the engine's error; nothing is stored then.
  func map(_ key: ItemKey, criterion: String, relation: WCAGRelation, reason: String, actor: String) throws
    -> WCAGMappingRow
  {
    let reason = try WCAGOverrideRules.checkedReason(criterion: criterion, reason: reason)
    return try connection.transaction {
      let entry = WCAGOverrideRules.entry(
        key, criterion: criterion, relation: relation, reason: reason, actor: actor)
      let event = try connection.appendAuditEvent(entry)
      try connection.execute(
        """
        INSERT INTO wcag_override (item_key, criterion, relation, reason, actor, created_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """, [key.description, criterion, relation.rawValue, reason, actor, event.at])
      return WCAGMappingRow(
        selector: .item(key), criterion: criterion, relation: relation, rationale: reason, decidedBy: actor,
        decidedAt: event.at)
    }
  }

  /// The workspace's own rows, oldest first; with `through`, those up to that id (what a closed
  /// audit's close recorded).
  func overrides(through: Int64? = nil) throws -> [WCAGMappingRow] {
    try connection.query(
      """
      SELECT item_key, criterion, relation, reason, actor, created_at FROM wcag_override
      WHERE id <= ?1 OR ?1 IS NULL ORDER BY id
      """, [through]
    ).compactMap { row in
      guard let key = ItemKey(try row.decode("item_key") as String),
        let relation = WCAGRelation(rawValue: try row.decode("relation"))
      else { return nil }
      return WCAGMappingRow(
        selector: .item(key), criterion: try row.decode("criterion"), relation: relation,
        rationale: try row.decode("reason"), decidedBy: try row.decode("actor"),
        decidedAt: try row.decode("created_at"))
    }
  }

  /// Records the level an auditor decided in `audit` (its id and its name for messages).
  /// - Throws: ``ConformanceError`` or the engine's error; nothing is stored then.
  func set(_ decision: ACRDecision, audit: Int64, closed: Bool, name: String) throws -> ACRDecision {
    let criterion = WCAG22.criterion(decision.criterion)
    guard criterion?.level != nil || ACRClauses.clause(decision.criterion) != nil else {
      throw ConformanceError.unknownReportCriterion(decision.criterion)
    }
    if decision.level == .notEvaluated, criterion?.level != .aaa {
      throw ConformanceError.notEvaluatedBelowAAA(decision.criterion)
    }
    guard !closed else { throw ConformanceError.closedAudit(name) }
    return try connection.transaction {
      let event = try connection.appendAuditEvent(
        AuditEntry(
          actor: decision.actor, action: "acr.set", subject: "audit:\(audit)",
          after: AuditJSON.object([
            "audit": String(audit), "criterion": decision.criterion,
            "component_type": decision.componentType.rawValue,
            "level": decision.level.rawValue, "remarks": decision.remarks,
          ])))
      try connection.execute(
        """
        INSERT INTO acr_decision (audit_id, criterion, component_type, level, remarks, actor, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
          audit, decision.criterion, decision.componentType.rawValue, decision.level.rawValue,
          decision.remarks,
          decision.actor, event.at,
        ])
      return ACRDecision(
        criterion: decision.criterion, componentType: decision.componentType, level: decision.level,
        remarks: decision.remarks, actor: decision.actor, at: event.at)
    }
  }

  /// Records who signs the workspace's reports.
  func setAuthor(_ author: OpenACRDocument.Author, actor: String) throws {
    try connection.transaction {
      let event = try connection.appendAuditEvent(
        AuditEntry(
          actor: actor, action: "acr.author", subject: "conformance",
          after: AuditJSON.object(["author": author.description])))
      try connection.execute(
        """
        INSERT INTO conformance_setting (name, value, actor, set_at) VALUES ('author', ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET value = excluded.value, actor = excluded.actor, set_at = excluded.set_at
        """, [author.description, actor, event.at])
    }
  }

  /// Who signs the workspace's reports, when it was set.
  func author() throws -> OpenACRDocument.Author? {
    guard
      let text: String = try connection.first(
        "SELECT value FROM conformance_setting WHERE name = 'author'")?.decode("value")
    else { return nil }
    return try? OpenACRDocument.Author(parsing: text)
  }

  /// An audit's decided levels, oldest first.
  func decisions(audit: Int64) throws -> [ACRDecision] {
    try connection.query(
      """
      SELECT criterion, component_type, level, remarks, actor, created_at FROM acr_decision
      WHERE audit_id = ? ORDER BY id
      """, [audit]
    ).compactMap { row in
      guard let type = ACRComponentType(rawValue: try row.decode("component_type")),
        let level = ConformanceLevel(rawValue: try row.decode("level"))
      else { return nil }
      return ACRDecision(
        criterion: try row.decode("criterion"), componentType: type, level: level,
        remarks: try row.decode("remarks"),
        actor: try row.decode("actor"), at: try row.decode("created_at"))
    }
  }
}
