import Foundation

/// Checks that an Exhibit bag's evidence cannot have been forged with the checksums redone:
/// every audit event in `data/audit-log.json` still hashes to its recorded hash (and follows the
/// event before it where both are there), every verdict in `data/manifest.json` is the one its
/// audit event records, the item, screen-reader and overall verdicts follow from those links,
/// each recording is the file the payload manifest hashes, the signature (when the bag has one)
/// matches, and, given the workspace, every event and the audit head are in its audit trail and
/// the bag is signed with its key.
///
/// Only a bag whose bag-info names Exhibit as its software agent is held to this; another tool's
/// bag (bagit-python's) has no evidence to check.
enum BundleEvidenceCheck {
  /// What the check found.
  struct Findings {
    var problems: [BagReport.Problem] = []
    var signature: BagReport.Signature?
  }

  static let manifestFile = "data/manifest.json"
  static let auditFile = "data/audit-log.json"

  /// Checks the bag folder at `root` (already checked as a bag), against `workspace` if given.
  /// `fileHashes` are the SHA-256s the verifier computed, by path bytes.
  static func check(root: String, workspace: Store?, fileHashes: [[UInt8]: String]) -> Findings {
    var findings = Findings()
    func problem(_ path: String, _ text: String) {
      findings.problems.append(.init(path: path, problem: text))
    }
    findings.signature = checkSignature(root: root, workspace: workspace, problem: problem)
    let info = BagVerifier.tagFields(
      (try? String(contentsOfFile: root + "/bag-info.txt", encoding: .utf8)) ?? "")
    guard info.contains(where: { $0.0 == "Bag-Software-Agent" && $0.1.hasPrefix("Exhibit") }) else {
      return findings
    }
    guard let manifest = json(root, manifestFile) as? [String: Any] else {
      problem(manifestFile, "missing or not JSON: an Exhibit bag states its evidence here")
      return findings
    }
    guard let audit = json(root, auditFile) as? [String: Any] else {
      problem(auditFile, "missing or not JSON: an Exhibit bag carries the audit events behind its verdicts")
      return findings
    }
    let events = (audit["events"] as? [[String: Any]] ?? []).compactMap(Event.init)
    checkEvents(events, audit: audit, manifest: manifest, info: info, problem: problem)
    checkLinks(manifest: manifest, events: events, problem: problem)
    checkVerdicts(manifest: manifest, problem: problem)
    checkRecordings(manifest: manifest, fileHashes: fileHashes, problem: problem)
    if let workspace {
      checkAgainstWorkspace(events: events, audit: audit, workspace: workspace, problem: problem)
    }
    return findings
  }

  // MARK: - Audit events

  /// An audit event as `audit-log.json` holds it.
  struct Event {
    let id: Int64
    let at: String
    let actor: String
    let action: String
    let subject: String
    let before: String?
    let after: String?
    let previousHash: String
    let hash: String

    init?(_ object: [String: Any]) {
      guard let id = (object["id"] as? NSNumber)?.int64Value, let at = object["at"] as? String,
        let actor = object["actor"] as? String, let action = object["action"] as? String,
        let subject = object["subject"] as? String, let previousHash = object["previous_hash"] as? String,
        let hash = object["hash"] as? String
      else { return nil }
      self.id = id
      self.at = at
      self.actor = actor
      self.action = action
      self.subject = subject
      before = object["before"] as? String
      after = object["after"] as? String
      self.previousHash = previousHash
      self.hash = hash
    }

    var recomputedHash: String {
      AuditEvent.chainHash(
        previousHash: previousHash, id: id, at: at, actor: actor, action: action, subject: subject,
        before: before,
        after: after)
    }

    /// The `after` object's fields.
    var afterFields: [String: Any] {
      guard let after,
        let object = try? JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any]
      else { return [:] }
      return object
    }

