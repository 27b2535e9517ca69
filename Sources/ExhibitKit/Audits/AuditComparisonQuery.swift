import ExhibitSQLite
import ExhibitStorage

/// Reads two audits' live verdicts and compares them (``AuditComparison``).
///
/// Built for audits of thousands of components: items and recordings are read once and given
/// small numbers and sort ranks; each audit's links are read in one pass by position, each given
/// the rank of its row (component, platform, screen reader, item), sorted, and the two sorted
/// lists are walked together. Two rounds of 50,000 links compare in well under 200 ms.
struct AuditComparisonQuery {
  /// The workspace database.
  let connection: any CatalogueSQL

  /// A column of the comparison: a platform with a screen reader.
  private struct Column: Hashable {
    let platform: Platform
    let assistiveTech: String?
  }

  /// An item as the comparison names it, whatever revision a link pinned.
  private struct Item {
    let component: ComponentID
    let key: ItemKey
    let text: String
    /// Whether it is judged per screen reader (``EvidenceColumn``); else in its platform's column.
    let perScreenReader: Bool
  }

  /// What one recording says about the links to it.
  private struct RecordingFacts {
    let column: Int
    let sha256: String
    let environment: LinkEnvironment
    /// The number of the environment it shows, in ``Names/environments``.
    var environmentNumber = 0
  }

  /// One live link, with the rank of the row it belongs to.
  private struct Entry {
    let rank: Int
    let item: Int
    let column: Int
    let evidence: AuditComparison.Evidence
    let environment: Int
    var isCarried: Bool { evidence.carriedFrom != nil }
  }

  /// The links of one audit in one row, and what they say.
  private struct Side {
    /// This round's links, else the carried ones.
    let counted: ArraySlice<Entry>
    let isCarried: Bool
    let verdict: CombinedVerdict?

    init(_ entries: ArraySlice<Entry>) {
      // Most rows are all judged or all carried: the slice is kept as it is, without a copy.
      let carriedCount = entries.reduce(0) { $0 + ($1.isCarried ? 1 : 0) }
      counted =
        carriedCount == 0 || carriedCount == entries.count
        ? entries : ArraySlice(entries.filter { !$0.isCarried })
      isCarried = carriedCount > 0 && carriedCount == entries.count
      verdict =
        counted.isEmpty
        ? nil : CombinedVerdict(seen: counted.reduce(0) { $0 | CombinedVerdict.bit($1.evidence.verdict) })
    }
  }

  /// Items, recordings and environments by number.
  private struct Names {
    var items: [Item] = []
    var itemNumbers: [Int64: Int] = [:]
    var itemRanks: [Int] = []
    var columns: [Column] = []
    var columnRanks: [Int] = []
    /// Each platform's own column, for items judged per platform.
    var platformColumns: [Platform: Int] = [:]
    /// By column number, its platform's own column; by item number, whether it is judged per
    /// screen reader: read once per link, so kept flat.
    var ownColumn: [Int] = []
    var perScreenReader: [Bool] = []
    var recordings: [RecordingKey: RecordingFacts] = [:]
    var environments: [String] = []
    var environmentNumbers: [String: Int] = [:]

    mutating func environmentNumber(_ summary: String) -> Int {
      if let known = environmentNumbers[summary] { return known }
      environmentNumbers[summary] = environments.count
      environments.append(summary)
      return environments.count - 1
    }
  }

  /// A live link as its row reads.
  private struct StoredLink {
    let id: Int64
    let item: Int64
    let recording: Int64
    let verdict: Verdict
    let carriedFrom: Int64?
    let start: Int64?
    let end: Int64?
    let environment: String
    /// The closed audit whose close recorded the recording's attribution, when it did.
    let closedAudit: Int64?
    /// For an observation (whose `recording` is its own id, negated), the column it was made in.
    var observation: Observation? = nil
    var recordingKey: RecordingKey { RecordingKey(recording: recording, closedAudit: closedAudit) }
  }

