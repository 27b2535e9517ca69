import Foundation

/// Checks that an Exhibit bag's evidence cannot have been forged with the checksums redone.
///
/// What makes a bag Exhibit's is what it carries (`data/manifest.json`, `data/audit-log.json`, an
/// `Exhibit-*` field, an Exhibit signature), never its software-agent line alone, which anyone can
/// delete. Such a bag is held to every check, each reported with its outcome (``BagCheck``):
/// - contents: the files Exhibit writes and no others (an added page or tag file is refused);
/// - evidence: every audit event in `data/audit-log.json` still hashes to its recorded hash (and
///   follows the event before it where both are there); every link in `data/manifest.json` is the
///   one its audit event records; the item, screen-reader and overall verdicts follow from those
///   links; each item is the one its criteria event records, none left out; each recording is the
///   file the payload manifest hashes, under the attribution its events record;
/// - rendering: `report.html`, `earl.jsonld`, bag-info and the manifest's own form are what the
///   manifest renders to (``BundleRendering``);
/// - signature: it matches (and, given the workspace, is its key); an unsigned bag fails when a
///   signature is required or the workspace signs every bag of that component;
/// - workspace: every event and the audit head are in the workspace's audit trail.
/// A plain BagIt bag (bagit-python's) has no evidence to check, and the report says so.
enum BundleEvidenceCheck {
  /// What the check found.
  struct Findings {
    var kind: BagReport.Kind = .bagit
    var checks: [BagCheck] = []
    var problems: [BagReport.Problem] = []
    var signature: BagReport.Signature?
  }

  static let manifestFile = "data/manifest.json"
  static let auditFile = "data/audit-log.json"

  /// The payload files Exhibit writes into every bag, beside the recordings and captions.
  static let renderedPayload = [
    "data/manifest.json", "data/report.html", "data/criteria.feature", "data/earl.jsonld",
    "data/audit-log.json",
  ]
  /// The tag files Exhibit writes; the signature only in a signed bag.
  static let exhibitTagFiles = [
    "bagit.txt", "bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt", BagSignature.fileName,
  ]

  /// Whether the bag carries Exhibit evidence, whatever its software-agent line says.
  static func isExhibitBag(files: [String], info: [(String, String)]) -> Bool {
    files.contains(manifestFile) || files.contains(auditFile) || files.contains(BagSignature.fileName)
      || info.contains {
        $0.0.hasPrefix("Exhibit-") || ($0.0 == "Bag-Software-Agent" && $0.1.hasPrefix("Exhibit"))
      }
  }

  /// Checks the bag folder at `root` (already checked as a bag; `files` are its files), against
  /// `workspace` if given. `fileHashes` are the SHA-256s the verifier computed, by path bytes.
  static func check(
    root: String, files: [String], workspace: BagWorkspace?, fileHashes: [[UInt8]: String],
    requireSignature: Bool
  ) -> Findings {
    var findings = Findings()
    let info = BagVerifier.tagFields(
      (try? String(contentsOfFile: root + "/bag-info.txt", encoding: .utf8)) ?? "")
    guard isExhibitBag(files: files, info: info) else {
      let why =
        "a BagIt bag; no Exhibit evidence checked (it carries no manifest.json, audit log or Exhibit field)"
      findings.checks = [.contents, .evidence, .rendering, .signature, .workspace].map {
        BagCheck($0, .skipped, why)
      }
      return findings
    }
    findings.kind = .exhibit
    func run(_ name: BagCheck.Name, passed: String, _ body: (_ problem: (String, String) -> Void) -> Void) {
      var found: [BagReport.Problem] = []
      body { found.append(.init(path: $0, problem: $1)) }
      findings.problems += found
      findings.checks.append(
        BagCheck(
          name, found.isEmpty ? .passed : .failed,
          found.isEmpty ? passed : "\(found.count) \(found.count == 1 ? "problem" : "problems")"))
    }

    let manifest = json(root, manifestFile) as? [String: Any]
    run(.contents, passed: "only the files Exhibit writes, each named by manifest.json") { problem in
      checkContents(files: files, manifest: manifest, problem: problem)
    }
    let audit = json(root, auditFile) as? [String: Any]
    let events = (audit?["events"] as? [[String: Any]] ?? []).compactMap(Event.init)
    run(.evidence, passed: "the verdicts follow from its \(events.count) audit events") { problem in
      guard let manifest else {
        problem(manifestFile, "missing or not JSON: an Exhibit bag states its evidence here")
        return
      }
      guard let audit else {
        problem(auditFile, "missing or not JSON: an Exhibit bag carries the audit events behind its verdicts")
        return
      }
      checkEvents(events, audit: audit, manifest: manifest, info: info, problem: problem)
      checkLinks(manifest: manifest, events: events, problem: problem)
      checkVerdicts(manifest: manifest, problem: problem)
      checkItems(manifest: manifest, events: events, problem: problem)
      checkRecordings(manifest: manifest, events: events, fileHashes: fileHashes, problem: problem)
      checkConformance(manifest: manifest, events: events, problem: problem)
      checkAudit(manifest: manifest, events: events, root: root, info: info, problem: problem)
      checkFindings(manifest: manifest, events: events, root: root, problem: problem)
      checkApprovals(manifest: manifest, events: events, root: root, problem: problem)
    }
    run(.rendering, passed: "report.html, earl.jsonld and bag-info are what manifest.json renders to") {
      problem in
      for found in BundleRendering.check(root: root) { problem(found.path, found.problem) }
    }
    checkSignature(
      root: root, manifest: manifest, workspace: workspace, requireSignature: requireSignature,
      findings: &findings)
    if let workspace {
      run(
        .workspace, passed: "every audit event and the audit head are in the audit trail of \(workspace.path)"
      ) {
        problem in
        guard let audit else {
          problem(auditFile, "missing or not JSON: nothing to compare with the workspace's audit trail")
          return
        }
        checkAgainstWorkspace(events: events, audit: audit, workspace: workspace, problem: problem)
      }
    } else {
      findings.checks.append(
        BagCheck(.workspace, .skipped, "checked without a workspace (--without-db, or no database was found)")
      )
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

    /// The `after` object.
    var afterObject: [String: Any] {
      guard let after,
        let object = try? JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any]
      else { return [:] }
      return object
    }

    /// The `after` object's string fields.
    var afterFields: [String: String] { afterObject.compactMapValues { $0 as? String } }

    var described: String { "event \(id) (\(action) \(subject))" }
  }

  static func checkEvents(
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

  static func json(_ root: String, _ file: String) -> Any? {
    guard let data = FileManager.default.contents(atPath: root + "/" + file) else { return nil }
    return try? JSONSerialization.jsonObject(with: data)
  }
}
