import ExhibitSQLite
import ExhibitStorage

/// An evidence link as every part of Exhibit reads it: the `evidence_link` row with its item's
/// key and revision and its recording's hash, path, platform, screen reader and availability.
///
/// The one shape at the row boundary; ``EvidenceLink``, coverage segments and the links of a
/// recording's detail are views of it.
struct EvidenceLinkRow: Sendable {
  let id: Int64
  /// Nil for an observation, which rests on no file.
  let recordingID: Int64?
  let itemID: Int64
  let itemKey: ItemKey
  let revision: Int
  let format: CriteriaFormat
  let verdict: Verdict
  let startMilliseconds: Int64?
  let endMilliseconds: Int64?
  let auditor: String
  let note: String
  let platformOverride: Bool
  let componentOverride: Bool
  let createdAt: String
  let retractedAt: String?
  let retractedBy: String?
  let retractionReason: String?
  /// The audit the link belongs to.
  let auditID: Int64
  /// The earlier round's link this one was carried from, when it was carried by a retest.
  let carriedFrom: Int64?
  /// The audit that earlier link belongs to.
  let carriedFromAudit: Int64?
  /// The carried link an auditor confirmed as this one, in this round.
  let confirmedFrom: Int64?
  /// The environment the auditor gave with the verdict.
  let environment: LinkEnvironment
  let recordingSHA256: String?
  /// The recording's first present path, else its first path; empty when it has none left.
  let recordingPath: String
  /// The recording as models name it. A link is only ever made to a recording with bytes, so
  /// its SHA-256 is there; an empty one would show a row damaged by hand.
  var recording: RecordingRef { RecordingRef(sha256: recordingSHA256 ?? "", path: recordingPath) }
  /// The recording's platform and screen reader; an observation's are the ones its auditor named.
  let recordingPlatform: Platform?
  let recordingAssistiveTech: String?
  /// The recording's container, which says whether it is a screenshot.
  let recordingContainer: String?
  /// The recording's browser, OS version and device, where its metadata or a person says.
  let recordingBrowser: String?
  let recordingOSVersion: String?
  let recordingDevice: String?
  /// Nil when a file with the recording's bytes is present.
  let availability: RecordingAvailability?
  /// Whether it links a component outside its audit's scope, as its auditor said it meant to.
  var outsideScope = false

  /// What the verdict rests on.
  var evidence: EvidenceKind {
    EvidenceKind(recordingContainer: recordingContainer, hasRecording: recordingID != nil)
  }

  /// Whether the link still counts (it was not retracted).
  var isLive: Bool { retractedAt == nil }
  /// Whether the verdict was carried from an earlier round and not retested in this one.
  var isCarried: Bool { carriedFrom != nil }

  /// The links that count of `links`: a verdict judged in its audit's round supersedes the ones
  /// carried from an earlier round in its column (the same item, platform and, for an item
  /// judged per screen reader, screen reader: ``EvidenceColumn``), which are left out; carried
  /// verdicts count where nothing was judged again.
  /// - Parameters:
  ///   - links: The links, live ones.
  ///   - sections: Each item's section; an item missing from it is judged per screen reader.
  /// - Returns: The links that count, in their order.
  static func counting(_ links: [EvidenceLinkRow], sections: [ItemKey: CriteriaSection]) -> [EvidenceLinkRow]
  {
    // An item's column, keyed by value: no text is built per link.
    struct Place: Hashable {
      let item: ItemKey
      let platform: Platform?
      let assistiveTech: String?
    }
    func place(_ link: EvidenceLinkRow) -> Place {
      let perScreenReader = EvidenceColumn.isPerScreenReader(sections[link.itemKey] ?? .screenreader)
      return Place(
        item: link.itemKey, platform: link.recordingPlatform,
        assistiveTech: perScreenReader ? link.recordingAssistiveTech : nil)
    }
    let judged = Set(links.filter { !$0.isCarried }.map(place))
    return links.filter { !$0.isCarried || !judged.contains(place($0)) }
  }

  /// Where the verdict was judged: what the auditor gave, over what the recording says; empty
  /// when neither says anything.
  var shownEnvironment: String { testedEnvironment.summary }

