import ExhibitSQLite
import ExhibitStorage
import Foundation

/// What the audit trail records of what a verdict means, beside the links themselves: every
/// criteria item's content (by document), each recording's attribution, status and duration,
/// each caption track's cues, and each account's role. ``EvidenceReplay`` gathers them event by
/// event; ``disagreementsInMeaning(in:)`` names every row that differs.
struct RecordedMeaning {
  /// `format|sha256` of a document to its items' digests (``CriteriaItemDigest``), by local key.
  var items: [String: [String: (platforms: [String], digest: String)]] = [:]
  /// A recording's SHA-256 to its newest recorded facts.
  var recordings: [String: RecordingFacts] = [:]
  /// `sha256|track path` to the caption file's SHA-256 and its cues' digest.
  var captions: [String: (sha256: String, cues: String)] = [:]
  /// An account's name to its recorded role; nil once removed.
  var accounts: [String: String?] = [:]

  /// Takes in one event, in trail order.
  mutating func replay(action: String, subject: String, before: [String: Any], after: [String: Any]) {
    let fields = after.compactMapValues { $0 as? String }
    switch action {
    case "criteria.import", "criteria.baseline":
      if let text = fields["item_hashes"], let digests = CriteriaItemDigest.parse(text) {
        items["\(fields["format"] ?? "")|\(fields["sha256"] ?? "")"] = digests
      }
    case "recording.catalog", "recording.attribute", "recording.baseline":
      if subject.hasPrefix("recording:"), let facts = RecordingFacts(event: after) {
        recordings[String(subject.dropFirst(10))] = facts
      }
    case "caption.index", "caption.baseline":
      if subject.hasPrefix("recording:"), let track = fields["track"], let sha = fields["sha256"],
        let cues = fields["cues_sha256"]
      {
        captions["\(subject.dropFirst(10))|\(track)"] = (sha, cues)
      }
    case "account.add", "account.baseline":
      if subject.hasPrefix("account:") { accounts[String(subject.dropFirst(8))] = .some(fields["role"]) }
    case "account.remove":
      if subject.hasPrefix("account:") { accounts[String(subject.dropFirst(8))] = .some(nil) }
    case "component.rename":
      // Recordings of the old name now carry the new one.
      guard let old = before["component"] as? String, let new = fields["component"],
        let oldID = ComponentID(old), let newID = ComponentID(new)
      else { return }
      for (sha, facts) in recordings
      where facts.values["family"] == oldID.family.rawValue && facts.values["component"] == oldID.slug {
        recordings[sha]?.values["family"] = newID.family.rawValue
        recordings[sha]?.values["component"] = newID.slug
      }
    default:
      return
    }
  }

  /// Every row in `scope` whose meaning differs from what the trail records.
  func disagreements(in connection: any CatalogueSQL, scope: ReplayScope = .workspace) throws
    -> [AuditChainReport.Problem]
  {
    var found: [AuditChainReport.Problem] = []
    func problem(_ path: String, _ text: String) { found.append(.init(path: path, problem: text)) }
    try compareItems(connection, scope: scope, problem: problem)
    try compareRecordings(connection, scope: scope, problem: problem)
    try compareCaptions(connection, scope: scope, problem: problem)
    try compareAccounts(connection, problem: problem)
    return found
  }

  /// Each document's items, by their digests, against its criteria event's.
  private func compareItems(
    _ connection: any CatalogueSQL, scope: ReplayScope, problem: (String, String) -> Void
  ) throws {
    let filter = scope.documents
    var itemsByDocument: [Int64: [Row]] = [:]
    for row in try connection.query(
      """
      SELECT i.id, i.document_id, i.key, i.section, i.label, i.expectation, i.platforms, i.not_applicable, i.notes
      FROM criteria_item i JOIN criteria_document d ON d.id = i.document_id WHERE \(filter.sql) ORDER BY i.position
      """, filter.values)
    {
      itemsByDocument[row.int64("document_id") ?? 0, default: []].append(row)
    }
    for document in try connection.query(
      "SELECT id, format, sha256 FROM criteria_document d WHERE \(filter.sql) ORDER BY id", filter.values)
    {
      let id = document.int64("id") ?? 0
      guard let recorded = items["\(document.string("format") ?? "")|\(document.string("sha256") ?? "")"]
      else {
        problem("criteria_document:\(id)", "no criteria event records its items")
        continue
      }
      var seen = Set<String>()
      for row in itemsByDocument[id] ?? [] {
        let key = row.string("key") ?? ""
        let local = CriteriaItemDigest.localKey(of: key)
        seen.insert(local)
        let digest = CriteriaItemDigest(
          localKey: local, section: row.string("section") ?? "", label: row.string("label") ?? "",
          expectation: row.string("expectation") ?? "",
          platforms: (row.string("platforms") ?? "").split(separator: ",").map(String.init),
          notApplicable: (row.int64("not_applicable") ?? 0) != 0,
          notes: (row.string("notes") ?? "").split(separator: "\n").map(String.init))
        let shown = "criteria_item:\(row.int64("id") ?? 0)"
        guard let expected = recorded[local] else {
          problem(
            shown, "\(key): not an item its document's criteria event records: it was added behind the trail")
          continue
        }
        if expected.digest != digest.digest {
          problem(
            shown,
            "\(key): its label, expectation, section, platforms, not-applicable or notes differ from what its criteria event records"
          )
        }
      }
      for local in Set(recorded.keys).subtracting(seen).sorted() {
        problem("criteria_document:\(id)", "item \(local), which its criteria event records, is gone")
      }
    }
  }