    var described: String { "event \(id) (\(action) \(subject))" }
  }

  private static func checkEvents(
    _ events: [Event], audit: [String: Any], manifest: [String: Any], info: [(String, String)],
    problem: (String, String) -> Void
  ) {
    let listed = (audit["events"] as? [Any])?.count ?? 0
    if listed != events.count { problem(auditFile, "\(listed - events.count) events cannot be read") }
    var previous: Event?
    for event in events.sorted(by: { $0.id < $1.id }) {
      if event.recomputedHash != event.hash {
        problem(auditFile, "\(event.described): its hash does not match its content, so it was edited")
      }
      if let previous, previous.id + 1 == event.id, event.previousHash != previous.hash {
        problem(auditFile, "\(event.described): it does not follow event \(previous.id) in the chain")
      }
      previous = event
    }
    let head = audit["audit_head"] as? String
    if head != manifest["audit_head"] as? String {
      problem(manifestFile, "audit_head differs from the one in \(auditFile)")
    }
    if let infoHead = info.first(where: { $0.0 == "Exhibit-Audit-Head" })?.1, infoHead != head {
      problem("bag-info.txt", "Exhibit-Audit-Head differs from \(auditFile)")
    }
  }

  // MARK: - Verdicts

  private static func checkLinks(manifest: [String: Any], events: [Event], problem: (String, String) -> Void)
  {
    let bySubject = Dictionary(grouping: events, by: \.subject)
    for link in manifest["links"] as? [[String: Any]] ?? [] {
      let id = (link["id"] as? NSNumber)?.int64Value ?? -1
      let subjectEvents = bySubject["link:\(id)"] ?? []
      if let retraction = subjectEvents.first(where: { $0.action == "link.retract" }) {
        problem(manifestFile, "link \(id) is listed as live, but \(retraction.described) retracted it")
      }
      guard let made = subjectEvents.first(where: { $0.action == "link.create" || $0.action == "link.carry" })
      else {
        problem(manifestFile, "link \(id): no audit event in \(auditFile) records it")
        continue
      }
      let recorded = made.afterFields
      let auditor = made.action == "link.carry" ? recorded["auditor"] as? String : made.actor
      var disagreements: [String] = []
      for (field, value) in [
        ("verdict", link["verdict"] as? String), ("item", link["item"] as? String),
        ("recording", link["recording"] as? String), ("note", link["note"] as? String),
      ] where (recorded[field] as? String) != value {
        disagreements.append(
          "\(field) \(value ?? "none") where the audit trail records \(recorded[field] as? String ?? "none")")
      }
      if auditor != link["auditor"] as? String {
        disagreements.append(
          "auditor \(link["auditor"] as? String ?? "none") where the audit trail records \(auditor ?? "none")"
        )
      }
      for (field, key) in [("from", "start_seconds"), ("to", "end_seconds")] {
        let stated = (link[key] as? NSNumber)?.doubleValue
        let audited = (recorded[field] as? String).flatMap(Double.init)
        if (stated == nil) != (audited == nil) || abs((stated ?? 0) - (audited ?? 0)) > 0.0005 {
          disagreements.append("\(key) differs from the audit trail")
        }
      }
      if !disagreements.isEmpty {
        problem(manifestFile, "link \(id): " + disagreements.joined(separator: "; "))
      }
    }
  }

  private static func checkVerdicts(manifest: [String: Any], problem: (String, String) -> Void) {
    let links = Dictionary(
      (manifest["links"] as? [[String: Any]] ?? []).compactMap { link in
        (link["id"] as? NSNumber).map { ($0.int64Value, link) }
      }
    ) { first, _ in first }
    let recordings = Dictionary(
      (manifest["recordings"] as? [[String: Any]] ?? []).compactMap { recording in
        (recording["sha256"] as? String).map { ($0, recording) }
      }
    ) { first, _ in first }
    var items: [BundleContents.Item] = []
    for item in manifest["items"] as? [[String: Any]] ?? [] {
      let key = item["key"] as? String ?? "?"
      let notApplicable = item["not_applicable"] as? Bool ?? false
      let own = links.values.filter { $0["item"] as? String == key }
      let verdict = Self.combined(own.compactMap { $0["verdict"] as? String })
      if verdict?.rawValue != item["verdict"] as? String {
        problem(
          manifestFile,
          "\(key): verdict \(item["verdict"] as? String ?? "none") does not follow from its links (\(verdict?.rawValue ?? "none"))"
        )
      }
      var columns: [BundleContents.ColumnVerdict] = []
      for column in item["verdicts"] as? [[String: Any]] ?? [] {
        let tech = column["assistive_tech"] as? String
        let browser = column["browser"] as? String
        let here = own.filter { link in
          let recording = recordings[link["recording"] as? String ?? ""]
          return recording?["assistive_tech"] as? String == tech
            && recording?["browser"] as? String == browser
        }
        let combined = Self.combined(here.compactMap { $0["verdict"] as? String })
        let decided = here.contains { Verdict(rawValue: $0["verdict"] as? String ?? "")?.isDecided == true }
        if combined?.rawValue != column["verdict"] as? String
          || (column["gap"] as? Bool) != (!notApplicable && !decided)
        {
          problem(
            manifestFile,
            "\(key): the verdict with \(tech ?? "an unknown screen reader") does not follow from its links")
        }
        columns.append(
          .init(
            assistiveTech: tech, browser: browser, verdict: combined, gap: !notApplicable && !decided,
            links: []))
      }
      items.append(
        BundleContents.Item(
          key: key, section: .other, label: "", expectation: "", platforms: [], notApplicable: notApplicable,
          verdict: verdict,
          gap: columns.contains(where: \.gap), verdicts: columns, links: []))
    }
    let overall = BundleGathering.overallStatus(items).rawValue
    if let stated = manifest["overall_status"] as? String, stated != overall {
      problem(manifestFile, "overall_status \(stated) does not follow from the verdicts (\(overall))")
    }
  }

  /// The combined verdict of a manifest's verdict names; an unknown name counts as none.
  private static func combined(_ names: [String]) -> CombinedVerdict? {
    CombinedVerdict(combining: names.compactMap(Verdict.init(rawValue:)))
  }

  /// Each recording's SHA-256 in the manifest must be the one its file hashes to, as the
  /// verifier computed it (`fileHashes`, by path bytes).
  private static func checkRecordings(
    manifest: [String: Any], fileHashes: [[UInt8]: String], problem: (String, String) -> Void
  ) {
    for recording in manifest["recordings"] as? [[String: Any]] ?? [] {
      guard let file = recording["file"] as? String, let sha = recording["sha256"] as? String else {
        continue
      }
      if let found = fileHashes[Array(("data/" + file).utf8)], found != sha {
        problem(
          manifestFile,
          "recording \(file): the manifest says SHA-256 \(sha.prefix(12))…, the file is \(found.prefix(12))…")
      }
    }
  }

  // MARK: - Workspace and signature

  private static func checkAgainstWorkspace(
    events: [Event], audit: [String: Any], workspace: Store, problem: (String, String) -> Void
  ) {
    for event in events {
      let stored = try? workspace.connection.first("SELECT hash FROM audit_event WHERE id = ?", [event.id])?
        .string("hash")
      if stored == nil {
        problem(auditFile, "\(event.described) is not in the workspace's audit trail (\(workspace.path))")
      } else if stored != event.hash {
        problem(auditFile, "\(event.described) differs from the workspace's audit trail (\(workspace.path))")
      }
    }
    if let head = audit["audit_head"] as? String,
      (try? workspace.connection.first("SELECT 1 AS found FROM audit_event WHERE hash = ?", [head])) == nil
    {
      problem(
        auditFile, "audit_head \(head.prefix(16))… is not in the workspace's audit trail (\(workspace.path))")
    }
  }

  private static func checkSignature(
    root: String, workspace: Store?, problem: (String, String) -> Void
  ) -> BagReport.Signature? {
    let path = root + "/" + BagSignature.fileName
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard let data = FileManager.default.contents(atPath: path),
      let signature = try? decoder.decode(BagSignature.self, from: data)
    else {
      problem(BagSignature.fileName, "unreadable signature")
      return BagReport.Signature(fingerprint: "", valid: false, workspaceKey: nil)
    }
    let contents = BagSignature.signedFiles.map {
      FileManager.default.contents(atPath: root + "/" + $0) ?? Data()
    }
    let valid = signature.isValid(for: contents)
    if !valid {
      problem(
        BagSignature.fileName,
        "the signature does not match \(BagSignature.signedFiles.joined(separator: ", ")): the bag changed after it was signed"
      )
    }
    var workspaceKey: Bool?
    if let workspace, let key = try? SigningKey.load(at: SigningKey.path(forDatabase: workspace.path)) {
      let own = BagSignature.fingerprint(of: key.publicKey.rawRepresentation)
      workspaceKey =
        own == signature.fingerprint
        && key.publicKey.rawRepresentation.base64EncodedString() == signature.publicKey
      if workspaceKey == false {
        problem(
          BagSignature.fileName, "signed by key \(signature.fingerprint), not this workspace's key \(own)")
      }
    }
    return BagReport.Signature(fingerprint: signature.fingerprint, valid: valid, workspaceKey: workspaceKey)
  }

  private static func json(_ root: String, _ file: String) -> Any? {
    guard let data = FileManager.default.contents(atPath: root + "/" + file) else { return nil }
    return try? JSONSerialization.jsonObject(with: data)
  }
}
