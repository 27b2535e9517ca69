import Foundation

/// A criteria item of a component's current revision.
struct CurrentItem: Sendable {
  var id: Int64
  var key: String
  var platforms: [String]
  var revision: Int
}

extension Store {
  /// Links a recording, or a segment of it, to a criterion with a verdict, and audits it.
  ///
  /// The item is looked up in its component's current revision and the link pins that
  /// revision. The segment must lie within the recording; the item must apply to the
  /// recording's platform unless the request overrides it, and the override is stored. Asking
  /// for a link that is already live, identical in every field, returns that link unchanged.
  ///
  /// - Parameter request: What to link.
  /// - Returns: The stored link.
  /// - Throws: ``EvidenceError``, ``RecordingLookupError``, ``LookupError`` or ``SQLiteError``.
  @discardableResult
  public func link(_ request: LinkRequest) throws -> EvidenceLink {
    var items: [String: CurrentItem] = [:]
    return try link(request, items: &items)
  }

  /// ``link(_:)`` with the current items looked up once per key across many calls.
  func link(_ request: LinkRequest, items: inout [String: CurrentItem]) throws -> EvidenceLink {
    try connection.transaction {
      let recordingID = try resolveRecording(request.recording)
      guard
        let recording = try connection.first(
          "SELECT sha256, status, duration_ms, platform, family, component FROM recording WHERE id = ?",
          [recordingID])
      else { throw RecordingLookupError.notFound(request.recording) }
      guard recording.string("status") != "error", let sha = recording.string("sha256") else {
        throw EvidenceError.recordingUnreadable(request.recording)
      }
      let item = try items[request.item] ?? currentItem(request.item)
      items[request.item] = item
      var start: Int?
      var end: Int?
      switch (request.from, request.to) {
      case (nil, nil): break
      case (let from?, let to?):
        guard from >= 0, to > from else { throw EvidenceError.segmentEmpty(from: from, to: to) }
        let duration = Double(recording.int64("duration_ms") ?? 0) / 1000
        guard to <= duration + 0.001 else {
          throw EvidenceError.segmentOutside(from: from, to: to, duration: duration)
        }
        start = Int((from * 1000).rounded())
        end = Int((to * 1000).rounded())
        // Stored in whole milliseconds: a shorter segment would be empty.
        guard let start, let end, end > start else { throw EvidenceError.segmentTooShort(from: from, to: to) }
      default: throw EvidenceError.segmentIncomplete
      }
      // A recording of another component is evidence for this one only when the auditor says so.
      var componentOverride = false
      if let family = recording.string("family"), let component = recording.string("component"),
        !item.key.hasPrefix("\(family)/\(component)#")
      {
        guard request.overrideComponent else {
          throw EvidenceError.itemNotForComponent(
            recording: request.recording, item: item.key, component: "\(family)/\(component)")
        }
        componentOverride = true
      }
      var override = false
      if let platform = recording.string("platform") {
        if !item.platforms.contains(platform) {
          guard request.overridePlatform else {
            throw EvidenceError.itemNotForPlatform(
              item: item.key, platform: platform, applies: item.platforms)
          }
          override = true
        }
      } else {
        guard request.overridePlatform else {
          throw EvidenceError.platformUnknown(recording: request.recording, item: item.key)
        }
        override = true
      }
      // The same evidence again (a command re-run after a crash or a lost reply) is the link
      // already stored, not a second one.
      if let existing = try connection.first(
        """
        SELECT id FROM evidence_link WHERE retracted_at IS NULL AND recording_id = ? AND item_id = ?
          AND start_ms IS ? AND end_ms IS ? AND verdict = ? AND auditor = ? AND note = ? AND platform_override = ?
          AND component_override = ?
        """,
        [
          recordingID, item.id, start, end, request.verdict.rawValue, request.auditor, request.note, override,
          componentOverride,
        ]),
        let id = existing.int64("id")
      {
        return try evidenceLink(id)
      }
      let now = Timestamp.string(Date())
      try connection.execute(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, platform_override,
          component_override, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          recordingID, item.id, start, end, request.verdict.rawValue, request.auditor, request.note, override,
          componentOverride, now,
        ])
      let id = connection.lastInsertRowID
      try AuditLog.append(
        connection, actor: request.auditor, action: "link.create", subject: "link:\(id)",
        after: AuditJSON.object([
          "recording": sha, "item": item.key, "revision": String(item.revision),
          "verdict": request.verdict.rawValue,
          "from": start.map { String(Double($0) / 1000) }, "to": end.map { String(Double($0) / 1000) },
          "note": request.note, "platform_override": override ? "true" : "false",
          "component_override": componentOverride ? "true" : "false",
        ]))
      return try evidenceLink(id)
    }
  }

  /// Retracts a link: it stays, marked with who retracted it, when and why.
  ///
  /// - Parameters:
  ///   - id: The link.
  ///   - reason: Why; must not be empty.
  ///   - actor: Who retracts.
  /// - Returns: The link as it now stands.
  /// - Throws: ``EvidenceError`` or ``SQLiteError``.
  @discardableResult
  public func unlink(_ id: Int64, reason: String, actor: String) throws -> EvidenceLink {
    let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { throw EvidenceError.emptyReason }
    return try connection.transaction {
      let link = try evidenceLink(id)
      if let at = link.retractedAt { throw EvidenceError.alreadyRetracted(id, at: at) }
      let now = Timestamp.string(Date())
      // The event first: a trigger refuses a retraction no `link.retract` event records.
      try AuditLog.append(
        connection, actor: actor, action: "link.retract", subject: "link:\(id)",
        before: AuditJSON.object([
          "item": link.item, "verdict": link.verdict.rawValue, "recording": link.recordingSha256,
        ]),
        after: AuditJSON.object(["reason": reason]))
      try connection.execute(
        "UPDATE evidence_link SET retracted_at = ?, retracted_by = ?, retraction_reason = ? WHERE id = ?",
        [now, actor, reason, id])
      return try evidenceLink(id)
    }
  }

  /// One link, by id.
  /// - Throws: ``EvidenceError/unknownLink(_:)`` or ``SQLiteError``.
  public func evidenceLink(_ id: Int64) throws -> EvidenceLink {
    guard let link = try evidenceLinks(where: "l.id = ?", [id]).first else {
      throw EvidenceError.unknownLink(id)
    }
    return link
  }

  /// Links matching an SQL condition over `l` (evidence_link), `i` (criteria_item),
  /// `d` (criteria_document) and `r` (recording), oldest first.
  func evidenceLinks(where condition: String, _ values: [any SQLBindable]) throws -> [EvidenceLink] {
    try connection.query(
      """
      SELECT l.*, i.key, d.revision, r.sha256,
        \(Store.primaryPath) AS path
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
        JOIN criteria_document d ON d.id = i.document_id JOIN recording r ON r.id = l.recording_id
      WHERE \(condition) ORDER BY l.id
      """, values
    ).map { row in
      EvidenceLink(
        id: row.int64("id") ?? 0, item: row.string("key") ?? "", revision: row.int("revision") ?? 1,
        recordingSha256: row.string("sha256"), recordingPath: row.string("path") ?? "",
        startSeconds: row.int64("start_ms").map { Double($0) / 1000 },
        endSeconds: row.int64("end_ms").map { Double($0) / 1000 },
        verdict: row.string("verdict").flatMap(Verdict.init(rawValue:)) ?? .untested,
        auditor: row.string("auditor") ?? "", note: row.string("note") ?? "",
        platformOverride: row.bool("platform_override"), componentOverride: row.bool("component_override"),
        createdAt: row.string("created_at") ?? "",
        retractedAt: row.string("retracted_at"), retractedBy: row.string("retracted_by"),
        retractionReason: row.string("retraction_reason"))
    }
  }

  /// The item with this key in its component's current revision.
  func currentItem(_ key: String) throws -> CurrentItem {
    guard key.contains("#") else { throw EvidenceError.unknownItem(key) }
    // Any name of the component resolves (`native/segemented-control-tabs#…` after a rename); an
    // ambiguous one lists its choices.
    let lowered = try resolveItemKey(key)
    guard let hash = lowered.firstIndex(of: "#") else { throw EvidenceError.unknownItem(key) }
    let component = String(lowered[..<hash])
    guard let document = try criteriaDocuments(component: component).first(where: \.primary) else {
      throw EvidenceError.unknownItem(key)
    }
    let parts = component.split(separator: "/").map(String.init)
    guard parts.count == 2,
      let row = try connection.first(
        """
        SELECT i.id, i.key, i.platforms FROM criteria_item i JOIN criteria_document d ON d.id = i.document_id
        WHERE d.family = ? AND d.component = ? AND d.format = ? AND d.revision = ? AND i.key = ?
        """, [parts[0], parts[1], document.format, document.revision, lowered])
    else { throw EvidenceError.unknownItem(key) }
    return CurrentItem(
      id: row.int64("id") ?? 0, key: row.string("key") ?? lowered,
      platforms: (row.string("platforms") ?? "").split(separator: ",").map(String.init),
      revision: document.revision)
  }
}
