import ExhibitSQLite
import ExhibitStorage
import Foundation

/// A criteria item of a component's current revision.
struct CurrentItem: Sendable {
  var id: Int64
  var key: String
  var platforms: [Platform]
  var revision: Int
  /// Its section, which decides whether its evidence must name a screen reader (``EvidenceColumn``).
  var section: CriteriaSection = .other
}

extension EvidenceLedger {
  /// Links a recording, or a segment of it, to a criterion with a verdict, and audits it.
  ///
  /// The item is looked up in its component's current revision and the link pins that
  /// revision. The segment must lie within the recording; the item must apply to the
  /// recording's platform unless the request overrides it, and the override is stored. Asking
  /// for a link that is already live, identical in every field, returns that link unchanged.
  ///
  /// - Parameter request: What to link.
  /// - Returns: The stored link.
  /// - Throws: ``EvidenceError``, ``RecordingLookupError``, ``LookupError`` or the engine's error.
  @discardableResult
  func link(_ request: LinkRequest) throws -> EvidenceLink {
    var items: [String: CurrentItem] = [:]
    return try store(request, items: &items).link
  }

  /// ``link(_:)`` with the current items looked up once per key across many calls.
  func link(_ request: LinkRequest, items: inout [String: CurrentItem]) throws -> EvidenceLink {
    try store(request, items: &items).link
  }

