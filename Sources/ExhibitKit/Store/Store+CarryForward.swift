import Foundation

extension Store {
  /// Moves the live links of a component's earlier revisions to the new revision's items where
  /// the item did not change (same key, section, label, expectation, platforms and n/a flag):
  /// the verdict still answers the same criterion, so it is not stale. Each is one audited
  /// `link.carry` event: a new link pinned to the new revision, with the same recording, segment,
  /// verdict, auditor, note, overrides and time, and the old link retracted with the reason.
  /// Links of items that changed or went away stay where they are, stale.
  ///
  /// Runs inside the import's transaction.
  func carryForwardLinks(of document: CriteriaDocument, to documentID: Int64, revision: Int, actor: String)
    throws
  {
    let links = try connection.query(
      """
      SELECT l.id, l.recording_id, l.start_ms, l.end_ms, l.verdict, l.auditor, l.note, l.platform_override,
        l.component_override, l.created_at, ni.id AS new_item, ni.key, od.revision AS old_revision, r.sha256
      FROM evidence_link l
        JOIN criteria_item oi ON oi.id = l.item_id
        JOIN criteria_document od ON od.id = oi.document_id
        JOIN criteria_item ni ON ni.document_id = ?1 AND ni.key = oi.key AND ni.section = oi.section
          AND ni.label = oi.label AND ni.expectation = oi.expectation AND ni.platforms = oi.platforms
          AND ni.not_applicable = oi.not_applicable
        JOIN recording r ON r.id = l.recording_id
      WHERE od.family = ?2 AND od.component = ?3 AND od.format = ?4 AND od.id <> ?1 AND l.retracted_at IS NULL
      ORDER BY l.id
      """, [documentID, document.family.rawValue, document.component, document.format.rawValue])
    for link in links {
      guard let oldID = link.int64("id"), let newItem = link.int64("new_item"), let key = link.string("key"),
        let verdict = link.string("verdict"), let auditor = link.string("auditor"),
        let createdAt = link.string("created_at")
      else { continue }
      let start = link.int64("start_ms")
      let end = link.int64("end_ms")
      try connection.execute(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, platform_override,
          component_override, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          link.int64("recording_id"), newItem, start, end, verdict, auditor, link.string("note") ?? "",
          link.bool("platform_override"), link.bool("component_override"), createdAt,
        ])
      let newID = connection.lastInsertRowID
      let reason = "carried forward to revision \(revision) as link \(newID): the item did not change"
      try AuditLog.append(
        connection, actor: actor, action: "link.retract", subject: "link:\(oldID)",
        before: AuditJSON.object(["item": key, "verdict": verdict, "recording": link.string("sha256")]),
        after: AuditJSON.object(["reason": reason]))
      try connection.execute(
        "UPDATE evidence_link SET retracted_at = ?, retracted_by = ?, retraction_reason = ? WHERE id = ?",
        [Timestamp.string(Date()), actor, reason, oldID])
      try AuditLog.append(
        connection, actor: actor, action: "link.carry", subject: "link:\(newID)",
        before: AuditJSON.object([
          "link": String(oldID), "revision": String(link.int("old_revision") ?? 0),
        ]),
        after: AuditJSON.object([
          "recording": link.string("sha256"), "item": key, "revision": String(revision), "verdict": verdict,
          "from": start.map { String(Double($0) / 1000) }, "to": end.map { String(Double($0) / 1000) },
          "note": link.string("note") ?? "", "auditor": auditor, "created_at": createdAt,
          "platform_override": link.bool("platform_override") ? "true" : "false",
          "component_override": link.bool("component_override") ? "true" : "false",
        ]))
    }
  }
}
