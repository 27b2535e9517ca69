import ExhibitSQLite
import ExhibitStorage
import Foundation

/// The evidence the audit trail says there is, replayed event by event: criteria revisions, the
/// recordings' hashes, and every link with its verdict, segment, note, auditor, overrides and
/// retraction. Compared with the tables, it names every row changed behind the trail's back (a
/// verdict flipped, a link inserted or silently retracted, a revision swapped), which the chain's
/// hashes alone cannot see.
struct EvidenceReplay {
  /// A link as its `link.create` or `link.carry` event records it.
  struct Link: Equatable {
    var item: String
    var recording: String?
    var verdict: String?
    var from: Double?
    var to: Double?
    var note: String
    var auditor: String
    var platformOverride: Bool
    var componentOverride: Bool
    var retracted = false
    /// The platform and screen reader an observation's event names (nil for a recording's link,
    /// whose platform is its recording's).
    var observedPlatform: String? = nil
    var observedAssistiveTech: String? = nil
    /// The audit its event names; nil for a link made before audits, which the migration's
    /// audit adopted.
    var audit: Int64?
    /// The earlier link a carried or confirmed verdict names, as its event records it.
    var carriedFrom: String? = nil
    var confirmedFrom: String? = nil
    /// Whether its event says it links a component outside its audit's scope.
    var outsideScope = false
  }

  /// `component|format|revision` to the SHA-256 its import recorded.
  var documents: [String: String] = [:]
  /// `recording:SHA` subjects of catalogue events.
  var recordings: Set<String> = []
  var links: [Int64: Link] = [:]
  /// Events that make no sense in order (a retraction of a link never created).
  var problems: [AuditChainReport.Problem] = []
  /// What the trail records of items, recordings, captions and accounts.
  var meaning = RecordedMeaning()
  /// The audit that adopted the links made before audits, when the workspace had any.
  var adoptingAudit: Int64?
  /// Audits the trail closed.
  var closedAudits: Set<Int64> = []
  /// Audits the trail made.
  var madeAudits: Set<Int64> = []
  /// Suggestions the trail dismissed: recording, item, start and audit.
  var dismissals: Set<String> = []
  /// Products, audits, the mapping, decided levels and the report's author, as the trail records them.
  var registry = RegistryReplay()

  // Long: one switch over the event actions, each case a few lines over the same replayed state.
  /// Replays `events`, the audit trail's rows oldest first (``AuditTrail/events()``).
  init(events: [Row]) {
    for row in events {
      let id = row.int64("id") ?? 0
      let subject = row.string("subject") ?? ""
      let beforeObject = Self.object(row.string("before"))
      let afterObject = Self.object(row.string("after"))
      let before = beforeObject.compactMapValues { $0 as? String }
      let after = afterObject.compactMapValues { $0 as? String }
      meaning.replay(
        action: row.string("action") ?? "", subject: subject, before: beforeObject, after: afterObject)
      registry.replay(
        action: row.string("action") ?? "", subject: subject, actor: row.string("actor") ?? "",
        at: row.string("at") ?? "", after: after)
      switch row.string("action") ?? "" {
      case "criteria.import":
        documents[Self.documentKey(subject, after["format"], after["revision"])] = after["sha256"] ?? ""
      case "component.rename":
        guard let old = before["component"], let new = after["component"] else { continue }
        documents = Dictionary(
          documents.map { key, sha in
            (key.hasPrefix(old + "|") ? new + key.dropFirst(old.count) : key, sha)
          }
        ) { first, _ in first }
        for (linkID, link) in links where link.item.hasPrefix(old + "#") {
          links[linkID]?.item = new + link.item.dropFirst(old.count)
        }
      case "criteria.restore", "criteria.rekey":
        // One stored revision renumbered (an earlier one current again), or filed under another
        // component with the links judged against it: the same document under a new key.
        let old = before["component"] ?? subject
        let new = after["component"] ?? subject
        if let sha = documents.removeValue(
          forKey: Self.documentKey(old, before["format"], before["revision"]))
        {
          documents[Self.documentKey(new, after["format"], after["revision"])] = sha
        }
        for linkID in (after["links"] ?? "").split(separator: ",").compactMap({ Int64($0) }) {
          guard let link = links[linkID], link.item.hasPrefix(old + "#") else { continue }
          links[linkID]?.item = new + link.item.dropFirst(old.count)
        }
      case "recording.catalog", "recording.move", "recording.update":
        recordings.insert(subject)
      case "audit.create":
        guard let auditID = Self.auditID(subject) else { continue }
        madeAudits.insert(auditID)
        if after["adopts"] != nil { adoptingAudit = auditID }
      case "audit.close":
        if let auditID = Self.auditID(subject) { closedAudits.insert(auditID) }
      case "link.create", "link.carry", "link.confirm":
        guard let linkID = Self.linkID(subject) else { continue }
        let auditor = row.string("action") == "link.carry" ? after["auditor"] : row.string("actor")
        let audit = after["audit"].flatMap { Int64($0) }
        if let audit, closedAudits.contains(audit) {
          problems.append(
            .init(
              path: "audit_event:\(id)",
              problem: "it adds link \(linkID) to audit \(audit) after that audit was closed"))
        }
        links[linkID] = Link(
          item: after["item"] ?? "", recording: after["recording"], verdict: after["verdict"],
          from: after["from"].flatMap(Double.init), to: after["to"].flatMap(Double.init),
          note: after["note"] ?? "",
          auditor: auditor ?? "", platformOverride: after["platform_override"] == "true",
          componentOverride: after["component_override"] == "true",
          observedPlatform: after["recording"] == nil ? after["judged_platform"] : nil,
          observedAssistiveTech: after["recording"] == nil ? after["judged_assistive_tech"] : nil,
          audit: audit, carriedFrom: after["carried_from"], confirmedFrom: after["confirmed_from"],
          outsideScope: after["outside_scope"] == "true")
      case "suggestion.dismiss":
        dismissals.insert(
          Self.dismissalKey(
            String(subject.dropFirst("recording:".count)), after["item"], after["from"].flatMap(Double.init),
            after["audit"].flatMap { Int64($0) }))
      case "link.retract":
        guard let linkID = Self.linkID(subject) else { continue }
        if links[linkID] == nil {
          problems.append(
            .init(path: "audit_event:\(id)", problem: "it retracts link \(linkID), which no event created"))
        }
        if let audit = links[linkID].map({ $0.audit ?? adoptingAudit }) ?? nil, closedAudits.contains(audit) {
          problems.append(
            .init(
              path: "audit_event:\(id)",
              problem: "it retracts link \(linkID) of audit \(audit) after that audit was closed"))
        }
        links[linkID]?.retracted = true
      default:
        continue
      }
    }
  }

