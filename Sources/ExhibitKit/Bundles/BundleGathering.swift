import Crypto
import ExhibitSQLite
import ExhibitStorage
import Foundation

extension BundleGathering {
  // Long: one read transaction gathers the parts in the order the manifest lists them, each step using the ones before (links, recordings, columns, items, events).
  /// Gathers what a bundle of `component` on `platform` holds: the current criteria items that
  /// apply, the live links of recordings of that platform with their verdicts, every present
  /// recording of the component and platform (and any linked one), their captions, and the
  /// audit events behind them.
  ///
  /// - Parameters:
  ///   - component: The component, resolved.
  ///   - platform: The platform the bundle is for.
  ///   - date: `YYYY-MM-DD`, the bag's date.
  ///   - tested: What was tested, as the auditor names it (the audit's product and release
  ///     when not given).
  ///   - audit: Only this audit's links; nil for every link (a workspace without audits).
  /// - Returns: The bundle's contents, ready to write.
  /// - Throws: ``BundleError/noItems(component:platform:)``, the engine's error.
  func bundleContents(
    component: ComponentID, platform: Platform, date: String,
    tested: BundleContents.TestedProduct = BundleContents.TestedProduct(), audit: Audit? = nil
  ) throws -> BundleContents {
    var tested = tested
    if let audit, tested.product == nil, audit.product != AuditRegistry.defaultProduct {
      tested = BundleContents.TestedProduct(
        product: audit.product, build: tested.build ?? audit.release, url: tested.url)
    }
    let criteria = try ClosedAuditRecord(connection: connection).criteria(
      component, platform: platform, audit: audit?.id)
    guard !criteria.items.isEmpty else {
      throw BundleError.noItems(component: component.description, platform: platform.rawValue)
    }
    let itemKeys = Set(criteria.items.map(\.key))
    let allRows = try EvidenceLinkRow.fetch(
      connection,
      where:
        "i.document_id = ? AND l.retracted_at IS NULL AND \(EvidenceLinkRow.platformColumn) = ? "
        + "AND (l.audit_id = ?3 OR ?3 IS NULL)",
      [criteria.document.documentID, platform.rawValue, audit?.id]
    ).filter { itemKeys.contains($0.itemKey) }
    // A verdict judged in this round supersedes the carried ones of its item and screen reader.
    let linkRows = EvidenceLinkRow.counting(
      allRows, sections: Dictionary(criteria.items.map { ($0.key, $0.section) }) { first, _ in first })
    var releases: [Int64: String] = [:]
    for id in Set(linkRows.compactMap(\.carriedFromAudit)) {
      releases[id] = try AuditRegistry(connection: connection).audit(id).release
    }
    let links = linkRows.map(\.link)
    // A verdict whose recording is gone or replaced cannot be bundled as evidence; say which and
    // how to resolve each before anything is written.
    let unavailable = linkRows.compactMap { link -> String? in
      guard let state = link.availability else { return nil }
      return
        "link \(link.id) (\(link.itemKey), \(link.verdict.rawValue)): \(state.rawValue), \(link.recordingPath); "
        + state.advice(link: link.id, path: link.recordingPath)
    }
    if !unavailable.isEmpty { throw BundleError.unavailableEvidence(unavailable) }

    // Recordings: every present one of the component and platform, and every linked one.
    // A closed audit's bag holds the recordings its verdicts rest on, attributed as its close
    // recorded them; an open audit's also every present recording of the component and platform.
    // A closed audit reads the workspace's own WCAG mapping rows up to the last one its close saw.
    let through = try audit.flatMap {
      try ClosedAuditRecord(connection: connection).wcagOverridesThrough($0.id)
    }
    let closed = try audit.flatMap { audit in
      try through.map { _ in try ClosedAuditAttribution(connection: connection, closedAudit: audit.id) }
    }
    var recordingIDs: [String: Int64] = [:]
    if closed == nil {
      for row in try connection.query(
        """
        SELECT id, sha256 FROM recording r WHERE sha256 IS NOT NULL AND status <> 'error'
          AND family = ? AND component = ? AND platform = ?
          AND EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id AND p.missing_since IS NULL)
        """, [component.family.rawValue, component.slug, platform.rawValue])
      {
        recordingIDs[try row.decode("sha256")] = try row.decode("id")
      }
    }
    // The linked recordings the query above did not name, in one statement.
    let linkedOnly = Set(links.compactMap(\.recordingSHA256)).subtracting(recordingIDs.keys).sorted()
    if !linkedOnly.isEmpty {
      for row in try connection.query(
        "SELECT id, sha256 FROM recording WHERE sha256 IN (\(linkedOnly.map { _ in "?" }.joined(separator: ", ")))",
        linkedOnly)
      {
        recordingIDs[try row.decode("sha256")] = try row.decode("id")
      }
    }
    var names = BagFileNames()
    func file(for name: String, sha: String) -> String {
      names.name(in: "recordings", for: name, sha256: sha)
    }
    let library = self.recordings
    var recordings: [BundleContents.Recording] = []
    for (sha, id) in recordingIDs.sorted(by: { $0.key < $1.key }) {
      let detail = try library.recordingDetail(id: id)
      let source = detail.paths.first { $0.missingSince == nil }?.path ?? detail.recording.path
      let name = (source as NSString).lastPathComponent
      let captions = detail.captions.map { track in
        BundleContents.Caption(
          file: file(for: (track.path as NSString).lastPathComponent, sha: track.sha256),
          language: track.language,
          sha256: track.sha256, source: track.path)
      }
      let heard = try HearingOperations(sql: connection).track(recording: id).map { track in
        let text = HeardWebVTT.text(track)
        let stem = ((name as NSString).deletingPathExtension as NSString).lastPathComponent
        let sha256 = SHA256.hash(data: Data(text.utf8)).hexString
        return (
          file: BundleContents.HeardFile(
            file: file(for: stem + ".heard.vtt", sha: sha256), sha256: sha256, model: track.model,
            vocabularySha256: track.vocabularySHA256, heard: track.heard.count, text: text),
          cues: track.heard.map {
            BundleContents.Cue(
              startSeconds: $0.startSeconds, endSeconds: $0.endSeconds, text: $0.text,
              confidence: $0.confidence)
          }
        )
      }
      let summary = detail.recording
      // A closed audit's recordings as its close recorded them: the column its verdicts count in.
      let closedFacts = closed?.recordings[sha]
      let assistiveTech = closedFacts.map(\.assistiveTech) ?? summary.assistiveTech
      let browser = closedFacts.map(\.browser) ?? summary.browser
      let transcript = (detail.captions.first?.cues ?? []).map {
        BundleContents.Cue(startSeconds: $0.startSeconds, endSeconds: $0.endSeconds, text: $0.text)
      }
      let environment = BundleContents.Environment(
        os: (closedFacts.map(\.osVersion) ?? detail.attribution.osVersion?.value) ?? platform.displayName,
        assistiveTech: assistiveTech, browser: browser,
        recordedAt: Self.tag(detail.tags, ["com.apple.quicktime.creationdate", "creation_time", "date"]),
        window: Self.tag(detail.tags, ["title"]),
        recorder: Self.tag(detail.tags, ["com.apple.quicktime.author", "artist", "author"]),
        device: closedFacts.map(\.device) ?? detail.attribution.device?.value)
      var bundled =
        BundleContents.Recording(
          sha256: sha, file: file(for: name, sha: sha), name: name, size: summary.size,
          status: summary.status,
          container: summary.container, durationSeconds: summary.durationSeconds,
          videoCodec: summary.videoCodec,
          width: summary.width, height: summary.height, audioCodec: summary.audioCodec,
          assistiveTech: assistiveTech, browser: browser, captions: captions,
          environment: environment, transcript: transcript, source: source)
      bundled.heard = heard?.file
      bundled.heardCues = heard?.cues ?? []
      recordings.append(bundled)
    }
    let fileBySha = Dictionary(recordings.map { ($0.sha256, $0.file) }) { first, _ in first }

    let bundleLinks = links.map { link in
      BundleContents.Link(
        id: link.id, item: link.item.description, recording: link.recordingSHA256,
        file: fileBySha[link.recordingSHA256 ?? ""] ?? "", startSeconds: link.startSeconds,
        endSeconds: link.endSeconds, verdict: link.verdict, auditor: link.auditor, note: link.note,
        platformOverride: link.platformOverride, createdAt: link.createdAt,
        carried: link.carriedFrom.map {
          BundleContents.Carried(
            link: $0, audit: link.carriedFromAudit ?? 0, release: releases[link.carriedFromAudit ?? 0] ?? "")
        }, environment: link.environment, evidence: link.evidence == .recording ? nil : link.evidence,
        observedAssistiveTech: link.observedAssistiveTech)
    }
    // Verdicts per screen reader (and browser): an NVDA pass says nothing of JAWS.
    let recordingBySha = Dictionary(recordings.map { ($0.sha256, $0) }) { first, _ in first }
    let sections = Dictionary(criteria.items.map { ($0.key.description, $0.section) }) { first, _ in first }
    let columns = Self.bundleColumns(
      platform: platform, sections: criteria.items.map(\.section),
      seen: recordings.map { BundleContents.Column(assistiveTech: $0.assistiveTech, browser: $0.browser) }
        + bundleLinks.filter { $0.kind == .observation }.map { $0.column(recordings: [:]) },
      withoutScreenReader: bundleLinks.contains {
        EvidenceColumn.isPerScreenReader(sections[$0.item] ?? .other)
          && $0.column(recordings: recordingBySha).assistiveTech == nil
      })
    let conformance = ConformanceLedger(connection: connection)
    let mapping = WCAGMapping.defaults.with(overrides: try conformance.overrides(through: through))
    let items = criteria.items.map { item in
      let own = bundleLinks.filter { $0.item == item.key.description }
      // The columns it is judged in (``EvidenceColumn``), and any other holding its links.
      let verdicts = columns.compactMap { column -> BundleContents.ColumnVerdict? in
        let here = own.filter {
          $0.column(recordings: recordingBySha).counts(in: column, section: item.section)
        }
        let required = column.isRequired(section: item.section)
        guard required || !here.isEmpty else { return nil }
        let decided = here.contains { $0.verdict.isDecided }
        return BundleContents.ColumnVerdict(
          assistiveTech: column.assistiveTech, browser: column.browser,
          verdict: CombinedVerdict(combining: here.map(\.verdict)),
          gap: required && !item.notApplicable && !decided, links: here.map(\.id))
      }
      // The one rule: a fail with one screen reader fails the item; a pass elsewhere is no conflict.
      let standing = ItemStanding(notApplicable: item.notApplicable, columns: verdicts.map(\.verdict))
      var bundled = BundleContents.Item(
        key: item.key.description, section: item.section, label: item.label, expectation: item.expectation,
        platforms: item.platforms, notApplicable: item.notApplicable,
        verdict: own.isEmpty ? nil : standing.verdict, gap: standing.hasGap,
        verdicts: verdicts,
        links: own.map(\.id), notes: item.notes)
      bundled.wcag = mapping.rows(for: item.key).map {
        BundleContents.WCAGLink(criterion: $0.criterion, relation: $0.relation)
      }
      return bundled
    }
    let subjects =
      [component.description] + bundleLinks.map { "link:\($0.id)" }
      + recordings.map { "recording:\($0.sha256)" }
    // The mapping rows of its items and the levels decided for its component type, as events.
    let type = ACRComponentType(component.family)
    let conformanceEvents = try auditTrail.events(
      about: criteria.items.map(\.key.description) + (audit.map { ["audit:\($0.id)"] } ?? [])
    ).filter { event in
      event.action == "wcag.map"
        || (event.action == "acr.set"
          && AuditJSON.fields(event.after)["component_type"] == type.rawValue)
        // The audit's own events: its product, release and state follow from them.
        || (event.action.hasPrefix("audit.") && event.subject == audit.map { "audit:\($0.id)" })
    }
    // A closed audit's bag carries the trail as its close sealed it: what came later is another
    // audit's business, and would change the bag of an audit that no longer changes.
    let sealed = try audit.flatMap { try ClosedAuditRecord(connection: connection).closeEvent(of: $0.id) }
    let events = (try auditTrail.events(about: subjects) + conformanceEvents).sorted { $0.id < $1.id }
      .filter { sealed == nil || $0.id <= sealed?.id ?? 0 }
    let head = try sealed?.hash ?? auditTrail.headHash()
    var contents = BundleContents(
      name: BagPath.safeComponent(
        "\(component.family.rawValue)-\(component.slug)-\(platform.rawValue)-\(date)"),
      component: component.description,
      title: criteria.document.title, platform: platform, date: date,
      criteriaRevision: criteria.document.revision, criteriaFormat: criteria.document.format,
      criteriaSha256: criteria.document.sha256, auditors: Set(bundleLinks.map(\.auditor)).sorted(),
      tested: tested, overallStatus: Self.overallStatus(items), columns: columns, items: items,
      gaps: items.filter(\.gap).map(\.key), links: bundleLinks, recordings: recordings,
      auditHead: head, auditEvents: events,
      feature: GherkinFeature.render(criteria, platform: platform))
    contents.summary = BundleContents.Summary(items: items)
    contents.reportLayout = BundleContents.currentReportLayout
    if let audit, let author = try conformance.author() {
      var latest: [String: ACRDecision] = [:]
      for decision in try conformance.decisions(audit: audit.id) where decision.componentType == type {
        latest[decision.criterion] = decision
      }
      contents.conformance = BundleContents.ConformanceFacts(
        author: author,
        decisions: latest.values.sorted { WCAGMapping.order($0.criterion) < WCAGMapping.order($1.criterion) })
    }
    contents.frames = BundleContents.frames(links: bundleLinks, recordings: recordings)
    if let audit {
      let found = try findingEvents(
        audit: audit, component: component, platform: platform, through: sealed?.id)
      if let findings = Self.findings(latest: found.latest, in: contents) {
        contents.findings = findings
        contents.auditEvents = (events + found.events).sorted { $0.id < $1.id }
      }
      let approved = try approvals(audit: audit, of: contents, through: sealed?.id)
      contents.approvals = approved.standing
      contents.auditEvents = (contents.auditEvents + approved.events).sorted { $0.id < $1.id }
      contents.audit = BundleContents.AuditInfo(
        id: audit.id, product: audit.product, release: audit.release, state: audit.state, from: audit.from)
      if audit.product != AuditRegistry.defaultProduct {
        contents.name = BagPath.safeComponent("\(audit.product)-\(audit.release)-\(contents.name)")
      }
    }
    return contents
  }
}

