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

/// Reads an audit's progress in two queries: the current items in scope and the audit's live links.
struct AuditProgressQuery {
  /// Products and audits.
  private var audits: AuditRegistry { AuditRegistry(connection: connection) }
  /// The workspace database.
  let connection: Connection

  private struct Item {
    let id: Int64
    let component: ComponentID
    let platforms: [Platform]
    let notApplicable: Bool
  }

  /// Judged and carried verdicts of one item in one column.
  private struct Evidence {
    var judged: [Verdict] = []
    var carried: [Verdict] = []
    var verdict: CombinedVerdict? { CombinedVerdict(combining: judged.isEmpty ? carried : judged) }
    var isCarried: Bool { judged.isEmpty && !carried.isEmpty }
  }

  // Long: the matrix is counted in one pass over the items, column by column; splitting it would pass the grouped evidence around.
  /// The progress of `audit` and its tallies.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  func progress(of audit: Audit) throws -> (AuditProgress, AuditTallies) {
    let scope = try audits.componentsInScope(audit)
    let platformsByComponent = Dictionary(scope.map { ($0.component, $0.platforms) }) { first, _ in first }
    var titles: [ComponentID: String] = [:]
    var items: [Item] = []
    for row in try connection.query(
      """
      SELECT c.family || '/' || c.component AS id, d.title, i.id AS item, i.platforms, i.not_applicable
      FROM criteria_current c JOIN criteria_document d ON d.id = c.document_id
        JOIN criteria_item i ON i.document_id = d.id
      ORDER BY c.family, c.component, i.position
      """)
    {
      guard let component = ComponentID(try row.decode("id") as String),
        let platforms = platformsByComponent[component]
      else { continue }
      titles[component] = try row.decode("title")
      let stated: String = try row.decode("platforms")
      items.append(
        Item(
          id: try row.decode("item"), component: component,
          platforms: stated.split(separator: ",").compactMap { Platform(rawValue: String($0)) }.filter(
            platforms.contains),
          notApplicable: try row.decode("not_applicable")))
    }
    // Live links of the audit by item, platform and screen reader.
    var evidence: [Int64: [String: Evidence]] = [:]
    var techsSeen: [Platform: Set<String>] = [:]
    var noTech: Set<Platform> = []
    var tallies = AuditTallies()
    for row in try connection.query(
      """
      SELECT l.item_id, l.verdict, l.carried_from IS NOT NULL AS carried, r.platform, r.assistive_tech
      FROM evidence_link l JOIN recording r ON r.id = l.recording_id
      WHERE l.audit_id = ? AND l.retracted_at IS NULL
      """, [audit.id])
    {
      let carried: Bool = try row.decode("carried")
      if carried { tallies.carriedLinks += 1 } else { tallies.links += 1 }
      guard let platform: Platform = try row.decode("platform") else { continue }
      let tech: String? = try row.decode("assistive_tech")
      if let tech { techsSeen[platform, default: []].insert(tech) } else { noTech.insert(platform) }
      let verdict: Verdict = try row.decode("verdict")
      let column = "\(platform.rawValue)|\(tech ?? "")"
      if carried {
        evidence[try row.decode("item_id"), default: [:]][column, default: Evidence()].carried.append(verdict)
      } else {
        evidence[try row.decode("item_id"), default: [:]][column, default: Evidence()].judged.append(verdict)
      }
    }
    let platforms = Platform.allCases.filter { platform in scope.contains { $0.platforms.contains(platform) }
    }
    let columns = platforms.flatMap { platform -> [Coverage.Column] in
      var techs = platform.usualAssistiveTech.map(\.rawValue)
      techs += (techsSeen[platform] ?? []).filter { !techs.contains($0) }.sorted()
      var columns = techs.map { Coverage.Column(platform: platform, assistiveTech: $0) }
      if noTech.contains(platform) { columns.append(Coverage.Column(platform: platform, assistiveTech: nil)) }
      return columns
    }
    let keys = columns.map { "\($0.platform.rawValue)|\($0.assistiveTech ?? "")" }
    var rows: [AuditProgress.Row] = []
    var columnTotals = Array(repeating: CoverageTally(), count: columns.count)
    var start = items.startIndex
    while start < items.endIndex {
      let component = items[start].component
      let end = items[start...].firstIndex { $0.component != component } ?? items.endIndex
      var cells: [CoverageTally?] = columns.map {
        (platformsByComponent[component] ?? []).contains($0.platform) ? CoverageTally() : nil
      }
      var total = CoverageTally()
      for item in items[start..<end] {
        let found = evidence[item.id] ?? [:]
        var applicable: [CombinedVerdict?] = []
        var carriedOnly = true
        for (index, column) in columns.enumerated() where item.platforms.contains(column.platform) {
          let here = found[keys[index]]
          let standing = ItemStanding(notApplicable: item.notApplicable, columns: [here?.verdict])
          cells[index]?.count(standing)
          columnTotals[index].count(standing)
          if here?.isCarried == true {
            cells[index]?.carried += 1
            columnTotals[index].carried += 1
          }
          applicable.append(here?.verdict)
          if here?.verdict != nil, here?.isCarried == false { carriedOnly = false }
        }
        let standing = ItemStanding(notApplicable: item.notApplicable, columns: applicable)
        total.count(standing)
        tallies.items += 1
        if applicable.contains(where: { $0 != nil }) {
          tallies.tested += 1
          if carriedOnly {
            total.carried += 1
            tallies.carried += 1
          }
        }
      }
      rows.append(
        AuditProgress.Row(component: component, title: titles[component] ?? "", cells: cells, total: total))
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
    return (
      AuditProgress(audit: withTallies, columns: columns, rows: rows, columnTotals: columnTotals), tallies
    )
  }
}
