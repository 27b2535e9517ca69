import ExhibitSQLite
import ExhibitStorage
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
      let newID = try insertCopy(
        of: link,
        Copy(
          item: link.itemID, auditor: link.auditor, note: link.note, createdAt: link.createdAt,
          audit: retest.id,
          carriedFrom: link.id))
      try connection.appendAudit(
        actor: actor, action: "link.carry", subject: "link:\(newID)",
        before: AuditJSON.object([
          "link": String(link.id), "revision": String(link.revision), "audit": String(earlier.id),
        ]),
        after: Self.recordedFields(
          of: link, revision: link.revision, note: link.note, audit: retest.id,
          [
            "auditor": link.auditor, "created_at": link.createdAt, "carried_from": String(link.id),
            "reason": "retest of audit \(earlier.id)",
          ]))
    }
    return links.count
  }

  /// Confirms an item's carried verdicts in one column of a retest (the one `column` names, or
  /// the only one it is carried in): each becomes this round's, a new link by
  /// the confirming auditor that names the carried one (`link.confirm`), and the carried link is
  /// retracted with the reason. A carried verdict that one judged in this round already
  /// supersedes (same item, platform and screen reader) no longer counts, and is left alone.
  ///
  /// - Parameters:
  ///   - key: The item, as a user types it.
  ///   - audit: The retest.
  ///   - column: The column retested; nothing named takes the only one the item is carried in.
  ///   - note: The auditor's note; the carried note when nil.
  ///   - actor: Who confirms.
  /// - Returns: The new links.
  /// - Throws: ``AuditError/notCarried(item:audit:)`` when nothing carried waits for the item,
  ///   ``AuditError/closed(_:)``, ``LookupError`` or ``SQLiteError``.
  func confirmCarried(
    _ key: String, in audit: Audit, column: CarriedColumn = CarriedColumn(), note: String?, actor: String
  ) throws -> [EvidenceLink] {
    guard audit.state == .open else { throw AuditError.closed(audit.identity) }
    let resolved = try components.resolveItemKey(key)
    return try connection.transaction {
      let live = try EvidenceLinkRow.fetch(
        connection, where: "l.audit_id = ? AND i.key = ? AND l.retracted_at IS NULL", [audit.id, resolved])
      var section = CriteriaSection.screenreader
      if let first = live.first,
        let row = try connection.first("SELECT section FROM criteria_item WHERE id = ?", [first.itemID]),
        let stored = CriteriaSection(rawValue: try row.decode("section"))
      {
        section = stored
      }
      let waiting = EvidenceLinkRow.counting(
        live, sections: live.first.map { [$0.itemKey: section] } ?? [:]
      ).filter(\.isCarried)
      guard !waiting.isEmpty else { throw AuditError.notCarried(item: key, audit: audit.identity) }
      // The columns it is carried in, by its section's rule (``EvidenceColumn``).
      let perScreenReader = EvidenceColumn.isPerScreenReader(section)
      let columnName = { (link: EvidenceLinkRow) in
        CarriedColumn.name(
          platform: link.recordingPlatform, assistiveTech: perScreenReader ? link.recordingAssistiveTech : nil
        )
      }
      let columns = Array(Set(waiting.map(columnName))).sorted()
      let carried = waiting.filter { link in
        (column.platform == nil || link.recordingPlatform == column.platform)
          && (column.assistiveTech == nil || link.recordingAssistiveTech == column.assistiveTech)
      }
      guard !carried.isEmpty else {
        throw AuditError.notCarriedThere(item: key, column: column.description, columns: columns)
      }
      let chosen = Set(carried.map(columnName))
      guard chosen.count == 1 else {
        throw AuditError.carriedInSeveralColumns(item: key, columns: chosen.sorted())
      }
      var confirmed: [EvidenceLink] = []
      for link in carried {
        let now = Timestamp.string(Date())
        let note = note ?? link.note
        let newID = try insertCopy(
          of: link,
          Copy(
            item: link.itemID, auditor: actor, note: note, createdAt: now, audit: audit.id,
            confirmedFrom: link.id))
        try connection.appendAudit(
          actor: actor, action: "link.confirm", subject: "link:\(newID)",
          before: AuditJSON.object([
            "link": String(link.id), "verdict": link.verdict.rawValue, "auditor": link.auditor,
            "created_at": link.createdAt,
          ]),
          after: Self.recordedFields(
            of: link, revision: link.revision, note: note, audit: audit.id,
            ["confirmed_from": String(link.id)]))
        try recordRetraction(
          of: link.id, item: link.itemKey.description, verdict: link.verdict, recording: link.recordingSHA256,
          reason: "confirmed in this round as link \(newID)", actor: actor, at: now)
        confirmed.append(try evidenceLink(newID))
      }
      return confirmed
    }
  }
}
