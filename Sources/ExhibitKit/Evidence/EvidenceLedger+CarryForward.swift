import Foundation

extension EvidenceLedger {
  /// Moves the live links of a component's earlier revisions to the new revision's items where
  /// the item did not change (same key, section, label, expectation, platforms and n/a flag):
  /// the verdict still answers the same criterion, so it is not stale. Each is one audited
  /// `link.carry` event: a new link pinned to the new revision, with the same recording, segment,
  /// verdict, auditor, note, overrides and time, and the old link retracted with the reason.
  /// Links of items that changed or went away stay where they are, stale. Links of a closed
  /// audit stay too: its verdicts are final, against the revision they were judged on.
  ///
  /// Runs inside the import's transaction.
  func carryForwardLinks(of document: CriteriaDocument, to documentID: Int64, revision: Int, actor: String)
    throws
  {
    let links = try EvidenceLinkRow.fetch(
      connection,
      where: """
        d.family = ? AND d.component = ? AND d.format = ? AND d.id <> ? AND l.retracted_at IS NULL
          AND l.audit_id IN (SELECT id FROM audit WHERE closed_at IS NULL)
        """,
      [document.family.rawValue, document.component, document.format.rawValue, documentID])
    for link in links {
      // The same item in the new revision, unchanged in every field that states the criterion.
      guard
        let newItem: Int64 = try connection.first(
          """
          SELECT ni.id FROM criteria_item oi JOIN criteria_item ni ON ni.document_id = ? AND ni.key = oi.key
            AND ni.section = oi.section AND ni.label = oi.label AND ni.expectation = oi.expectation
            AND ni.platforms = oi.platforms AND ni.not_applicable = oi.not_applicable
          WHERE oi.id = ?
          """, [documentID, link.itemID])?.decode("id")
      else { continue }
      let newID = try insertCopy(
        of: link,
        Copy(
          item: newItem, auditor: link.auditor, note: link.note, createdAt: link.createdAt,
          audit: link.auditID,
          carriedFrom: link.carriedFrom, confirmedFrom: link.confirmedFrom))
      let judged = try connection.first(
        "SELECT platform, assistive_tech, browser FROM recording WHERE sha256 = ?", [link.recordingSHA256])
      try recordRetraction(
        of: link.id, item: link.itemKey.description, verdict: link.verdict, recording: link.recordingSHA256,
        reason: "carried forward to revision \(revision) as link \(newID): the item did not change",
        actor: actor)
      try connection.appendAudit(
        actor: actor, action: "link.carry", subject: "link:\(newID)",
        before: AuditJSON.object(["link": String(link.id), "revision": String(link.revision)]),
        after: Self.recordedFields(
          of: link, revision: revision, note: link.note, audit: link.auditID,
          [
            "auditor": link.auditor, "created_at": link.createdAt,
            "judged_platform": judged?.string("platform"),
            "judged_assistive_tech": judged?.string("assistive_tech"),
            "judged_browser": judged?.string("browser"),
            "carried_from": link.carriedFrom.map { String($0) },
            "confirmed_from": link.confirmedFrom.map { String($0) },
          ]))
    }
  }
}
