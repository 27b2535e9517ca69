import Foundation

// Verdicts: each link is the one its event records, and the item, per-screen-reader and
// overall verdicts follow from the links; recordings and items are the ones their events record.
extension BundleEvidenceCheck {
  static func checkLinks(manifest: [String: Any], events: [Event], problem: (String, String) -> Void) {
    let bySubject = Dictionary(grouping: events, by: \.subject)
    for link in manifest["links"] as? [[String: Any]] ?? [] {
      let id = (link["id"] as? NSNumber)?.int64Value ?? -1
      let subjectEvents = bySubject["link:\(id)"] ?? []
      if let retraction = subjectEvents.first(where: { $0.action == "link.retract" }) {
        problem(manifestFile, "link \(id) is listed as live, but \(retraction.described) retracted it")
      }
      guard
        let made = subjectEvents.first(where: {
          ["link.create", "link.carry", "link.confirm"].contains($0.action)
        })
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
      ] + Self.observedFields(link) where recorded[field] != value {
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
      // A verdict carried from an earlier round must say so, and only such a verdict may.
      let carriedFrom = ((link["carried"] as? [String: Any])?["link"] as? NSNumber).map {
        String($0.int64Value)
      }
      if carriedFrom != recorded["carried_from"] {
        disagreements.append(
          recorded["carried_from"].map {
            "it was carried from link \($0) without a retest, but is shown as judged in this round"
          }
            ?? "it is shown as carried, but the audit trail records it as judged in this round")
      }
      if !disagreements.isEmpty {
        problem(manifestFile, "link \(id): " + disagreements.joined(separator: "; "))
      }
    }
  }

  /// An observation's screen reader decides its column: the one its event records.
  static func observedFields(_ link: [String: Any]) -> [(String, String?)] {
    guard link["evidence"] as? String == EvidenceKind.observation.rawValue else { return [] }
    return [("judged_assistive_tech", link["observed_assistive_tech"] as? String)]
  }

  // Long: each item's columns are replayed from its links by the layout's rule, then its verdict, the overall status and the summary; one pass keeps the three in step.
  static func checkVerdicts(manifest: [String: Any], problem: (String, String) -> Void) {
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
    // Bags since layout 4 judge each item in the columns of its section (``EvidenceColumn``).
    let bySection = (manifest["report_layout"] as? Int ?? 0) >= BundleContents.sectionColumnsLayout
    let bagColumns = (manifest["columns"] as? [[String: Any]] ?? []).map {
      BundleContents.Column(assistiveTech: $0["assistive_tech"] as? String, browser: $0["browser"] as? String)
    }
    var items: [BundleContents.Item] = []
    for item in manifest["items"] as? [[String: Any]] ?? [] {
      let key = item["key"] as? String ?? "?"
      let notApplicable = item["not_applicable"] as? Bool ?? false
      let section = CriteriaSection(rawValue: item["section"] as? String ?? "") ?? .other
      let own = links.values.filter { $0["item"] as? String == key }
      // A link's column: its recording's screen reader and browser, or the one an observation names.
      let judgedIn = { (link: [String: Any]) -> BundleContents.Column in
        if link["evidence"] as? String == EvidenceKind.observation.rawValue {
          return BundleContents.Column(
            assistiveTech: link["observed_assistive_tech"] as? String, browser: nil)
        }
        let recording = recordings[link["recording"] as? String ?? ""]
        return BundleContents.Column(
          assistiveTech: recording?["assistive_tech"] as? String, browser: recording?["browser"] as? String)
      }
      var columns: [BundleContents.ColumnVerdict] = []
      for column in item["verdicts"] as? [[String: Any]] ?? [] {
        let tech = column["assistive_tech"] as? String
        let browser = column["browser"] as? String
        let named = BundleContents.Column(assistiveTech: tech, browser: browser)
        let here = own.filter {
          bySection ? judgedIn($0).counts(in: named, section: section) : judgedIn($0) == named
        }
        let required = !bySection || named.isRequired(section: section)
        let combined = Self.combined(here.compactMap { $0["verdict"] as? String })
        let decided = here.contains { Verdict(rawValue: $0["verdict"] as? String ?? "")?.isDecided == true }
        let gap = required && !notApplicable && !decided
        if combined?.rawValue != column["verdict"] as? String || (column["gap"] as? Bool) != gap {
          problem(
            manifestFile,
            "\(key): the verdict with \(tech ?? "an unknown screen reader") does not follow from its links")
        }
        columns.append(
          .init(assistiveTech: tech, browser: browser, verdict: combined, gap: gap, links: []))
      }
      // Every column the item must be judged in is listed: none left out to hide a gap.
      if bySection {
        let listed = Set(
          columns.map { BundleContents.Column(assistiveTech: $0.assistiveTech, browser: $0.browser) })
        let missing = bagColumns.filter { $0.isRequired(section: section) && !listed.contains($0) }
        if !missing.isEmpty {
          problem(
            manifestFile,
            "\(key): leaves out the column\(missing.count == 1 ? "" : "s") it is judged in: "
              + missing.map(\.displayName).joined(separator: ", "))
        }
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
  static func combined(_ names: [String]) -> CombinedVerdict? {
    CombinedVerdict(combining: names.compactMap(Verdict.init(rawValue:)))
  }

  /// Each recording's SHA-256 in the manifest must be the one its file hashes to, as the
  /// verifier computed it (`fileHashes`, by path bytes), and its screen reader and browser (which
  /// decide the column its verdicts count in) the ones its newest audit event records.
  static func checkRecordings(
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
      if let heard = recording["heard"] as? [String: Any], let heardFile = heard["file"] as? String,
        let stated = heard["sha256"] as? String, let found = fileHashes[Array(("data/" + heardFile).utf8)],
        found != stated
      {
        problem(
          manifestFile,
          "what was heard in \(file), \(heardFile): the manifest says SHA-256 \(stated.prefix(12))…, the file is "
            + "\(found.prefix(12))…")
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
  static func checkItems(manifest: [String: Any], events: [Event], problem: (String, String) -> Void) {
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
}
