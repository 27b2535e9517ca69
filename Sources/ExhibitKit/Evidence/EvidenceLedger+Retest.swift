import ExhibitSQLite
import Foundation

extension EvidenceLedger {
  /// Carries every live verdict of an earlier audit into a retest: each is a new link of the
  /// retest that names the link it was carried from and keeps what it was (verdict, recording,
  /// segment, note, environment), who judged it, when, and against which criteria revision;
  /// one `link.carry` event each. Runs inside the retest's making.
  /// - Returns: How many verdicts were carried.
  /// - Throws: ``SQLiteError``.
  func carryVerdicts(from earlier: Audit, into retest: Audit, actor: String) throws -> Int {
    let links = try EvidenceLinkRow.fetch(
      connection, where: "l.audit_id = ? AND l.retracted_at IS NULL", [earlier.id])
    for link in links {
      try connection.execute(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, platform_override,
          component_override, created_at, audit_id, carried_from, environment)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          link.recordingID, link.itemID, link.startMilliseconds, link.endMilliseconds, link.verdict.rawValue,
          link.auditor, link.note, link.platformOverride, link.componentOverride, link.createdAt, retest.id,
          link.id, link.environment.stored,
        ])
      let newID = connection.lastInsertRowID
      try AuditLog.append(
        connection, actor: actor, action: "link.carry", subject: "link:\(newID)",
        before: AuditJSON.object([
          "link": String(link.id), "revision": String(link.revision), "audit": String(earlier.id),
        ]),
        after: AuditJSON.object([
          "recording": link.recordingSHA256, "item": link.itemKey.description,
          "revision": String(link.revision),
          "verdict": link.verdict.rawValue, "from": link.startSeconds.map { String($0) },
          "to": link.endSeconds.map { String($0) }, "note": link.note, "auditor": link.auditor,
          "created_at": link.createdAt, "platform_override": link.platformOverride ? "true" : "false",
          "component_override": link.componentOverride ? "true" : "false",
          "audit": String(retest.id), "carried_from": String(link.id),
          "environment": link.environment.isEmpty ? nil : link.environment.stored,
          "reason": "retest of audit \(earlier.id)",
        ]))
    }
    return links.count
  }

  /// Confirms an item's carried verdicts in a retest: each becomes this round's, a new link by
  /// the confirming auditor that names the carried one (`link.confirm`), and the carried link is
  /// retracted with the reason. A carried verdict that one judged in this round already
  /// supersedes (same item, platform and screen reader) no longer counts, and is left alone.
  ///
  /// - Parameters:
  ///   - key: The item, as a user types it.
  ///   - audit: The retest.
  ///   - note: The auditor's note; the carried note when nil.
  ///   - actor: Who confirms.
  /// - Returns: The new links.
  /// - Throws: ``AuditError/notCarried(item:audit:)`` when nothing carried waits for the item,
  ///   ``AuditError/closed(_:)``, ``LookupError`` or ``SQLiteError``.
  func confirmCarried(_ key: String, in audit: Audit, note: String?, actor: String) throws -> [EvidenceLink] {
    guard audit.state == .open else { throw AuditError.closed(audit.identity) }
    let resolved = (try? components.resolveItemKey(key)) ?? key
    return try connection.transaction {
      let live = try EvidenceLinkRow.fetch(
        connection, where: "l.audit_id = ? AND i.key = ? AND l.retracted_at IS NULL", [audit.id, resolved])
      func column(_ link: EvidenceLinkRow) -> String {
        "\(link.recordingPlatform?.rawValue ?? "")|\(link.recordingAssistiveTech ?? "")"
      }
      let judged = Set(live.filter { !$0.isCarried }.map(column))
      let carried = live.filter { $0.isCarried && !judged.contains(column($0)) }
      guard !carried.isEmpty else { throw AuditError.notCarried(item: key, audit: audit.identity) }
      var confirmed: [EvidenceLink] = []
      for link in carried {
        let now = Timestamp.string(Date())
        let note = note ?? link.note
        try connection.execute(
          """
          INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note,
            platform_override, component_override, created_at, audit_id, confirmed_from, environment)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            link.recordingID, link.itemID, link.startMilliseconds, link.endMilliseconds,
            link.verdict.rawValue,
            actor, note, link.platformOverride, link.componentOverride, now, audit.id, link.id,
            link.environment.stored,
          ])
        let newID = connection.lastInsertRowID
        try AuditLog.append(
          connection, actor: actor, action: "link.confirm", subject: "link:\(newID)",
          before: AuditJSON.object([
            "link": String(link.id), "verdict": link.verdict.rawValue, "auditor": link.auditor,
            "created_at": link.createdAt,
          ]),
          after: AuditJSON.object([
            "recording": link.recordingSHA256, "item": link.itemKey.description,
            "revision": String(link.revision),
            "verdict": link.verdict.rawValue, "from": link.startSeconds.map { String($0) },
            "to": link.endSeconds.map { String($0) }, "note": note,
            "platform_override": link.platformOverride ? "true" : "false",
            "component_override": link.componentOverride ? "true" : "false",
            "audit": String(audit.id), "confirmed_from": String(link.id),
            "environment": link.environment.isEmpty ? nil : link.environment.stored,
          ]))
        let reason = "confirmed in this round as link \(newID)"
        try AuditLog.append(
          connection, actor: actor, action: "link.retract", subject: "link:\(link.id)",
          before: AuditJSON.object([
            "item": link.itemKey.description, "verdict": link.verdict.rawValue,
            "recording": link.recordingSHA256,
          ]),
          after: AuditJSON.object(["reason": reason]))
        try connection.execute(
          "UPDATE evidence_link SET retracted_at = ?, retracted_by = ?, retraction_reason = ? WHERE id = ?",
          [now, actor, reason, link.id])
        confirmed.append(try evidenceLink(newID))
      }
      return confirmed
    }
  }
}