  /// Each recording's attribution, status and duration against its newest recorded facts.
  private func compareRecordings(
    _ connection: any CatalogueSQL, scope: ReplayScope, problem: (String, String) -> Void
  ) throws {
    let filter = scope.recordings
    for row in try connection.query(
      """
      SELECT r.id, r.sha256, \(RecordingFacts.selection(as: "r")) FROM recording r
      WHERE r.sha256 IS NOT NULL AND (\(filter.sql)) ORDER BY r.id
      """, filter.values)
    {
      let sha = row.string("sha256") ?? ""
      let shown = "recording:\(row.int64("id") ?? 0)"
      guard let recorded = recordings[sha] else {
        problem(shown, "SHA-256 \(sha.prefix(12))…: no event records its attribution, status and duration")
        continue
      }
      let differing = RecordingFacts(row).differences(from: recorded)
      if !differing.isEmpty {
        problem(
          shown,
          "its \(differing.map { $0.replacingOccurrences(of: "_", with: " ") }.joined(separator: ", ")) "
            + "\(differing.count == 1 ? "differs" : "differ") from what the audit trail records")
      }
    }
  }

  /// Each caption track's file hash and cues against its caption event. Cues are read a row at a
  /// time into each track's digest, never held; a track still being written (a long caption, a
  /// chunk at a time) is skipped.
  private func compareCaptions(
    _ connection: any CatalogueSQL, scope: ReplayScope, problem: (String, String) -> Void
  ) throws {
    let filter = scope.recordings
    let tracks = try connection.query(
      """
      SELECT t.id, t.path, t.sha256, r.sha256 AS recording FROM caption_track t
      JOIN recording r ON r.id = t.recording_id
      WHERE r.sha256 IS NOT NULL AND t.mtime_ns <> -1 AND (\(filter.sql)) ORDER BY t.id
      """, filter.values)
    guard !tracks.isEmpty else { return }
    var digests: [Int64: StoredCue.Digest] = [:]
    // Read by position, a row at a time where the engine allows: a million cues are not held.
    try connection.forEachRow(
      """
      SELECT c.track_id, c.identifier, c.start_ms, c.end_ms, c.text FROM caption_cue c
      JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id
      WHERE \(filter.sql) ORDER BY c.track_id, c.position
      """, filter.values
    ) { row in
      digests[row.integer(0) ?? 0, default: StoredCue.Digest()].add(
        StoredCue(
          identifier: row.text(1), startMilliseconds: Int(row.integer(2) ?? 0),
          endMilliseconds: Int(row.integer(3) ?? 0), text: row.text(4) ?? ""))
    }
    for row in tracks {
      let id = row.int64("id") ?? 0
      let shown = "caption_track:\(id)"
      guard let recorded = captions["\(row.string("recording") ?? "")|\(row.string("path") ?? "")"] else {
        problem(shown, "\(row.string("path") ?? ""): no event records its cues")
        continue
      }
      if recorded.sha256 != row.string("sha256") {
        problem(shown, "its caption file's SHA-256 differs from what the audit trail records")
      }
      if recorded.cues != (digests[id] ?? StoredCue.Digest()).hex {
        problem(shown, "its cues (text or times) differ from what the audit trail records")
      }
    }
  }

  /// Each account's role against its newest account event.
  private func compareAccounts(_ connection: any CatalogueSQL, problem: (String, String) -> Void) throws {
    var seen = Set<String>()
    for row in try connection.query("SELECT name, role FROM account ORDER BY name") {
      let name = row.string("name") ?? ""
      seen.insert(name)
      switch accounts[name] {
      case .some(.some(let role)) where role == row.string("role"): continue
      case .some(.some(let role)):
        problem(
          "account:\(name)", "its role is \(row.string("role") ?? "none"), the audit trail records \(role)")
      default:
        problem("account:\(name)", "no event records this account: it was added behind the trail")
      }
    }
    for (name, role) in accounts.sorted(by: { $0.key < $1.key }) where role != nil && !seen.contains(name) {
      problem("account:\(name)", "the audit trail records this account, but its row is gone")
    }
  }
}
