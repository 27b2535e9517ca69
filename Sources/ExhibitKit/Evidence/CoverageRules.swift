extension Coverage {
  // Long: the rule in one reading order (live, current revision, available, counted, columns, cells, standing); each step uses the ones before.
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
  ///   - tested: The platforms an audit tests the component on, when the links are an audit's:
  ///     only their columns, and only the items for one of them.
  init(
    component: ComponentID, criteria: ComponentCriteria, links: [EvidenceLinkRow], platform: Platform?,
    tested: [Platform]? = nil
  ) {
    let document = criteria.document
    let live = links.filter(\.isLive)
    let isCurrent = { (link: EvidenceLinkRow) in
      link.revision == document.revision && link.format.rawValue == document.format
    }
    let stale = live.filter { !isCurrent($0) }
    let inCurrentRevision = live.filter(isCurrent)
    // Evidence whose recording vanished or changed shows nothing an auditor judged.
    // A verdict judged in this round supersedes the ones carried from an earlier round.
    let sections = Dictionary(criteria.items.map { ($0.key, $0.section) }) { first, _ in first }
    // Each link's column by its item's section (``EvidenceColumn``); a link to an item no longer
    // in the document has none and counts nowhere.
    let column = { (link: EvidenceLinkRow) -> Column? in
      guard let section = sections[link.itemKey], let platform = link.recordingPlatform else { return nil }
      return EvidenceColumn.column(
        section: section, platform: platform, assistiveTech: link.recordingAssistiveTech)
    }
    let fresh = EvidenceLinkRow.counting(
      inCurrentRevision.filter { $0.availability == nil }, sections: sections)
    let unavailable = inCurrentRevision.compactMap { link -> UnavailableLink? in
      guard let state = link.availability else { return nil }
      return UnavailableLink(
        link: link.id, item: link.itemKey, recording: link.recording, state: state, verdict: link.verdict,
        advice: state.advice(link: link.id, path: link.recordingPath))
    }
    let platforms =
      (platform.map { [$0] }
      ?? Platform.allCases.filter { name in criteria.items.contains { $0.platforms.contains(name) } })
      .filter { tested?.contains($0) ?? true }
    let inScope = criteria.items.filter { item in
      tested.map { item.platforms.contains(where: $0.contains) } ?? true
    }
    let columns = platforms.flatMap {
      Self.columns(on: $0, items: inScope, evidence: fresh.compactMap(column))
    }
    let items = inScope.map { item in
      let itemLinks = fresh.filter { $0.itemKey == item.key }
      let cells = columns.map { column in
        let here = itemLinks.filter {
          $0.recordingPlatform == column.platform
            && EvidenceColumn.column(
              section: item.section, platform: column.platform, assistiveTech: $0.recordingAssistiveTech)
              == column
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
              note: $0.note, auditor: $0.auditor, testedWith: $0.testedEnvironment, judgedAt: $0.createdAt)
          }, carried: !here.isEmpty && here.allSatisfy(\.isCarried),
          required: EvidenceColumn.isRequired(column, section: item.section))
      }
      let applicable = cells.filter { item.platforms.contains($0.platform) && $0.counts }
      let standing = ItemStanding(notApplicable: item.notApplicable, columns: applicable.map(\.verdict))
      let gapCells = standing.gapColumns.map { applicable[$0] }
      let withVerdict = applicable.filter { $0.verdict != nil }
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

  /// A platform's columns: when an item there is judged per screen reader, its usual screen
  /// readers and any other the evidence names; then its own (no screen reader named) when an item
  /// there is judged per platform or some evidence there names no screen reader.
  ///
  /// - Parameters:
  ///   - platform: The platform.
  ///   - items: The component's items.
  ///   - evidence: The columns the counted links fall in (``EvidenceColumn``).
  /// - Returns: The platform's columns, in the order the matrix shows them.
  static func columns(on platform: Platform, items: [StoredCriteriaItem], evidence: [Column]) -> [Column] {
    let here = items.filter { $0.platforms.contains(platform) }
    var columns: [Column] = []
    if here.contains(where: { EvidenceColumn.isPerScreenReader($0.section) }) {
      var techs = platform.usualAssistiveTech.map(\.rawValue)
      for column in evidence where column.platform == platform {
        if let tech = column.assistiveTech, !techs.contains(tech) { techs.append(tech) }
      }
      columns = techs.map { Column(platform: platform, assistiveTech: $0) }
    }
    if here.contains(where: { !EvidenceColumn.isPerScreenReader($0.section) })
      || evidence.contains(Column(platform: platform, assistiveTech: nil))
    {
      columns.append(Column(platform: platform, assistiveTech: nil))
    }
    return columns
  }
}