  /// Where the verdict was judged, field by field: what the auditor gave, over what the
  /// recording says.
  var testedEnvironment: LinkEnvironment {
    environment.filled(
      from: LinkEnvironment(
        assistiveTech: recordingAssistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 },
        os: recordingPlatform?.displayName, osVersion: recordingOSVersion,
        browser: recordingBrowser.map { Browser(rawValue: $0)?.displayName ?? $0 }, device: recordingDevice))
  }
  var startSeconds: Double? { startMilliseconds.map { Double($0) / 1000 } }
  var endSeconds: Double? { endMilliseconds.map { Double($0) / 1000 } }

  /// The select over `l` (evidence_link), `i` (criteria_item), `d` (criteria_document) and
  /// `r` (recording) that every link query shares.
  static let select = """
    SELECT l.id, l.recording_id, l.item_id, i.key, d.revision, d.format, l.verdict, l.start_ms, l.end_ms,
      l.auditor, l.note, l.platform_override, l.component_override, l.created_at, l.retracted_at,
      l.retracted_by, l.retraction_reason, l.audit_id, l.carried_from, l.confirmed_from, l.environment,
      (SELECT c.audit_id FROM evidence_link c WHERE c.id = l.carried_from) AS carried_from_audit, r.sha256,
      \(platformColumn) AS platform,
      CASE WHEN f.audit_id IS NULL THEN coalesce(r.assistive_tech, l.observed_assistive_tech)
        ELSE f.assistive_tech END AS assistive_tech,
      CASE WHEN f.audit_id IS NULL THEN r.browser ELSE f.browser END AS browser,
      CASE WHEN f.audit_id IS NULL THEN r.os_version ELSE f.os_version END AS os_version,
      CASE WHEN f.audit_id IS NULL THEN r.device ELSE f.device END AS device, r.container,
      \(RecordingLibrary.primaryPath) AS path, \(RecordingAvailability.sql) AS unavailable,
      f.audit_id AS closed_audit, l.outside_scope
    FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
      JOIN criteria_document d ON d.id = i.document_id LEFT JOIN recording r ON r.id = l.recording_id
      LEFT JOIN closed_audit_recording f ON f.audit_id = l.audit_id AND f.recording_id = l.recording_id
    """

  /// The platform a link's verdict counts on, over ``select``'s tables: in a closed audit, its
  /// recording's as the close recorded it (`f`); else the recording's, or an observation's own.
  static let platformColumn =
    "CASE WHEN f.audit_id IS NULL THEN coalesce(r.platform, l.observed_platform) ELSE f.platform END"

  /// Links matching an SQL condition over `l`, `i`, `d` and `r`, oldest first. On SQLite the
  /// rows are read as they are stepped, by position; on another engine from its rows.
  /// - Throws: The backend's error or ``RowDecodingError``.
  static func fetch(_ sql: any CatalogueSQL, where condition: String, _ values: [any SQLBindable]) throws
    -> [EvidenceLinkRow]
  {
    guard let connection = sql as? Connection else {
      return try sql.query("\(select) WHERE \(condition) ORDER BY l.id", values).map { row in
        try RowDecodingError.reading("evidence_link") { try EvidenceLinkRow(row: row) }
      }
    }
    var rows: [EvidenceLinkRow] = []
    var seen = SeenValues()
    try connection.prepare("\(select) WHERE \(condition) ORDER BY l.id").forEachRow(values.map(\.sqlValue)) {
      row in
      rows.append(try RowDecodingError.reading("evidence_link") { try EvidenceLinkRow(at: row, seen: &seen) })
    }
    return rows
  }

  var link: EvidenceLink {
    EvidenceLink(
      id: id, item: itemKey, revision: revision, recordingSHA256: recordingSHA256,
      recordingPath: recordingPath,
      startSeconds: startSeconds, endSeconds: endSeconds, verdict: verdict, auditor: auditor, note: note,
      platformOverride: platformOverride, componentOverride: componentOverride, createdAt: createdAt,
      retractedAt: retractedAt, retractedBy: retractedBy, retractionReason: retractionReason,
      audit: auditID, carriedFrom: carriedFrom, carriedFromAudit: carriedFromAudit,
      confirmedFrom: confirmedFrom,
      environment: environment.isEmpty ? nil : environment, evidence: evidence,
      observedPlatform: evidence == .observation ? recordingPlatform : nil,
      observedAssistiveTech: evidence == .observation ? recordingAssistiveTech : nil,
      outsideScope: outsideScope ? true : nil)
  }
}

extension EvidenceLinkRow {
  /// Reads a row of ``select``; declared here so the memberwise initialiser stays for tests.
  init(row: Row) throws {
    (id, recordingID, itemID) = (
      try row.decode("id"), try row.decode("recording_id"), try row.decode("item_id")
    )
    itemKey = try row.decode("key")
    revision = try row.decode("revision")
    format = try row.decode("format")
    verdict = try row.decode("verdict")
    startMilliseconds = try row.decode("start_ms")
    endMilliseconds = try row.decode("end_ms")
    auditor = try row.decode("auditor")
    note = try row.decode("note")
    platformOverride = try row.decode("platform_override")
    componentOverride = try row.decode("component_override")
    createdAt = try row.decode("created_at")
    retractedAt = try row.decode("retracted_at")
    retractedBy = try row.decode("retracted_by")
    retractionReason = try row.decode("retraction_reason")
    auditID = try row.decode("audit_id")
    carriedFrom = try row.decode("carried_from")
    carriedFromAudit = try row.decode("carried_from_audit")
    confirmedFrom = try row.decode("confirmed_from")
    environment = LinkEnvironment(stored: try row.decode("environment"))
    recordingSHA256 = try row.decode("sha256")
    // A recording whose every path now holds other bytes has no path left to show.
    recordingPath = (try row.decode("path") as String?) ?? ""
    recordingPlatform = try row.decode("platform")
    recordingAssistiveTech = try row.decode("assistive_tech")
    recordingBrowser = try row.decode("browser")
    recordingOSVersion = try row.decode("os_version")
    recordingDevice = try row.decode("device")
    recordingContainer = try row.decode("container")
    availability = try row.decode("unavailable")
    outsideScope = (try row.decode("outside_scope") as Int64) != 0
  }
}

