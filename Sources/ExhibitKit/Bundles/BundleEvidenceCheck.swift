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

  // MARK: - Contents

  /// An Exhibit bag holds the tag files Exhibit writes, its rendered payload, and the recordings
  /// and captions its manifest names: nothing else, and none of those missing.
  private static func checkContents(
    files: [String], manifest: [String: Any]?, problem: (String, String) -> Void
  ) {
    var expected = Set(renderedPayload)
    for recording in manifest?["recordings"] as? [[String: Any]] ?? [] {
      if let file = recording["file"] as? String { expected.insert("data/" + file) }
      for caption in recording["captions"] as? [[String: Any]] ?? [] {
        if let file = caption["file"] as? String { expected.insert("data/" + file) }
      }
    }
    let present = Set(files)
    for file in files.sorted() {
      if file.hasPrefix("data/") {
        if !expected.contains(file) {
          problem(file, "extra: a payload file manifest.json does not name, which Exhibit never writes")
        }
      } else if !exhibitTagFiles.contains(file) {
        problem(file, "extra: a tag file Exhibit never writes")
      }
    }
    for file in expected.sorted() where !present.contains(file) {
      problem(file, "missing: manifest.json names it, or Exhibit writes it into every bag")
    }
    for file in ["bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt"]
    where !present.contains(file) {
      problem(file, "missing: Exhibit writes it into every bag")
    }
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
      let auditor = made.action == "link.carry" ? recorded["auditor"] : made.actor
      var disagreements: [String] = []
      for (field, value) in [
        ("verdict", link["verdict"] as? String), ("item", link["item"] as? String),
        ("recording", link["recording"] as? String), ("note", link["note"] as? String),
      ] where recorded[field] != value {
        disagreements.append(
          "\(field) \(value ?? "none") where the audit trail records \(recorded[field] ?? "none")")
      }
      if auditor != link["auditor"] as? String {
        disagreements.append(
          "auditor \(link["auditor"] as? String ?? "none") where the audit trail records \(auditor ?? "none")"
        )
      }
      for (field, key) in [("from", "start_seconds"), ("to", "end_seconds")] {
        let stated = (link[key] as? NSNumber)?.doubleValue
        let audited = recorded[field].flatMap(Double.init)
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
      // The item's verdict follows from its columns (``ItemStanding``); bags made before that rule
      // combined every link at once, which is accepted from them (they carry no summary).
      let standing = ItemStanding(notApplicable: notApplicable, columns: columns.map(\.verdict))
      let verdict = own.isEmpty ? nil : standing.verdict
      let earlier =
        manifest["summary"] == nil ? Self.combined(own.compactMap { $0["verdict"] as? String }) : nil
      let stated = item["verdict"] as? String
      if stated != verdict?.rawValue && stated != earlier?.rawValue {
        problem(
          manifestFile,
          "\(key): verdict \(stated ?? "none") does not follow from its links (\(verdict?.rawValue ?? "none"))"
        )
      }
      items.append(
        BundleContents.Item(
          key: key, section: .other, label: "", expectation: "", platforms: [], notApplicable: notApplicable,
          verdict: CombinedVerdict(rawValue: stated ?? ""),
          gap: columns.contains(where: \.gap), verdicts: columns, links: []))
    }
    let overall = BundleGathering.overallStatus(items).rawValue
    if let stated = manifest["overall_status"] as? String, stated != overall {
      problem(manifestFile, "overall_status \(stated) does not follow from the verdicts (\(overall))")
    }
    if let stated = manifest["summary"] as? [String: Any] {
      let expected = BundleContents.Summary(items: items)
      let found = ["pass", "fail", "conflicting", "not_applicable", "gaps"].map {
        (stated[$0] as? NSNumber)?.intValue
      }
      if found != [expected.pass, expected.fail, expected.conflicting, expected.notApplicable, expected.gaps]
      {
        problem(manifestFile, "summary does not follow from the items' verdicts")
      }
    }
  }

  /// The combined verdict of a manifest's verdict names; an unknown name counts as none.
  private static func combined(_ names: [String]) -> CombinedVerdict? {
    CombinedVerdict(combining: names.compactMap(Verdict.init(rawValue:)))
  }

  /// Each recording's SHA-256 in the manifest must be the one its file hashes to, as the
  /// verifier computed it (`fileHashes`, by path bytes), and its screen reader and browser (which
  /// decide the column its verdicts count in) the ones its newest audit event records.
  private static func checkRecordings(
    manifest: [String: Any], events: [Event], fileHashes: [[UInt8]: String], problem: (String, String) -> Void
  ) {
    let platform = manifest["platform"] as? String
    let listed = Set(
      (manifest["recordings"] as? [[String: Any]] ?? []).compactMap { $0["sha256"] as? String })
    for link in manifest["links"] as? [[String: Any]] ?? [] {
      if let sha = link["recording"] as? String, !listed.contains(sha) {
        problem(
          manifestFile, "link \((link["id"] as? NSNumber)?.int64Value ?? -1): its recording is not in the bag"
        )
      }
    }
    for recording in manifest["recordings"] as? [[String: Any]] ?? [] {
      guard let file = recording["file"] as? String, let sha = recording["sha256"] as? String else {
        problem(manifestFile, "a recording without its file or SHA-256")
        continue
      }
      if let found = fileHashes[Array(("data/" + file).utf8)], found != sha {
        problem(
          manifestFile,
          "recording \(file): the manifest says SHA-256 \(sha.prefix(12))…, the file is \(found.prefix(12))…")
      }
      let recorded = events.filter { $0.subject == "recording:\(sha)" }.compactMap {
        RecordingFacts(event: $0.afterObject)
      }
      .last
      guard let recorded else { continue }
      var differing: [String] = []
      for (key, stated) in [
        ("assistive_tech", recording["assistive_tech"] as? String),
        ("browser", recording["browser"] as? String),
        ("platform", platform), ("status", recording["status"] as? String),
      ] where (recorded.values[key] ?? nil) != stated {
        differing.append(key.replacingOccurrences(of: "_", with: " "))
      }
      if !differing.isEmpty {
        problem(
          manifestFile,
          "recording \(file): its \(differing.joined(separator: ", ")) differ from what the audit trail records"
        )
      }
    }
  }

  /// Every item must be the one the criteria event of the manifest's revision records (label,
  /// expectation, section, platforms, not applicable), and no item of that revision for the
  /// platform may be left out. A trail from before item hashes were recorded has nothing to
  /// compare with.
  private static func checkItems(manifest: [String: Any], events: [Event], problem: (String, String) -> Void)
  {
    let platform = manifest["platform"] as? String ?? ""
    let revision = (manifest["criteria_revision"] as? NSNumber).map { String($0.intValue) }
    let format = manifest["criteria_format"] as? String
    let sha = manifest["criteria_sha256"] as? String
    // Events before a rename name the component by its old name: match the document by its hash.
    let imports = events.filter { $0.action == "criteria.import" || $0.action == "criteria.baseline" }
    guard imports.contains(where: { $0.afterFields["sha256"] == sha && $0.afterFields["format"] == format })
    else {
      problem(
        manifestFile, "criteria revision \(revision ?? "?"): no criteria event in \(auditFile) records it")
      return
    }
    guard
      let recorded = imports.last(where: {
        $0.afterFields["sha256"] == sha && $0.afterFields["format"] == format
          && $0.afterFields["item_hashes"] != nil
      }), let digests = CriteriaItemDigest.parse(recorded.afterFields["item_hashes"] ?? "")
    else { return }
    var seen = Set<String>()
    for item in manifest["items"] as? [[String: Any]] ?? [] {
      let key = item["key"] as? String ?? "?"
      let local = CriteriaItemDigest.localKey(of: key)
      seen.insert(local)
      let digest = CriteriaItemDigest(
        localKey: local, section: item["section"] as? String ?? "", label: item["label"] as? String ?? "",
        expectation: item["expectation"] as? String ?? "", platforms: item["platforms"] as? [String] ?? [],
        notApplicable: item["not_applicable"] as? Bool ?? false, notes: item["notes"] as? [String] ?? [])
      guard let expected = digests[local] else {
        problem(
          manifestFile, "\(key): not an item of criteria revision \(revision ?? "?") (\(recorded.described))")
        continue
      }
      if expected.digest != digest.digest {
        problem(
          manifestFile,
          "\(key): its label, expectation, platforms or not-applicable differ from \(recorded.described)")
      }
    }
    for (local, expected) in digests.sorted(by: { $0.key < $1.key })
    where expected.platforms.contains(platform) && !seen.contains(local) {
      problem(
        manifestFile, "\(local): an item for \(platform) that \(recorded.described) records is left out")
    }
  }

  // MARK: - Workspace and signature

  private static func checkAgainstWorkspace(
    events: [Event], audit: [String: Any], workspace: BagWorkspace, problem: (String, String) -> Void
  ) {
    for event in events {
      let stored = workspace.eventHash(id: event.id)
      if stored == nil {
        problem(auditFile, "\(event.described) is not in the workspace's audit trail (\(workspace.path))")
      } else if stored != event.hash {
        problem(auditFile, "\(event.described) differs from the workspace's audit trail (\(workspace.path))")
      }
    }
    if let head = audit["audit_head"] as? String, !workspace.containsEvent(hash: head) {
      problem(
        auditFile, "audit_head \(head.prefix(16))… is not in the workspace's audit trail (\(workspace.path))")
    }
  }

  /// The signature's check: it must match the signed files and, given the workspace, be by its
  /// key. An unsigned bag fails when `requireSignature` is set or when the workspace signs every
  /// bag it makes and the bag is of one of its components; otherwise it is a warning.
  private static func checkSignature(
    root: String, manifest: [String: Any]?, workspace: BagWorkspace?, requireSignature: Bool,
    findings: inout Findings
  ) {
    func fail(_ problem: String, _ detail: String) {
      findings.problems.append(.init(path: BagSignature.fileName, problem: problem))
      findings.checks.append(BagCheck(.signature, .failed, detail))
    }
    let path = root + "/" + BagSignature.fileName
    let workspaceKey = workspace.flatMap { try? SigningKey.load(at: SigningKey.path(forDatabase: $0.path)) }
    guard FileManager.default.fileExists(atPath: path) else {
      let component = manifest?["component"] as? String
      if requireSignature {
        fail("missing: the bag is not signed, and --require-signature was given", "not signed")
      } else if let workspace, workspaceKey != nil, let component, workspace.hasComponent(component) {
        fail(
          "missing: \(workspace.path) signs every bag it makes, and this bag of its component \(component) is not signed",
          "not signed, though the workspace signs its bags")
      } else {
        findings.checks.append(
          BagCheck(
            .signature, .warning,
            "not signed: anyone able to edit its files could have made it (--require-signature refuses it)"))
      }
      return
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard let data = FileManager.default.contents(atPath: path),
      let signature = try? decoder.decode(BagSignature.self, from: data)
    else {
      findings.signature = BagReport.Signature(fingerprint: "", valid: false, workspaceKey: nil)
      fail("unreadable signature", "unreadable")
      return
    }
    let valid = signature.isValid(for: signature.contents(inBag: root))
    var isWorkspaceKey: Bool?
    if let key = workspaceKey {
      isWorkspaceKey =
        BagSignature.fingerprint(of: key.publicKey.rawRepresentation) == signature.fingerprint
        && key.publicKey.rawRepresentation.base64EncodedString() == signature.publicKey
    }
    findings.signature = BagReport.Signature(
      fingerprint: signature.fingerprint, valid: valid, workspaceKey: isWorkspaceKey)
    guard valid else {
      fail(
        "the signature does not match \(signature.signedFiles.joined(separator: ", ")): the bag changed after it was signed",
        "does not match: the bag changed after it was signed")
      return
    }
    if isWorkspaceKey == false, let key = workspaceKey {
      let own = BagSignature.fingerprint(of: key.publicKey.rawRepresentation)
      fail(
        "signed by key \(signature.fingerprint), not this workspace's key \(own)",
        "signed by key \(signature.fingerprint), not this workspace's")
      return
    }
    let covered =
      signature.coversTagManifest
      ? "covering every tag file"
      : "an earlier Exhibit's signature, covering \(signature.signedFiles.joined(separator: ", ")); the tag files are held to Exhibit's own"
    findings.checks.append(
      BagCheck(
        .signature, .passed,
        "signed with key \(signature.fingerprint)\(isWorkspaceKey == true ? ", this workspace's key" : ""), \(covered)"
      ))
  }

  private static func json(_ root: String, _ file: String) -> Any? {
    guard let data = FileManager.default.contents(atPath: root + "/" + file) else { return nil }
    return try? JSONSerialization.jsonObject(with: data)
  }
}
