extension Coverage {
  /// Computes the matrix from a component's current criteria and every link to its items: a
  /// pure function of the two, so the rules are tested without a database.
  ///
  /// - Live links of an earlier revision or another format are stale: listed, not counted.
  /// - Live links whose recording is missing or changed are unavailable: listed, not counted.
  /// - A link carried from an earlier round counts until a link judged in this round takes its
  ///   column (``EvidenceLinkRow/counting(_:)``); a cell with only carried links is `carried`.
  /// - A link carried from an earlier round counts until a link judged in this round takes its
  ///   column (``EvidenceLinkRow/counting(_:)``); a cell with only carried links is `carried`.
  /// - Columns are the platform's usual screen readers, then any other the evidence shows,
  ///   then one without a screen reader when some evidence names none.
  /// - An item's verdict, gaps and conflict follow ``ItemStanding``: a column (platform and
  ///   screen reader) it applies to is a gap without a deciding verdict there.
  ///
  /// - Parameters:
  ///   - component: The component.
  ///   - criteria: Its current criteria, already cut to `platform` when one is given.
  ///   - links: Every link to any revision of its items, retracted ones included.
  ///   - platform: Only this platform's columns, when given.
  init(component: ComponentID, criteria: ComponentCriteria, links: [EvidenceLinkRow], platform: Platform?) {
    let document = criteria.document
    let live = links.filter(\.isLive)
    let isCurrent = { (link: EvidenceLinkRow) in
      link.revision == document.revision && link.format.rawValue == document.format
    }
    let stale = live.filter { !isCurrent($0) }
    let inCurrentRevision = live.filter(isCurrent)
    // Evidence whose recording vanished or changed shows nothing an auditor judged.
    // A verdict judged in this round supersedes the ones carried from an earlier round.
    let fresh = EvidenceLinkRow.counting(inCurrentRevision.filter { $0.availability == nil })
    let unavailable = inCurrentRevision.compactMap { link -> UnavailableLink? in
      guard let state = link.availability else { return nil }
      return UnavailableLink(
        link: link.id, item: link.itemKey, recording: link.recording, state: state, verdict: link.verdict,
        advice: state.advice(link: link.id, path: link.recordingPath))
    }
    let platforms =
      platform.map { [$0] }
      ?? Platform.allCases.filter { name in criteria.items.contains { $0.platforms.contains(name) } }
    let columns = platforms.flatMap { Self.columns(on: $0, evidence: fresh) }
    let items = criteria.items.map { item in
      let itemLinks = fresh.filter { $0.itemKey == item.key }
      let cells = columns.map { column in
        let here = itemLinks.filter {
          $0.recordingPlatform == column.platform && $0.recordingAssistiveTech == column.assistiveTech
        }
        return Cell(
          platform: column.platform, assistiveTech: column.assistiveTech,
          verdict: CombinedVerdict(combining: here.map(\.verdict)), links: here.count,
          segments: here.map {
            Segment(
              link: $0.id, recording: $0.recording, fromSeconds: $0.startSeconds,
              toSeconds: $0.endSeconds,
              verdict: $0.verdict, carriedFrom: $0.carriedFrom,
              environment: $0.shownEnvironment.isEmpty ? nil : $0.shownEnvironment, evidence: $0.evidence,
              note: $0.note, auditor: $0.auditor)
          }, carried: !here.isEmpty && here.allSatisfy(\.isCarried))
      }
      let applicable = cells.filter { item.platforms.contains($0.platform) }
      let standing = ItemStanding(notApplicable: item.notApplicable, columns: applicable.map(\.verdict))
      let gapCells = standing.gapColumns.map { applicable[$0] }
      let withVerdict = cells.filter { $0.verdict != nil }
      return Item(
        key: item.key, section: item.section, label: item.label, platforms: item.platforms,
        notApplicable: item.notApplicable, cells: cells,
        gapPlatforms: Platform.allCases.filter { name in gapCells.contains { $0.platform == name } },
        gapColumns: gapCells.map { Column(platform: $0.platform, assistiveTech: $0.assistiveTech) },
        verdict: standing.verdict, conflict: standing.verdict == .conflict,
        carried: !withVerdict.isEmpty && withVerdict.allSatisfy(\.carried))
    }
    self.init(
      component: component, revision: document.revision, columns: columns, items: items,
      gaps: items.filter { !$0.gapPlatforms.isEmpty }.map(\.key),
      conflicts: items.filter(\.conflict).map(\.key),
      stale: stale.map {
        StaleLink(link: $0.id, item: $0.itemKey, revision: $0.revision, verdict: $0.verdict)
      },
      unavailable: unavailable)
  }

  /// A platform's columns: its usual screen readers, any other the evidence shows, and one
  /// without a screen reader when some evidence names none.
  static func columns(on platform: Platform, evidence: [EvidenceLinkRow]) -> [Column] {
    var techs = platform.usualAssistiveTech.map(\.rawValue)
    for link in evidence where link.recordingPlatform == platform {
      if let tech = link.recordingAssistiveTech, !techs.contains(tech) { techs.append(tech) }
    }
    var columns = techs.map { Column(platform: platform, assistiveTech: $0) }
    if evidence.contains(where: { $0.recordingPlatform == platform && $0.recordingAssistiveTech == nil }) {
      columns.append(Column(platform: platform, assistiveTech: nil))
    }
    return columns
  }
}