  /// Where an observation was made.
  private struct Observation {
    let platform: Platform
    let assistiveTech: String?
  }

  /// A recording as one audit reads it: today's attribution, or a closed audit's record of it.
  private struct RecordingKey: Hashable {
    let recording: Int64
    let closedAudit: Int64?
  }

  /// Compares `old` with `new`, for one component or platform or all.
  /// - Throws: The engine's error.
  func compare(_ old: Audit, _ new: Audit, component: ComponentID?, platform: Platform?) throws
    -> AuditComparison
  {
    let oldLinks = try links(of: old.id)
    let newLinks = try links(of: new.id)
    var names = try self.names(
      items: oldLinks.map(\.item) + newLinks.map(\.item),
      recordings: (oldLinks + newLinks).filter { $0.observation == nil }.map(\.recordingKey),
      observations: (oldLinks + newLinks).filter { $0.observation != nil })
    let before = entries(oldLinks, &names, component: component, platform: platform)
    let after = entries(newLinks, &names, component: component, platform: platform)
    var rows: [AuditComparison.Row] = []
    rows.reserveCapacity(max(before.count, after.count))
    var (i, j) = (before.startIndex, after.startIndex)
    while i < before.endIndex || j < after.endIndex {
      let rank = min(i < before.endIndex ? before[i].rank : .max, j < after.endIndex ? after[j].rank : .max)
      var iEnd = i
      while iEnd < before.endIndex, before[iEnd].rank == rank { iEnd += 1 }
      var jEnd = j
      while jEnd < after.endIndex, after[jEnd].rank == rank { jEnd += 1 }
      let first = i < iEnd ? before[i] : after[j]
      rows.append(
        row(Side(before[i..<iEnd]), Side(after[j..<jEnd]), item: first.item, column: first.column, names))
      (i, j) = (iEnd, jEnd)
    }
    return AuditComparison(old: old.identity, new: new.identity, rows: rows)
  }

  /// One row of the comparison from the two sides.
  private func row(_ oldSide: Side, _ newSide: Side, item: Int, column: Int, _ names: Names)
    -> AuditComparison.Row
  {
    let item = names.items[item]
    let column = names.columns[column]
    var environments: AuditComparison.EnvironmentChange?
    if !oldSide.counted.isEmpty, !newSide.counted.isEmpty, !newSide.isCarried {
      let old = Set(oldSide.counted.map(\.environment))
      let new = Set(newSide.counted.map(\.environment))
      if old != new {
        environments = .init(
          old: old.map { names.environments[$0] }.sorted(), new: new.map { names.environments[$0] }.sorted())
      }
    }
    return AuditComparison.Row(
      component: item.component, platform: column.platform, assistiveTech: column.assistiveTech,
      item: item.key,
      change: AuditComparison.change(old: oldSide.verdict, new: newSide.verdict, carried: newSide.isCarried),
      oldVerdict: oldSide.verdict, newVerdict: newSide.verdict, oldLinks: oldSide.counted.map(\.evidence),
      newLinks: newSide.counted.map(\.evidence), environments: environments)
  }

  /// An audit's live links, by position, in one pass over its index.
  private func links(of audit: Int64) throws -> [StoredLink] {
    var links: [StoredLink] = []
    try connection.forEachRow(
      """
      SELECT l.id, l.item_id, l.recording_id, l.verdict, l.carried_from, l.start_ms, l.end_ms, l.environment,
        f.audit_id, l.observed_platform, l.observed_assistive_tech
      FROM evidence_link l
        LEFT JOIN closed_audit_recording f ON f.audit_id = l.audit_id AND f.recording_id = l.recording_id
      WHERE l.audit_id = ? AND l.retracted_at IS NULL
      """, [audit]
    ) { row in
      guard let id = row.integer(0), let item = row.integer(1),
        let verdict = row.text(3).flatMap(Verdict.init(rawValue:))
      else { return }
      // An observation rests on no recording: it stands for itself, in the column its auditor named.
      let observed = row.text(9).flatMap(Platform.init(rawValue:)).map {
        Observation(platform: $0, assistiveTech: row.text(10))
      }
      guard let recording = row.integer(2) ?? (observed != nil ? -id : nil) else { return }
      links.append(
        StoredLink(
          id: id, item: item, recording: recording, verdict: verdict, carriedFrom: row.integer(4),
          start: row.integer(5), end: row.integer(6), environment: row.text(7) ?? "",
          closedAudit: row.integer(8), observation: observed))
    }
    return links
  }

