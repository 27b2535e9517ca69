extension Store {
  /// The screen readers each platform is usually tested with, shown even before any evidence.
  static let usualAssistiveTech: [String: [String]] = [
    "ios": ["voiceover"], "android": ["talkback"], "macos": ["voiceover"], "windows": ["jaws", "nvda"],
  ]

  /// The coverage matrix of a component's current criteria.
  ///
  /// - Parameters:
  ///   - component: `family/slug`.
  ///   - platform: Only this platform's column(s) and items.
  /// - Returns: Items by platform and screen reader with verdicts, gaps, conflicts, stale links.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func coverage(_ component: String, platform: Platform? = nil) throws -> Coverage {
    let criteria = try componentCriteria(component, platform: platform)
    let parts = component.split(separator: "/").map(String.init)
    let links = try evidenceLinkRows(family: parts[0], component: parts[1])
    let current = Set(criteria.items.map(\.key))
    let live = links.filter { $0.retracted == false }
    let stale = live.filter {
      $0.revision != criteria.document.revision || $0.format != criteria.document.format
    }
    let inCurrentRevision = live.filter {
      !($0.revision != criteria.document.revision || $0.format != criteria.document.format)
    }
    // Evidence whose recording vanished or changed shows nothing an auditor judged: it is
    // listed, not counted.
    let fresh = inCurrentRevision.filter { $0.unavailable == nil }
    let unavailable = inCurrentRevision.compactMap { link -> Coverage.UnavailableLink? in
      guard let state = link.unavailable else { return nil }
      return Coverage.UnavailableLink(
        link: link.id, item: link.key, recording: link.path, state: state.rawValue, verdict: link.verdict,
        advice: state.advice(link: link.id, path: link.path))
    }
    let platforms =
      platform.map { [$0.rawValue] }
      ?? Platform.allCases.map(\.rawValue).filter { name in
        criteria.items.contains { $0.platforms.map(\.rawValue).contains(name) }
      }
    var columns: [Coverage.Column] = []
    for name in platforms {
      var techs = Self.usualAssistiveTech[name] ?? []
      for link in fresh where link.platform == name {
        if let tech = link.assistiveTech, !techs.contains(tech) { techs.append(tech) }
      }
      columns += techs.map { Coverage.Column(platform: name, assistiveTech: $0) }
      if fresh.contains(where: { $0.platform == name && $0.assistiveTech == nil }) {
        columns.append(Coverage.Column(platform: name, assistiveTech: nil))
      }
    }
    var items: [Coverage.Item] = []
    for item in criteria.items where current.contains(item.key) {
      let itemLinks = fresh.filter { $0.key == item.key }
      let cells = columns.map { column -> Coverage.Cell in
        let here = itemLinks.filter {
          $0.platform == column.platform && $0.assistiveTech == column.assistiveTech
        }
        return Coverage.Cell(
          platform: column.platform, assistiveTech: column.assistiveTech,
          verdict: Self.combined(here.map(\.verdict)),
          links: here.count,
          segments: here.map {
            Coverage.Segment(
              link: $0.id, recording: $0.path, fromSeconds: $0.from, toSeconds: $0.to, verdict: $0.verdict)
          })
      }
      let applies = item.platforms.map(\.rawValue).filter(platforms.contains)
      let gaps =
        item.notApplicable
        ? []
        : applies.filter { name in
          !itemLinks.contains {
            $0.platform == name && ["pass", "fail", "not-applicable"].contains($0.verdict)
          }
        }
      items.append(
        Coverage.Item(
          key: item.key, section: item.section, label: item.label, platforms: item.platforms.map(\.rawValue),
          notApplicable: item.notApplicable, cells: cells, gapPlatforms: gaps,
          conflict: cells.contains { $0.verdict == "conflict" }))
    }
    return Coverage(
      component: component, revision: criteria.document.revision, columns: columns, items: items,
      gaps: items.filter { !$0.gapPlatforms.isEmpty }.map(\.key),
      conflicts: items.filter(\.conflict).map(\.key),
      stale: stale.map { .init(link: $0.id, item: $0.key, revision: $0.revision, verdict: $0.verdict) },
      unavailable: unavailable)
  }

  /// One verdict for a cell: the only one given, `untested` only when nothing else is, and
  /// `conflict` when pass, fail or not-applicable disagree.
  static func combined(_ verdicts: [String]) -> String? {
    guard !verdicts.isEmpty else { return nil }
    let decided = Set(verdicts.filter { $0 != Verdict.untested.rawValue })
    if decided.isEmpty { return Verdict.untested.rawValue }
    return decided.count == 1 ? decided.first : "conflict"
  }

  private struct LinkRow {
    var id: Int64
    var key: String
    var revision: Int
    var format: String
    var verdict: String
    var from: Double?
    var to: Double?
    var platform: String?
    var assistiveTech: String?
    var path: String
    var retracted: Bool
    var unavailable: RecordingAvailability?
  }

  private func evidenceLinkRows(family: String, component: String) throws -> [LinkRow] {
    try connection.query(
      """
      SELECT l.id, i.key, d.revision, d.format, l.verdict, l.start_ms, l.end_ms, r.platform, r.assistive_tech,
        l.retracted_at IS NOT NULL AS retracted,
        \(Store.primaryPath) AS path, \(RecordingAvailability.sql) AS unavailable
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
        JOIN criteria_document d ON d.id = i.document_id JOIN recording r ON r.id = l.recording_id
      WHERE d.family = ? AND d.component = ? ORDER BY l.id
      """, [family, component]
    ).map {
      LinkRow(
        id: $0.int64("id") ?? 0, key: $0.string("key") ?? "", revision: $0.int("revision") ?? 1,
        format: $0.string("format") ?? "", verdict: $0.string("verdict") ?? "untested",
        from: $0.int64("start_ms").map { Double($0) / 1000 },
        to: $0.int64("end_ms").map { Double($0) / 1000 },
        platform: $0.string("platform"), assistiveTech: $0.string("assistive_tech"),
        path: $0.string("path") ?? "",
        retracted: $0.bool("retracted"),
        unavailable: $0.string("unavailable").flatMap(RecordingAvailability.init))
    }
  }
}
