import ExhibitSQLite

/// How far an audit has come over its scope: a matrix of components by platform and screen
/// reader, each cell counting the component's items there by ``ItemStanding`` (a carried verdict
/// counts where it falls, a carried fail as a fail, and is counted as carried too).
public struct AuditProgress: Sendable, Equatable, Encodable {
  /// One component of the scope.
  public struct Row: Sendable, Equatable, Encodable {
    public let component: ComponentID
    public let title: String
    /// One tally per column of the matrix; nil where the component is not tested there.
    public let cells: [CoverageTally?]
    /// Its items over every column, each counted once.
    public let total: CoverageTally
  }

  public let audit: Audit
  public let columns: [Coverage.Column]
  public let rows: [Row]
  /// Per column, over every component.
  public let columnTotals: [CoverageTally]
}

/// Reads an audit's progress: the current items in scope, the recordings' columns and the
/// audit's live links, each read once by position; verdicts are combined as bit masks, so an
/// audit of 1,000 components and 50,000 links is counted in a few tens of milliseconds.
struct AuditProgressQuery {
  /// Products and audits.
  private var audits: AuditRegistry { AuditRegistry(connection: connection) }
  /// The catalogue's database.
  let connection: any CatalogueSQL

  private struct Item {
    let id: Int64
    let component: Int
    let platforms: [Platform]
    let notApplicable: Bool
  }

  /// What one column of one item has: the verdicts judged in this round and the carried ones, as
  /// bit masks (``CombinedVerdict/bit(_:)``), and whether there are any.
  private struct Evidence {
    var judged = 0
    var carried = 0
    var anyJudged = false
    var anyCarried = false
    var verdict: CombinedVerdict? {
      anyJudged ? CombinedVerdict(seen: judged) : anyCarried ? CombinedVerdict(seen: carried) : nil
    }
    var isCarried: Bool { !anyJudged && anyCarried }
  }