  /// Runs `select` (which ends `IN (%IDS)`) over `ids`, each once, a few hundred bound at a time:
  /// a list both engines take (SQLite's `json_each` is its own).
  private func forEachRow(
    _ select: String, in ids: [Int64], _ body: (any RowCursor) throws -> Void
  ) throws {
    let unique = Array(Set(ids)).sorted()
    var start = 0
    while start < unique.count {
      let chunk = Array(unique[start..<min(start + 500, unique.count)])
      try connection.forEachRow(
        select.replacingOccurrences(
          of: "%IDS", with: Array(repeating: "?", count: chunk.count).joined(separator: ", ")),
        chunk, body)
      start += chunk.count
    }
  }

  // Long: items, then recordings (today's, closed audits' records, observations), each read once and ranked in the order rows are listed.
  /// The items and recordings the two audits' live links name, numbered and ranked.
  private func names(items itemIDs: [Int64], recordings keys: [RecordingKey], observations: [StoredLink])
    throws
    -> Names
  {
    var names = Names()
    var numberOfKey: [String: Int] = [:]
    try forEachRow("SELECT i.id, i.key, i.section FROM criteria_item i WHERE i.id IN (%IDS)", in: itemIDs) {
      row in
      guard let id = row.integer(0), let text = row.text(1), let key = ItemKey(text) else { return }
      let section = CriteriaSection(rawValue: row.text(2) ?? "") ?? .other
      // The same key in two revisions is one item.
      if let known = numberOfKey[text] {
        names.itemNumbers[id] = known
      } else {
        numberOfKey[text] = names.items.count
        names.itemNumbers[id] = names.items.count
        names.items.append(
          Item(
            component: key.component, key: key, text: text,
            perScreenReader: EvidenceColumn.isPerScreenReader(section)))
      }
    }
    // Rows go by component, then platform and screen reader, then item.
    let components = Dictionary(
      uniqueKeysWithValues: Set(names.items.map(\.component)).sorted().enumerated().map { ($1, $0) })
    names.itemRanks = Array(repeating: 0, count: names.items.count)
    for (rank, index) in names.items.indices.sorted(by: { names.items[$0].text < names.items[$1].text })
      .enumerated()
    {
      names.itemRanks[index] = (components[names.items[index].component] ?? 0) << 40 | rank
    }
    var columnNumbers: [Column: Int] = [:]
    func read(_ row: any RowCursor, closedAudit: Int64?) {
      guard let id = row.integer(0), let platform = row.text(1).flatMap(Platform.init(rawValue:)) else {
        return
      }
      add(
        RecordingKey(recording: id, closedAudit: closedAudit), platform: platform, tech: row.text(2),
        osVersion: row.text(5), browser: row.text(3), device: row.text(4), sha256: row.text(6) ?? "")
    }
    func add(
      _ key: RecordingKey, platform: Platform, tech: String?, osVersion: String?, browser: String?,
      device: String?, sha256: String
    ) {
      let column = Column(platform: platform, assistiveTech: tech)
      let number = columnNumbers[column] ?? names.columns.count
      if number == names.columns.count {
        names.columns.append(column)
        columnNumbers[column] = number
      }
      var facts = RecordingFacts(
        column: number, sha256: sha256,
        environment: LinkEnvironment(
          assistiveTech: tech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 },
          os: platform.displayName,
          osVersion: osVersion, browser: browser.map { Browser(rawValue: $0)?.displayName ?? $0 },
          device: device))
      facts.environmentNumber = names.environmentNumber(facts.environment.summary)
      names.recordings[key] = facts
    }
    for link in observations {
      guard let observation = link.observation else { continue }
      add(
        link.recordingKey, platform: observation.platform, tech: observation.assistiveTech, osVersion: nil,
        browser: nil, device: nil, sha256: "")
    }
    try forEachRow(
      """
      SELECT r.id, r.platform, r.assistive_tech, r.browser, r.device, r.os_version, r.sha256 FROM recording r
      WHERE r.id IN (%IDS)
      """, in: keys.filter { $0.closedAudit == nil }.map(\.recording)
    ) { read($0, closedAudit: nil) }
    // A closed audit's recordings as its close recorded them.
    for audit in Set(keys.compactMap(\.closedAudit)).sorted() {
      try connection.forEachRow(
        """
        SELECT r.id, f.platform, f.assistive_tech, f.browser, f.device, f.os_version, r.sha256
        FROM closed_audit_recording f JOIN recording r ON r.id = f.recording_id WHERE f.audit_id = ?
        """, [audit]
      ) { read($0, closedAudit: audit) }
    }
    // Each platform's own column, for the items judged per platform.
    for platform in Set(names.columns.map(\.platform)) {
      let own = Column(platform: platform, assistiveTech: nil)
      if let number = columnNumbers[own] {
        names.platformColumns[platform] = number
      } else {
        names.platformColumns[platform] = names.columns.count
        columnNumbers[own] = names.columns.count
        names.columns.append(own)
      }
    }
    names.ownColumn = names.columns.map { names.platformColumns[$0.platform] ?? 0 }
    names.perScreenReader = names.items.map(\.perScreenReader)
    names.columnRanks = Array(repeating: 0, count: names.columns.count)
    let columns = names.columns
    for (rank, index) in columns.indices.sorted(by: {
      (columns[$0].platform.rawValue, columns[$0].assistiveTech ?? "")
        < (columns[$1].platform.rawValue, columns[$1].assistiveTech ?? "")
    }).enumerated() {
      names.columnRanks[index] = rank << 24
    }
    return names
  }

  /// An audit's live links, each with its row's rank, in the order of the rows.
  private func entries(
    _ links: [StoredLink], _ names: inout Names, component: ComponentID?, platform: Platform?
  )
    -> [Entry]
  {
    var entries: [Entry] = []
    entries.reserveCapacity(links.count)
    for link in links {
      guard let item = names.itemNumbers[link.item], let recording = names.recordings[link.recordingKey]
      else {
        continue
      }
      if let component, names.items[item].component != component { continue }
      if let platform, names.columns[recording.column].platform != platform { continue }
      // An item judged per platform is compared in its platform's column, whatever screen reader.
      let column = names.perScreenReader[item] ? recording.column : names.ownColumn[recording.column]
      let environment =
        link.environment.isEmpty
        ? recording.environmentNumber
        : names.environmentNumber(
          LinkEnvironment(stored: link.environment).filled(from: recording.environment).summary)
      entries.append(
        Entry(
          rank: names.itemRanks[item] | names.columnRanks[column], item: item, column: column,
          evidence: AuditComparison.Evidence(
            link: link.id, recording: recording.sha256, fromSeconds: link.start.map { Double($0) / 1000 },
            toSeconds: link.end.map { Double($0) / 1000 }, verdict: link.verdict,
            carriedFrom: link.carriedFrom),
          environment: environment))
    }
    // A row's links in the order they were made.
    entries.sort { ($0.rank, $0.evidence.link) < ($1.rank, $1.evidence.link) }
    return entries
  }
}
