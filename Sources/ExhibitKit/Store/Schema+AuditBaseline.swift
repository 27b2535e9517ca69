import ExhibitSQLite
import ExhibitStorage

extension Schema {
  /// Version 14: the audit trail records what a verdict means (each criteria item's content, a
  /// recording's attribution, status and duration, a caption track's cues, an account's role),
  /// and `exhibit verify` compares the tables with it. A workspace made before has no such
  /// record, so the upgrade appends one baseline event per document, recording, caption track and
  /// account, stating the rows as they are now: edits made before the upgrade cannot be told apart
  /// from Exhibit's own, edits made after it can.
  static func appendAuditBaseline(_ connection: Connection) throws {
    let actor = "exhibit upgrade"
    var items: [Int64: [CriteriaItemDigest]] = [:]
    for row in try connection.query(
      "SELECT document_id, key, section, label, expectation, platforms, not_applicable FROM criteria_item ORDER BY position"
    ) {
      items[row.int64("document_id") ?? 0, default: []].append(
        CriteriaItemDigest(
          localKey: CriteriaItemDigest.localKey(of: row.string("key") ?? ""),
          section: row.string("section") ?? "",
          label: row.string("label") ?? "", expectation: row.string("expectation") ?? "",
          platforms: (row.string("platforms") ?? "").split(separator: ",").map(String.init),
          notApplicable: (row.int64("not_applicable") ?? 0) != 0))
    }
    for row in try connection.query(
      "SELECT id, family || '/' || component AS component, format, revision, sha256 FROM criteria_document ORDER BY id"
    ) {
      try AuditLog.append(
        connection, actor: actor, action: "criteria.baseline", subject: row.string("component") ?? "",
        after: AuditJSON.object([
          "format": row.string("format"), "revision": row.string("revision"), "sha256": row.string("sha256"),
          "item_hashes": CriteriaItemDigest.text(items[row.int64("id") ?? 0] ?? []),
        ]))
    }
    for row in try connection.query(
      "SELECT r.sha256, \(RecordingFacts.selection(as: "r")) FROM recording r WHERE r.sha256 IS NOT NULL ORDER BY r.id"
    ) {
      try AuditLog.append(
        connection, actor: actor, action: "recording.baseline",
        subject: "recording:\(row.string("sha256") ?? "")",
        after: AuditJSON.object(RecordingFacts(row).fields))
    }
    for track in try connection.query(
      """
      SELECT t.id, t.path, t.sha256, r.sha256 AS recording FROM caption_track t
      JOIN recording r ON r.id = t.recording_id WHERE r.sha256 IS NOT NULL ORDER BY t.id
      """)
    {
      let cues = try connection.query(
        "SELECT identifier, start_ms, end_ms, text FROM caption_cue WHERE track_id = ? ORDER BY position",
        [track.int64("id")]
      ).map {
        StoredCue(
          identifier: $0.string("identifier"), startMilliseconds: Int($0.int64("start_ms") ?? 0),
          endMilliseconds: Int($0.int64("end_ms") ?? 0), text: $0.string("text") ?? "")
      }
      try AuditLog.append(
        connection, actor: actor, action: "caption.baseline",
        subject: "recording:\(track.string("recording") ?? "")",
        after: CatalogueWriter.captionFields(
          path: track.string("path") ?? "", sha256: track.string("sha256") ?? "", cues: cues))
    }
    for row in try connection.query("SELECT name, role FROM account ORDER BY name") {
      try AuditLog.append(
        connection, actor: actor, action: "account.baseline", subject: "account:\(row.string("name") ?? "")",
        after: AuditJSON.object(["role": row.string("role")]))
    }
  }
}