  // Long: each table is compared with the replayed trail in one walk; every comparison is a few lines over the same replayed state.
  /// Every row of `connection` in `scope` that disagrees with the replayed trail.
  func disagreements(in connection: any CatalogueSQL, scope: ReplayScope = .workspace) throws
    -> [AuditChainReport.Problem]
  {
    var found = scope.component == nil ? problems : []
    func problem(_ path: String, _ text: String) { found.append(.init(path: path, problem: text)) }

    var seenDocuments = Set<String>()
    let documentFilter = scope.documents
    for row in try connection.query(
      """
      SELECT id, family || '/' || component AS component, format, revision, sha256 FROM criteria_document d
      WHERE \(documentFilter.sql) ORDER BY id
      """, documentFilter.values
    ) {
      let key = Self.documentKey(
        row.string("component") ?? "", row.string("format"), row.int("revision").map(String.init))
      seenDocuments.insert(key)
      let shown = "criteria_document:\(row.int64("id") ?? 0)"
      guard let sha = documents[key] else {
        problem(
          shown,
          "\(key.replacingOccurrences(of: "|", with: " ")): no criteria.import event records this revision")
        continue
      }
      if sha != row.string("sha256") {
        problem(shown, "its SHA-256 is not the one its criteria.import event records")
      }
    }
    for key in Set(documents.keys).subtracting(seenDocuments).sorted() where scope.contains(key: key) {
      problem(
        "criteria_document", "\(key.replacingOccurrences(of: "|", with: " ")): imported, but its row is gone")
    }

    let recordingFilter = scope.recordings
    for row in try connection.query(
      "SELECT id, sha256 FROM recording r WHERE sha256 IS NOT NULL AND (\(recordingFilter.sql)) ORDER BY id",
      recordingFilter.values)
    {
      let sha = row.string("sha256") ?? ""
      if !recordings.contains("recording:\(sha)") {
        problem(
          "recording:\(row.int64("id") ?? 0)",
          "SHA-256 \(sha.prefix(12))…: no catalogue event records this recording")
      }
    }

    var seenLinks = Set<Int64>()
    for row in try connection.query(
      """
      SELECT l.id, i.key, r.sha256, l.start_ms, l.end_ms, l.verdict, l.note, l.auditor, l.platform_override,
        l.component_override, l.retracted_at IS NOT NULL AS retracted, l.audit_id, l.observed_platform,
        l.observed_assistive_tech, l.carried_from, l.confirmed_from, l.outside_scope
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id LEFT JOIN recording r ON r.id = l.recording_id
      WHERE \(scope.items.sql) ORDER BY l.id
      """, scope.items.values)
    {
      guard let id = row.int64("id") else {
        problem("evidence_link", "a link has no id: \(row.string("id") ?? "NULL")")
        continue
      }
      seenLinks.insert(id)
      let shown = "evidence_link:\(id)"
      guard let expected = links[id] else {
        problem(shown, "no link.create event records this link: it was inserted behind the audit trail")
        continue
      }
      var differences: [String] = []
      func compare(_ name: String, _ stored: String?, _ recorded: String?) {
        if stored != recorded {
          differences.append("\(name) \(stored ?? "none"), the audit trail records \(recorded ?? "none")")
        }
      }
      compare("verdict", row.string("verdict"), expected.verdict)
      compare("item", row.string("key"), expected.item)
      compare("recording", row.string("sha256"), expected.recording)
      compare("observed platform", row.string("observed_platform"), expected.observedPlatform)
      compare("observed screen reader", row.string("observed_assistive_tech"), expected.observedAssistiveTech)
      compare("note", row.string("note"), expected.note)
      compare("auditor", row.string("auditor"), expected.auditor)
      compare("carried from link", row.int64("carried_from").map(String.init), expected.carriedFrom)
      compare("confirmed from link", row.int64("confirmed_from").map(String.init), expected.confirmedFrom)
      for (name, stored, recorded) in [
        ("start", row.int64("start_ms"), expected.from), ("end", row.int64("end_ms"), expected.to),
      ]
      where (stored == nil) != (recorded == nil) || abs(Double(stored ?? 0) / 1000 - (recorded ?? 0)) > 0.0005
      {
        differences.append("its segment \(name) differs from the audit trail's")
      }
      // A flag is 0 or 1; anything else (NULL, text, 2) is named, never read as false.
      func compareFlag(_ column: String, _ recorded: Bool, _ differs: String) {
        switch row.int64(column) {
        case 0, 1: if (row.int64(column) == 1) != recorded { differences.append(differs) }
        default: differences.append("its \(column) is \(row.string(column) ?? "NULL"), not 0 or 1")
        }
      }
      compareFlag("platform_override", expected.platformOverride, "its platform override differs")
      compareFlag("component_override", expected.componentOverride, "its component override differs")
      compareFlag(
        "outside_scope", expected.outsideScope,
        "whether it is outside its audit's scope differs from the audit trail's")
      let recordedAudit = expected.audit ?? adoptingAudit
      if row.int64("audit_id") != recordedAudit {
        differences.append(
          "it is in audit \(row.int64("audit_id").map(String.init) ?? "none"), "
            + "the audit trail records audit \(recordedAudit.map(String.init) ?? "none")")
      }
      if row.int64("retracted") != (expected.retracted ? 1 : 0) {
        differences.append(
          expected.retracted
            ? "it is live, but the audit trail retracted it"
            : "it is retracted, but no link.retract event says so")
      }
      if !differences.isEmpty { problem(shown, differences.joined(separator: "; ")) }
    }
    for id in Set(links.keys).subtracting(seenLinks).sorted() where scope.contains(key: links[id]?.item ?? "")
    {
      problem("evidence_link:\(id)", "the audit trail records this link, but its row is gone")
    }
    if scope.component == nil {
      for row in try connection.query(
        """
        SELECT s.id, r.sha256, i.key, s.start_ms, s.audit_id FROM suggestion_dismissal s
        JOIN recording r ON r.id = s.recording_id JOIN criteria_item i ON i.id = s.item_id ORDER BY s.id
        """)
      {
        let key = Self.dismissalKey(
          row.string("sha256") ?? "", row.string("key"), row.int64("start_ms").map { Double($0) / 1000 },
          row.int64("audit_id"))
        if !dismissals.contains(key) {
          problem(
            "suggestion_dismissal:\(row.int64("id") ?? 0)",
            "no suggestion.dismiss event records this dismissal: it was inserted behind the audit trail")
        }
      }
      for row in try connection.query("SELECT id, closed_at IS NOT NULL AS closed FROM audit ORDER BY id") {
        let id = row.int64("id") ?? 0
        let closed = (row.int64("closed") ?? 0) != 0
        if !madeAudits.contains(id) {
          problem(
            "audit:\(id)", "no audit.create event records this audit: it was inserted behind the audit trail")
        } else if closed != closedAudits.contains(id) {
          problem(
            "audit:\(id)",
            closed
              ? "it is closed, but no audit.close event says so"
              : "it is open, but the audit trail closed it")
        }
      }
    }
    // The registry's tables are small and every bag names its audit, product and mapping rows:
    // checked whatever the scope.
    return found + (try meaning.disagreements(in: connection, scope: scope))
      + (try registry.disagreements(in: connection))
  }

  /// A dismissal as its row and its event both name it.
  private static func dismissalKey(_ sha: String, _ item: String?, _ from: Double?, _ audit: Int64?) -> String
  {
    "\(sha)|\(item ?? "")|\(from.map { String(Int64(($0 * 1000).rounded())) } ?? "")|\(audit ?? 0)"
  }

  private static func auditID(_ subject: String) -> Int64? {
    subject.hasPrefix("audit:") ? Int64(subject.dropFirst(6)) : nil
  }

  private static func documentKey(_ component: String, _ format: String?, _ revision: String?) -> String {
    "\(component)|\(format ?? "")|r\(revision ?? "")"
  }

  private static func linkID(_ subject: String) -> Int64? {
    subject.hasPrefix("link:") ? Int64(subject.dropFirst(5)) : nil
  }

  /// An event's JSON object.
  private static func object(_ json: String?) -> [String: Any] {
    guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    else { return [:] }
    return object
  }
}