extension BundleGathering {
  /// The checklist's columns on a platform: when an item is judged per screen reader, each usual
  /// screen reader once per browser it was recorded with (once without one when it was not
  /// recorded at all), then any other screen reader the recordings show; then the platform's own
  /// (no screen reader named) when an item is judged per platform or a screen-reader item has
  /// evidence naming none.
  static func bundleColumns(
    platform: Platform, sections: [CriteriaSection], seen: [BundleContents.Column], withoutScreenReader: Bool
  ) -> [BundleContents.Column] {
    let own =
      withoutScreenReader || sections.contains(where: { !EvidenceColumn.isPerScreenReader($0) })
      ? [BundleContents.Column(assistiveTech: nil, browser: nil)] : []
    guard sections.contains(where: EvidenceColumn.isPerScreenReader) else { return own }
    var columns: [BundleContents.Column] = []
    let usual = platform.usualAssistiveTech.map(\.rawValue)
    let recorded = Array(Set(seen.filter { $0.assistiveTech != nil })).sorted {
      ($0.assistiveTech ?? "~", $0.browser ?? "") < ($1.assistiveTech ?? "~", $1.browser ?? "")
    }
    for tech in usual {
      let withTech = recorded.filter { $0.assistiveTech == tech }
      columns += withTech.isEmpty ? [BundleContents.Column(assistiveTech: tech, browser: nil)] : withTech
    }
    columns += recorded.filter { !usual.contains($0.assistiveTech ?? "") }
    return columns + own
  }

  /// `fail` when any verdict fails or conflicts, else `incomplete` while any item has a gap, else
  /// `pass`.
  static func overallStatus(_ items: [BundleContents.Item]) -> OverallStatus {
    OverallStatus(
      verdicts: items.flatMap { $0.verdicts.compactMap(\.verdict) }, hasGaps: items.contains(where: \.gap))
  }

  /// The first of a recording's container tags named (in any case) by `names`.
  static func tag(_ tags: [String: String], _ names: [String]) -> String? {
    for name in names {
      if let value = tags.first(where: { $0.key.lowercased() == name })?.value, !value.isEmpty {
        return value
      }
    }
    return nil
  }
}

/// Gathers what a bundle holds from the workspace.
struct BundleGathering {
  /// Criteria documents and items.
  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// Catalogued recordings.
  private var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// The audit trail.
  private var auditTrail: AuditTrail { AuditTrail(connection: connection) }
  /// The workspace database.
  let connection: any CatalogueSQL
}