extension EvidenceLinkRow {
  /// What many links share, read once: an item's key by its id, a recording's facts by its id.
  struct SeenValues {
    var items: [Int64: ItemKey] = [:]
    var recordings: [RecordingKey: Recording] = [:]

    /// A recording as one audit reads it: today's facts (no closed audit) or a close's record.
    struct RecordingKey: Hashable {
      let recording: Int64
      let closedAudit: Int64?
    }

    /// The columns of a link that come from its recording (or, for an observation, from itself).
    struct Recording {
      let sha256: String?
      let platform: Platform?
      let assistiveTech: String?
      let browser: String?
      let osVersion: String?
      let device: String?
      let container: String?
      let path: String
      let availability: RecordingAvailability?
    }
  }

  /// Reads the current row of ``select`` by position, each item's key and each recording's facts
  /// once (`seen`): a coverage of 50,000 links reads them without naming 31 columns a row.
  init(at row: Statement, seen: inout SeenValues) throws {
    func required<T>(_ index: Int32, _ name: String, _ read: (Int32) -> T?) throws -> T {
      guard let value = read(index) else {
        throw RowDecodingError(column: name, problem: "expected a value, found NULL or one it cannot be")
      }
      return value
    }
    func parsed<T>(_ index: Int32, _ name: String, _ make: (String) -> T?) throws -> T {
      try required(index, name) { row.text($0).flatMap(make) }
    }
    id = try required(0, "id", row.integer)
    recordingID = row.integer(1)
    itemID = try required(2, "item_id", row.integer)
    if let known = seen.items[itemID] {
      itemKey = known
    } else {
      itemKey = try parsed(3, "key", ItemKey.init)
      seen.items[itemID] = itemKey
    }
    revision = Int(try required(4, "revision", row.integer))
    format = try parsed(5, "format", CriteriaFormat.init(rawValue:))
    verdict = try parsed(6, "verdict", Verdict.init(rawValue:))
    startMilliseconds = row.integer(7)
    endMilliseconds = row.integer(8)
    auditor = try required(9, "auditor", row.text)
    note = try required(10, "note", row.text)
    platformOverride = try required(11, "platform_override", row.integer) != 0
    componentOverride = try required(12, "component_override", row.integer) != 0
    createdAt = try required(13, "created_at", row.text)
    retractedAt = row.text(14)
    retractedBy = row.text(15)
    retractionReason = row.text(16)
    auditID = try required(17, "audit_id", row.integer)
    carriedFrom = row.integer(18)
    confirmedFrom = row.integer(19)
    environment = LinkEnvironment(stored: row.text(20) ?? "")
    carriedFromAudit = row.integer(21)
    // A closed audit's recordings are read as its close recorded them: keyed by the audit too.
    let key = recordingID.map { SeenValues.RecordingKey(recording: $0, closedAudit: row.integer(31)) }
    let facts: SeenValues.Recording
    if let key, let known = seen.recordings[key] {
      facts = known
    } else {
      facts = try Self.recordingFacts(row)
      if let key { seen.recordings[key] = facts }
    }
    recordingSHA256 = facts.sha256
    recordingPlatform = facts.platform
    recordingAssistiveTech = facts.assistiveTech
    recordingBrowser = facts.browser
    recordingOSVersion = facts.osVersion
    recordingDevice = facts.device
    recordingContainer = facts.container
    recordingPath = facts.path
    availability = facts.availability
    outsideScope = row.integer(32) == 1
  }

  /// Columns 22 to 30 of a row of ``select``: its recording's facts, or an observation's own.
  private static func recordingFacts(_ row: Statement) throws -> SeenValues.Recording {
    let platform = try row.text(23).map { text in
      guard let platform = Platform(rawValue: text) else {
        throw RowDecodingError(column: "platform", problem: "expected a platform, found text")
      }
      return platform
    }
    let availability = try row.text(30).map { text in
      guard let state = RecordingAvailability(rawValue: text) else {
        throw RowDecodingError(column: "unavailable", problem: "expected an availability, found text")
      }
      return state
    }
    // A recording whose every path now holds other bytes has no path left to show.
    return SeenValues.Recording(
      sha256: row.text(22), platform: platform, assistiveTech: row.text(24), browser: row.text(25),
      osVersion: row.text(26), device: row.text(27), container: row.text(28), path: row.text(29) ?? "",
      availability: availability)
  }
}
