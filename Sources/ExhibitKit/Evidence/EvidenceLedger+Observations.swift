import ExhibitModel
import ExhibitSQLite
import ExhibitStorage
import Foundation

extension EvidenceLedger {
  /// Records a verdict that rests on an observation alone: no file, the auditor's note saying
  /// what was seen, on the platform (and with the screen reader, if any) they name. The same
  /// rules as a recording's link otherwise: the item's current revision, its platforms, an open
  /// audit, the audit trail; the same observation again is the link already stored.
  ///
  /// The platform is the request's, else the one its environment's OS names, else the item's
  /// only platform.
  /// - Throws: ``EvidenceError`` (no note, no platform, a segment), ``AuditError`` or
  ///   ``SQLiteError``; nothing is stored then.
  /// - Returns: The link, and whether it was written now (``store(_:items:)``).
  func observe(_ request: LinkRequest, items: inout [String: CurrentItem]) throws
    -> (link: EvidenceLink, isNew: Bool)
  {
    try connection.transaction {
      let note = request.note.trimmingCharacters(in: .whitespacesAndNewlines)
      let item = try items[request.item] ?? currentItem(request.item)
      items[request.item] = item
      guard !note.isEmpty else { throw EvidenceError.observationWithoutNote(item: item.key) }
      guard request.from == nil, request.to == nil else { throw EvidenceError.segmentIncomplete }
      let named =
        request.observedPlatform
        ?? request.environment.os.flatMap {
          Platform(rawValue: $0.lowercased().replacingOccurrences(of: " ", with: ""))
        }
        ?? (item.platforms.count == 1 ? item.platforms.first : nil)
      guard let platform = named else {
        throw EvidenceError.observationWithoutPlatform(
          item: item.key, applies: item.platforms.map(\.rawValue))
      }
      let assistiveTech =
        request.observedAssistiveTech?.rawValue
        ?? request.environment.assistiveTech.flatMap { AssistiveTech(rawValue: $0.lowercased())?.rawValue }
      // A screen-reader or gesture item is judged per screen reader: the observation names one.
      if assistiveTech == nil, EvidenceColumn.isPerScreenReader(item.section) {
        throw EvidenceError.screenReaderNeeded(item: item.key, evidence: nil, section: item.section.rawValue)
      }
      let component = ItemKey(item.key)?.component
      let overrides = try LinkRules.overrides(
        request, item: item,
        recording: LinkRules.RecordingFacts(component: component, platform: platform, durationSeconds: 0))
      let audit = try audits.forWriting(request.audit, actor: request.auditor)
      try LinkRules.requireScope(request, item: item, audit: audit)
      if let existing = try connection.first(
        """
        SELECT id FROM evidence_link WHERE retracted_at IS NULL AND recording_id IS NULL AND item_id = ?
          AND verdict = ? AND auditor = ? AND note = ? AND platform_override = ? AND audit_id = ?
          AND carried_from IS NULL AND environment = ? AND observed_platform = ? AND observed_assistive_tech IS NOT DISTINCT FROM ?
        """,
        [
          item.id, request.verdict.rawValue, request.auditor, note, overrides.platform, audit.id,
          request.environment.stored, platform.rawValue, assistiveTech,
        ])
      {
        return (try evidenceLink(try existing.decode("id")), false)
      }
      let id = try connection.insertReturningID(
        """
        INSERT INTO evidence_link (recording_id, item_id, verdict, auditor, note, platform_override,
          component_override, created_at, audit_id, environment, observed_platform, observed_assistive_tech,
          outside_scope)
        VALUES (NULL, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
        """,
        [
          item.id, request.verdict.rawValue, request.auditor, note, overrides.platform,
          Timestamp.string(Date()),
          audit.id, request.environment.stored, platform.rawValue, assistiveTech,
          request.outsideScope ? 1 : 0,
        ])
      try connection.appendAudit(
        actor: request.auditor, action: "link.create", subject: "link:\(id)",
        after: AuditJSON.object(
          [
            "recording": nil, "evidence": EvidenceKind.observation.rawValue, "item": item.key,
            "revision": String(item.revision), "verdict": request.verdict.rawValue, "from": nil, "to": nil,
            "note": note, "platform_override": overrides.platform ? "true" : "false",
            "component_override": "false",
            "judged_platform": platform.rawValue, "judged_assistive_tech": assistiveTech,
            "judged_browser": nil,
            "audit": String(audit.id),
            "environment": request.environment.isEmpty ? nil : request.environment.stored,
          ].merging(LinkRules.outsideScopeField(request.outsideScope)) { first, _ in first }))
      return (try evidenceLink(id), true)
    }
  }
}
