import ExhibitSQLite
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

  /// Every row whose meaning differs from what the trail records.
  func disagreements(in connection: Connection) throws -> [AuditChainReport.Problem] {
    var found: [AuditChainReport.Problem] = []
    func problem(_ path: String, _ text: String) { found.append(.init(path: path, problem: text)) }

    // Criteria items, by document.
    var itemsByDocument: [Int64: [Row]] = [:]
    for row in try connection.query(
      "SELECT id, document_id, key, section, label, expectation, platforms, not_applicable FROM criteria_item ORDER BY position"
    ) {
      itemsByDocument[row.int64("document_id") ?? 0, default: []].append(row)
    }
    for document in try connection.query("SELECT id, format, sha256 FROM criteria_document ORDER BY id") {
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
          notApplicable: (row.int64("not_applicable") ?? 0) != 0)
        let shown = "criteria_item:\(row.int64("id") ?? 0)"
        guard let expected = recorded[local] else {
          problem(
            shown, "\(key): not an item its document's criteria event records: it was added behind the trail")
          continue
        }
        if expected.digest != digest.digest {
          problem(
            shown,
            "\(key): its label, expectation, section, platforms or not-applicable differ from what its criteria event records"
          )
        }
      }
      for local in Set(recorded.keys).subtracting(seen).sorted() {
        problem("criteria_document:\(id)", "item \(local), which its criteria event records, is gone")
      }
    }

    // Recordings.
    for row in try connection.query(
      "SELECT r.id, r.sha256, \(RecordingFacts.selection(as: "r")) FROM recording r WHERE r.sha256 IS NOT NULL ORDER BY r.id"
    ) {
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

    // Caption tracks: a track still being written (a long caption, a chunk at a time) is skipped.
    var cues: [Int64: [StoredCue]] = [:]
    for row in try connection.query(
      "SELECT track_id, identifier, start_ms, end_ms, text FROM caption_cue ORDER BY track_id, position")
    {
      cues[row.int64("track_id") ?? 0, default: []].append(
        StoredCue(
          identifier: row.string("identifier"), startMilliseconds: Int(row.int64("start_ms") ?? 0),
          endMilliseconds: Int(row.int64("end_ms") ?? 0), text: row.string("text") ?? ""))
    }
    for row in try connection.query(
      """
      SELECT t.id, t.path, t.sha256, r.sha256 AS recording FROM caption_track t
      JOIN recording r ON r.id = t.recording_id WHERE r.sha256 IS NOT NULL AND t.mtime_ns <> -1 ORDER BY t.id
      """)
    {
      let id = row.int64("id") ?? 0
      let shown = "caption_track:\(id)"
      guard let recorded = captions["\(row.string("recording") ?? "")|\(row.string("path") ?? "")"] else {
        problem(shown, "\(row.string("path") ?? ""): no event records its cues")
        continue
      }
      if recorded.sha256 != row.string("sha256") {
        problem(shown, "its caption file's SHA-256 differs from what the audit trail records")
      }
      if recorded.cues != StoredCue.digest(cues[id] ?? []) {
        problem(shown, "its cues (text or times) differ from what the audit trail records")
      }
    }

    // Accounts.
    var seenAccounts = Set<String>()
    for row in try connection.query("SELECT name, role FROM account ORDER BY name") {
      let name = row.string("name") ?? ""
      seenAccounts.insert(name)
      switch accounts[name] {
      case .some(.some(let role)) where role == row.string("role"): continue
      case .some(.some(let role)):
        problem(
          "account:\(name)", "its role is \(row.string("role") ?? "none"), the audit trail records \(role)")
      default:
        problem("account:\(name)", "no event records this account: it was added behind the trail")
      }
    }
    for (name, role) in accounts.sorted(by: { $0.key < $1.key })
    where role != nil && !seenAccounts.contains(name) {
      problem("account:\(name)", "the audit trail records this account, but its row is gone")
    }
    return found
  }
}