  // Long: the matrix is counted in one pass over the items, column by column; splitting it would pass the grouped evidence around.
  /// The progress of `audit`, with its tallies and auditors in its ``AuditProgress/audit``.
  /// - Throws: ``SQLiteError``.
  func progress(of audit: Audit) throws -> AuditProgress {
    let scope = try audits.componentsInScope(audit)
    let componentNumber = Dictionary(
      uniqueKeysWithValues: scope.enumerated().map { ($1.component.description, $0) })
    var titles = Array(repeating: "", count: scope.count)
    // Items by component (their order within it counts for nothing here).
    var byComponent = Array(repeating: [Item](), count: scope.count)
    // Items name a handful of platform lists: each is read once.
    var platformLists: [String: [Platform]] = [:]
    try connection.forEachRow(
      """
      SELECT c.family || '/' || c.component, d.title, i.id, i.platforms, i.not_applicable
      FROM (\(ClosedAuditRecord.documents)) c JOIN criteria_document d ON d.id = c.document_id
        JOIN criteria_item i ON i.document_id = d.id
      """, [audit.id]
    ) { row in
      guard let name = row.text(0), let component = componentNumber[name], let id = row.integer(2) else {
        return
      }
      titles[component] = row.text(1) ?? ""
      let allowed = scope[component].platforms
      let text = row.text(3) ?? ""
      let stated =
        platformLists[text]
        ?? {
          let list = text.split(separator: ",").compactMap { Platform(rawValue: String($0)) }
          platformLists[text] = list
          return list
        }()
      byComponent[component].append(
        Item(
          id: id, component: component, platforms: stated.filter(allowed.contains),
          notApplicable: row.integer(4) == 1))
    }
    // Recordings' columns: a platform with a screen reader, numbered as they are met.
    var columnNumbers: [String: Int] = [:]
    var seenColumns: [(platform: Platform, tech: String?)] = []
    var recordingColumns: [Int64: Int] = [:]
    try connection.forEachRow(
      """
      SELECT r.id, CASE WHEN f.audit_id IS NULL THEN r.platform ELSE f.platform END,
        CASE WHEN f.audit_id IS NULL THEN r.assistive_tech ELSE f.assistive_tech END
      FROM recording r LEFT JOIN closed_audit_recording f ON f.audit_id = ?1 AND f.recording_id = r.id
      WHERE r.id IN (SELECT recording_id FROM evidence_link WHERE audit_id = ?1 AND retracted_at IS NULL)
      """, [audit.id]
    ) { row in
      guard let id = row.integer(0), let platform = row.text(1).flatMap(Platform.init(rawValue:)) else {
        return
      }
      let tech = row.text(2)
      let name = "\(platform.rawValue)|\(tech ?? "")"
      if let number = columnNumbers[name] {
        recordingColumns[id] = number
      } else {
        columnNumbers[name] = seenColumns.count
        recordingColumns[id] = seenColumns.count
        seenColumns.append((platform, tech))
      }
    }
    let items = byComponent.flatMap { $0 }
    // Live links of the audit by item and column.
    var evidence: [Int64: Evidence] = [:]
    var tallies = AuditTallies()
    // The verdict comes as its bit (``CombinedVerdict/bit(_:)``): no text per link.
    try connection.forEachRow(
      """
      SELECT l.item_id, l.recording_id,
        CASE l.verdict WHEN 'pass' THEN 1 WHEN 'fail' THEN 2 WHEN 'not-applicable' THEN 4 ELSE 0 END,
        l.carried_from IS NOT NULL
      FROM evidence_link l WHERE l.audit_id = ? AND l.retracted_at IS NULL
      """, [audit.id]
    ) { row in
      let carried = row.integer(3) == 1
      if carried { tallies.carriedLinks += 1 } else { tallies.links += 1 }
      guard let item = row.integer(0), let column = row.integer(1).flatMap({ recordingColumns[$0] }) else {
        return
      }
      let bit = Int(row.integer(2) ?? 0)
      func add(_ evidence: inout Evidence) {
        if carried {
          evidence.carried |= bit
          evidence.anyCarried = true
        } else {
          evidence.judged |= bit
          evidence.anyJudged = true
        }
      }
      add(&evidence[item << 12 | Int64(column), default: Evidence()])
    }
    // The matrix's columns: each platform's usual screen readers, then any other the links show,
    // then one without a screen reader when a link's recording names none.
    let platforms = Platform.allCases.filter { platform in scope.contains { $0.platforms.contains(platform) }
    }
    var columns: [Coverage.Column] = []
    var seenNumber: [Int] = []
    for platform in platforms {
      var techs = platform.usualAssistiveTech.map(\.rawValue)
      techs += seenColumns.compactMap { $0.platform == platform ? $0.tech : nil }.filter {
        !techs.contains($0)
      }.sorted()
      for tech in techs {
        columns.append(Coverage.Column(platform: platform, assistiveTech: tech))
        seenNumber.append(columnNumbers["\(platform.rawValue)|\(tech)"] ?? -1)
      }
      if let none = columnNumbers["\(platform.rawValue)|"] {
        columns.append(Coverage.Column(platform: platform, assistiveTech: nil))
        seenNumber.append(none)
      }
    }
    var rows: [AuditProgress.Row] = []
    var columnTotals = Array(repeating: CoverageTally(), count: columns.count)
    var start = items.startIndex
    while start < items.endIndex {
      let component = items[start].component
      var end = start
      while end < items.endIndex, items[end].component == component { end += 1 }
      var cells: [CoverageTally?] = columns.map {
        scope[component].platforms.contains($0.platform) ? CoverageTally() : nil
      }
      var total = CoverageTally()
      for item in items[start..<end] {
        var whole = ItemStanding.Counter(notApplicable: item.notApplicable)
        var carriedOnly = true
        for (index, column) in columns.enumerated() where item.platforms.contains(column.platform) {
          let here = seenNumber[index] < 0 ? nil : evidence[item.id << 12 | Int64(seenNumber[index])]
          let verdict = here?.verdict
          var one = ItemStanding.Counter(notApplicable: item.notApplicable)
          one.add(verdict)
          cells[index]?.count(one.bucket)
          columnTotals[index].count(one.bucket)
          if here?.isCarried == true {
            cells[index]?.carried += 1
            columnTotals[index].carried += 1
          }
          whole.add(verdict)
          if verdict != nil, here?.isCarried == false { carriedOnly = false }
        }
        total.count(whole.bucket)
        tallies.items += 1
        if whole.hasVerdict {
          tallies.tested += 1
          if carriedOnly {
            total.carried += 1
            tallies.carried += 1
          }
        }
      }
      rows.append(
        AuditProgress.Row(
          component: scope[component].component, title: titles[component], cells: cells, total: total))
      tallies.passed += total.pass
      tallies.failed += total.fail
      tallies.conflicts += total.conflicts
      tallies.notApplicable += total.notApplicable
      tallies.gaps += total.gaps
      start = end
    }
    tallies.components = rows.count
    var withTallies = audit
    withTallies.tallies = tallies
    withTallies.auditors = try connection.query(
      "SELECT DISTINCT auditor FROM evidence_link WHERE audit_id = ? ORDER BY auditor",
      [audit.id]
    ).compactMap { $0.string("auditor") }
    return AuditProgress(audit: withTallies, columns: columns, rows: rows, columnTotals: columnTotals)
  }
}