  // Long: one transaction checks the recording, the item, the rules (segment, platform, component, scope) and the same link already stored before it writes the row and its event; split, the checks would be re-read outside it.
  /// ``link(_:items:)``, saying whether it wrote the link (`isNew`) or found the same link already
  /// stored and wrote nothing, so nothing that follows verdicts has anything to follow.
  func store(_ request: LinkRequest, items: inout [String: CurrentItem]) throws
    -> (link: EvidenceLink, isNew: Bool)
  {
    guard let named = request.recording else { return try observe(request, items: &items) }
    return try connection.transaction {
      let audit = try audits.forWriting(request.audit, actor: request.auditor)
      let recordingID = try recordings.resolveRecording(named)
      guard let recording = try connection.fetchOne(RecordingRow.self, "WHERE id = ?", [recordingID]) else {
        throw RecordingLookupError.notFound(named)
      }
      guard recording.status != .error, let sha = recording.sha256 else {
        throw EvidenceError.recordingUnreadable(named)
      }
      if recording.status == .truncated, (recording.durationMilliseconds ?? 0) == 0 {
        throw EvidenceError.recordingEmpty(named)
      }
      if ScreenshotFormat(container: recording.container) != nil, request.from != nil || request.to != nil {
        throw EvidenceError.screenshotSegment(named)
      }
      let item = try items[request.item] ?? currentItem(request.item)
      items[request.item] = item
      // A screenshot of a screen-reader or gesture item shows one screen reader's column.
      if ScreenshotFormat(container: recording.container) != nil,
        EvidenceColumn.isPerScreenReader(item.section),
        recording.attribution.assistiveTech == nil
      {
        throw EvidenceError.screenReaderNeeded(
          item: item.key, evidence: named, section: item.section.rawValue)
      }
      let (start, end) = try LinkRules.segment(
        from: request.from, to: request.to, durationSeconds: recording.durationSeconds ?? 0)
      let attribution = recording.attribution
      let facts = LinkRules.RecordingFacts(
        component: attribution.component.flatMap { ComponentID($0.value) },
        platform: attribution.platform.flatMap { Platform(rawValue: $0.value) },
        durationSeconds: recording.durationSeconds ?? 0)
      let overrides = try LinkRules.overrides(request, item: item, recording: facts)
      try LinkRules.requireScope(request, item: item, audit: audit)
      let override = overrides.platform
      let componentOverride = overrides.component
      // The same evidence again (a command re-run after a crash or a lost reply) is the link
      // already stored, not a second one.
      if let existing = try connection.first(
        """
        SELECT id FROM evidence_link WHERE retracted_at IS NULL AND recording_id = ? AND item_id = ?
          AND start_ms IS NOT DISTINCT FROM ? AND end_ms IS NOT DISTINCT FROM ? AND verdict = ? AND auditor = ? AND note = ? AND platform_override = ?
          AND component_override = ? AND audit_id = ? AND carried_from IS NULL AND environment = ?
        """,
        [
          recordingID, item.id, start, end, request.verdict.rawValue, request.auditor, request.note, override,
          componentOverride, audit.id, request.environment.stored,
        ])
      {
        return (try evidenceLink(try existing.decode("id")), false)
      }
      let now = Timestamp.string(Date())
      let id = try connection.insertReturningID(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, platform_override,
          component_override, created_at, audit_id, environment, outside_scope)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          recordingID, item.id, start, end, request.verdict.rawValue, request.auditor, request.note, override,
          componentOverride, now, audit.id, request.environment.stored, request.outsideScope ? 1 : 0,
        ])
      try connection.appendAudit(
        actor: request.auditor, action: "link.create", subject: "link:\(id)",
        after: AuditJSON.object(
          [
            "recording": sha, "item": item.key, "revision": String(item.revision),
            "verdict": request.verdict.rawValue,
            "from": start.map { String(Double($0) / 1000) }, "to": end.map { String(Double($0) / 1000) },
            "note": request.note, "platform_override": override ? "true" : "false",
            "component_override": componentOverride ? "true" : "false",
            // The attribution the verdict was judged under: which platform and screen reader it speaks for.
            "judged_platform": attribution.platform?.value,
            "judged_assistive_tech": attribution.assistiveTech?.value,
            "judged_browser": attribution.browser?.value,
            "audit": String(audit.id),
            "environment": request.environment.isEmpty ? nil : request.environment.stored,
          ].merging(LinkRules.outsideScopeField(request.outsideScope)) { first, _ in first }))
      return (try evidenceLink(id), true)
    }
  }

  /// Retracts a link: it stays, marked with who retracted it, when and why. The same retraction
  /// again (same auditor, same reason once trimmed) returns the link as it is and writes nothing.
  ///
  /// - Parameters:
  ///   - id: The link.
  ///   - reason: Why; must not be empty.
  ///   - actor: Who retracts.
  ///   - asked: The audit the user named, which must be the link's own.
  /// - Returns: The link as it now stands.
  /// - Throws: ``EvidenceError`` or the engine's error.
  @discardableResult
  func unlink(_ id: Int64, reason: String, actor: String, audit asked: String? = nil) throws -> EvidenceLink {
    let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { throw EvidenceError.emptyReason }
    return try connection.transaction {
      let link = try evidenceLink(id)
      let audit = try audits.audit(link.audit)
      if let asked, case let named = try audits.resolve(asked), named.id != audit.id {
        throw AuditError.linkInOtherAudit(link: id, audit: audit.identity, asked: named.identity)
      }
      if let at = link.retractedAt {
        // The same retraction again (a double submit, a command run twice) is answered with the
        // link as it is, and writes nothing; another reason or auditor is a conflict.
        guard link.retractedBy == actor, link.retractionReason == reason else {
          throw EvidenceError.alreadyRetracted(id, at: at)
        }
        return link
      }
      guard audit.state == .open else { throw AuditError.closed(audit.identity) }
      try recordRetraction(
        of: id, item: link.item.description, verdict: link.verdict, recording: link.recordingSHA256,
        reason: reason, actor: actor)
      return try evidenceLink(id)
    }
  }

  /// One link, by id.
  /// - Throws: ``EvidenceError/unknownLink(_:)`` or the engine's error.
  func evidenceLink(_ id: Int64) throws -> EvidenceLink {
    guard let link = try evidenceLinks(where: "l.id = ?", [id]).first else {
      throw EvidenceError.unknownLink(id)
    }
    return link
  }

  /// Links matching an SQL condition over `l` (evidence_link), `i` (criteria_item),
  /// `d` (criteria_document) and `r` (recording), oldest first.
  func evidenceLinks(where condition: String, _ values: [any SQLBindable]) throws -> [EvidenceLink] {
    try EvidenceLinkRow.fetch(connection, where: condition, values).map(\.link)
  }

  /// The item with this key in its component's current revision.
  /// - Throws: ``EvidenceError/unknownItem(_:)``, ``LookupError``, the engine's error or ``RowDecodingError``.
  func currentItem(_ key: String) throws -> CurrentItem {
    guard key.contains("#") else { throw EvidenceError.unknownItem(key) }
    // Any name of the component resolves (`native/segemented-control-tabs#…` after a rename); an
    // ambiguous one lists its choices.
    guard let resolved = ItemKey(try components.resolveItemKey(key)),
      let current = try connection.first(
        """
        SELECT d.id, d.revision FROM criteria_current c JOIN criteria_document d ON d.id = c.document_id
        WHERE c.family = ? AND c.component = ?
        """, [resolved.component.family.rawValue, resolved.component.slug]),
      let item = try connection.fetchOne(
        CriteriaItemRow.self, "WHERE document_id = ? AND key = ?",
        [try current.decode("id") as Int64, resolved.description])
    else { throw EvidenceError.unknownItem(key) }
    return CurrentItem(
      id: item.id, key: item.key.description, platforms: item.platforms,
      revision: try current.decode("revision"), section: item.section)
  }
}

/// Links recordings to criteria items with verdicts, and retracts them, each with its audit event.
struct EvidenceLedger {
  /// Component names and aliases.
  var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// Catalogued recordings.
  private var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// Products and audits.
  var audits: AuditRegistry { AuditRegistry(connection: connection) }
  /// The catalogue's database: the workspace's SQLite file, or a PostgreSQL connection.
  let connection: any CatalogueSQL
}

extension EvidenceLedger {
  /// Every link to a recording, live and retracted, as a recording's detail lists them.
  /// - Throws: The engine's error.
  func links(toRecording id: Int64, audit: Int64? = nil) throws -> [RecordingDetail.Link] {
    try EvidenceLinkRow.fetch(
      connection, where: "l.recording_id = ?1 AND (l.audit_id = ?2 OR ?2 IS NULL)", [id, audit]
    ).map {
      RecordingDetail.Link(
        id: $0.id, item: $0.itemKey, verdict: $0.verdict, startSeconds: $0.startSeconds,
        endSeconds: $0.endSeconds, auditor: $0.auditor, note: $0.note, createdAt: $0.createdAt,
        retractedAt: $0.retractedAt, audit: $0.auditID, carriedFrom: $0.carriedFrom,
        environment: $0.shownEnvironment.isEmpty ? nil : $0.shownEnvironment)
    }
  }
}
