import ExhibitSQLite
import ExhibitStorage
import Foundation

// What every way of making a link from another one shares (a criteria revision carrying links
// forward, a retest carrying verdicts, a confirmation), and every retraction: the row, the
// fields its event records, and the retraction's event before its update.
extension EvidenceLedger {
  /// What a copy of a link has of its own; everything else is the original's.
  struct Copy {
    var item: Int64
    var auditor: String
    var note: String
    var createdAt: String
    var audit: Int64
    var carriedFrom: Int64?
    var confirmedFrom: Int64?
  }

  /// Inserts a copy of `link`: the same recording, segment, verdict, overrides and environment.
  /// - Returns: The new link's id.
  /// - Throws: The backend's error.
  func insertCopy(of link: EvidenceLinkRow, _ copy: Copy) throws -> Int64 {
    try connection.insertReturningID(
      """
      INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, platform_override,
        component_override, created_at, audit_id, carried_from, confirmed_from, environment, observed_platform,
        observed_assistive_tech, outside_scope)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        link.recordingID, copy.item, link.startMilliseconds, link.endMilliseconds, link.verdict.rawValue,
        copy.auditor, copy.note, link.platformOverride, link.componentOverride, copy.createdAt, copy.audit,
        copy.carriedFrom, copy.confirmedFrom, link.environment.stored,
        link.evidence == .observation ? link.recordingPlatform?.rawValue : nil,
        link.evidence == .observation ? link.recordingAssistiveTech : nil, link.outsideScope ? 1 : 0,
      ])
  }

  /// What the event that makes a copy of `link` records of it (`verify` replays these fields),
  /// with `extra` fields of its own.
  static func recordedFields(
    of link: EvidenceLinkRow, revision: Int, note: String, audit: Int64, _ extra: [String: String?]
  ) -> String {
    var fields: [String: String?] = [
      "recording": link.recordingSHA256, "item": link.itemKey.description, "revision": String(revision),
      "verdict": link.verdict.rawValue, "from": link.startSeconds.map { String($0) },
      "to": link.endSeconds.map { String($0) }, "note": note,
      "platform_override": link.platformOverride ? "true" : "false",
      "component_override": link.componentOverride ? "true" : "false", "audit": String(audit),
      "environment": link.environment.isEmpty ? nil : link.environment.stored,
    ]
    if link.evidence == .observation {
      fields["evidence"] = EvidenceKind.observation.rawValue
      fields["judged_platform"] = link.recordingPlatform?.rawValue
      fields["judged_assistive_tech"] = link.recordingAssistiveTech
    }
    fields.merge(LinkRules.outsideScopeField(link.outsideScope)) { first, _ in first }
    fields.merge(extra) { _, new in new }
    return AuditJSON.object(fields)
  }

  /// Retracts link `id` with a reason: its `link.retract` event first (a trigger refuses a
  /// retraction no event records), then the row.
  /// - Throws: ``SQLiteError``.
  func recordRetraction(
    of id: Int64, item: String, verdict: Verdict, recording: String?, reason: String, actor: String,
    at: String = Timestamp.string(Date())
  ) throws {
    try connection.appendAudit(
      actor: actor, action: "link.retract", subject: "link:\(id)",
      before: AuditJSON.object(["item": item, "verdict": verdict.rawValue, "recording": recording]),
      after: AuditJSON.object(["reason": reason]))
    try connection.execute(
      "UPDATE evidence_link SET retracted_at = ?, retracted_by = ?, retraction_reason = ? WHERE id = ?",
      [at, actor, reason, id])
  }
}
