import ExhibitSQLite
import ExhibitStorage

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

  public internal(set) var audit: Audit
  public let columns: [Coverage.Column]
  public let rows: [Row]
  /// Per column, over every component.
  public let columnTotals: [CoverageTally]
}

/// Reads an audit's progress: the items in scope as the audit reads them, and the audit's live
/// links, each read once by position; verdicts are combined as bit masks, so an audit of 1,000
/// components and 50,000 links is counted in a few tens of milliseconds.
///
/// It counts by the rule ``Coverage`` follows, item by item (a property test holds the two equal):
/// links of the audit's documents only (a superseded revision's are stale), none whose recording
/// is missing or changed, observations in the column they name, each link in its item's column
/// (``EvidenceColumn``), a verdict judged in this round over the carried ones of its column, and
/// a component's columns its platform's own plus the usual screen readers and those its
/// evidence names.
struct AuditProgressQuery {
  /// Products and audits.
  private var audits: AuditRegistry { AuditRegistry(connection: connection) }
  /// The catalogue's database.
  let connection: any CatalogueSQL

  private struct Item {
    let component: Int
    let platforms: [Platform]
    let notApplicable: Bool
    let perScreenReader: Bool
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

  /// The columns met so far, numbered as they are met: a platform with a screen reader, or the
  /// platform alone.
  private struct ColumnNumbers {
    var numbers: [Coverage.Column: Int] = [:]
    var columns: [Coverage.Column] = []
    mutating func number(_ column: Coverage.Column) -> Int {
      if let number = numbers[column] { return number }
      numbers[column] = columns.count
      columns.append(column)
      return columns.count - 1
    }
  }

  // Long: the matrix is counted in one pass over the items, column by column; splitting it would pass the grouped evidence around.
  /// The progress of `audit`, with its tallies and auditors in its ``AuditProgress/audit``.
  /// - Throws: The engine's error.
  func progress(of audit: Audit) throws -> AuditProgress {
    let scope = try audits.componentsInScope(audit)
    let componentNumber = Dictionary(
      uniqueKeysWithValues: scope.enumerated().map { ($1.component.description, $0) })
    var titles = Array(repeating: "", count: scope.count)
    var items: [Int64: Item] = [:]
    // Items by component, in the order read.
    var byComponent = Array(repeating: [Int64](), count: scope.count)
    // Items name a handful of platform lists: each is read once.
    var platformLists: [String: [Platform]] = [:]
    try connection.forEachRow(
      """
      SELECT c.family || '/' || c.component, d.title, i.id, i.platforms, i.not_applicable, i.section
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
      let platforms = stated.filter(allowed.contains)
      // An item for no platform the audit tests is not the audit's.
      guard !platforms.isEmpty else { return }
      items[id] = Item(
        component: component, platforms: platforms, notApplicable: row.integer(4) == 1,
        perScreenReader: EvidenceColumn.isPerScreenReader(
          CriteriaSection(rawValue: row.text(5) ?? "") ?? .other))
      byComponent[component].append(id)
    }
    // Live links of the audit's items whose evidence is there, by item and column.
    var numbers = ColumnNumbers()
    var evidence: [Int64: Evidence] = [:]
    var seen = Array(repeating: Set<Int>(), count: scope.count)
    var tallies = AuditTallies()
    // The verdict comes as its bit (``CombinedVerdict/bit(_:)``): no text per link.
    try connection.forEachRow(
      """
      SELECT l.item_id, \(EvidenceLinkRow.platformColumn),
        CASE WHEN f.audit_id IS NULL THEN coalesce(r.assistive_tech, l.observed_assistive_tech)
          ELSE f.assistive_tech END,
        CASE l.verdict WHEN 'pass' THEN 1 WHEN 'fail' THEN 2 WHEN 'not-applicable' THEN 4 ELSE 0 END,
        l.carried_from IS NOT NULL, \(RecordingAvailability.sql) IS NOT NULL
      FROM evidence_link l LEFT JOIN recording r ON r.id = l.recording_id
        LEFT JOIN closed_audit_recording f ON f.audit_id = l.audit_id AND f.recording_id = l.recording_id
      WHERE l.audit_id = ? AND l.retracted_at IS NULL
      """, [audit.id]
    ) { row in
      let carried = row.integer(4) == 1
      if carried { tallies.carriedLinks += 1 } else { tallies.links += 1 }
      guard let id = row.integer(0), let item = items[id], row.integer(5) != 1,
        let platform = row.text(1).flatMap(Platform.init(rawValue:))
      else { return }
      let column = numbers.number(
        Coverage.Column(platform: platform, assistiveTech: item.perScreenReader ? row.text(2) : nil))
      seen[item.component].insert(column)
      let bit = Int(row.integer(3) ?? 0)
      func add(_ evidence: inout Evidence) {
        if carried {
          evidence.carried |= bit
          evidence.anyCarried = true
        } else {
          evidence.judged |= bit
          evidence.anyJudged = true
        }
      }
      add(&evidence[id << 12 | Int64(column), default: Evidence()])
    }
    // The matrix's columns: each platform's usual screen readers, then any other the evidence
    // names, then the platform's own.
    let platforms = Platform.allCases.filter { platform in scope.contains { $0.platforms.contains(platform) }
    }
    var columns: [Coverage.Column] = []
    for platform in platforms {
      var techs = platform.usualAssistiveTech.map(\.rawValue)
      techs += Set(numbers.columns.compactMap { $0.platform == platform ? $0.assistiveTech : nil })
        .subtracting(techs).sorted()
      columns += techs.map { Coverage.Column(platform: platform, assistiveTech: $0) }
      columns.append(Coverage.Column(platform: platform, assistiveTech: nil))
    }
    let columnNumber = columns.map { numbers.numbers[$0] ?? -1 }
    var rows: [AuditProgress.Row] = []
    var columnTotals = Array(repeating: CoverageTally(), count: columns.count)
    for (component, ids) in byComponent.enumerated() where !ids.isEmpty {
      var cells: [CoverageTally?] = columns.map {
        scope[component].platforms.contains($0.platform) ? CoverageTally() : nil
      }
      // A screen reader's column is the component's when it is usual on its platform or its
      // evidence names it (as ``Coverage/columns(on:items:evidence:)`` has it).
      let ofComponent = columns.indices.map { index in
        columns[index].assistiveTech.map { tech in
          columns[index].platform.usualAssistiveTech.contains { $0.rawValue == tech }
            || seen[component].contains(columnNumber[index])
        } ?? true
      }
      var total = CoverageTally()
      for id in ids {
        guard let item = items[id] else { continue }
        var whole = ItemStanding.Counter(notApplicable: item.notApplicable)
        var carriedOnly = true
        for (index, column) in columns.enumerated() where item.platforms.contains(column.platform) {
          let here = columnNumber[index] < 0 ? nil : evidence[id << 12 | Int64(columnNumber[index])]
          let verdict = here?.verdict
          let required =
            ofComponent[index] && item.perScreenReader == (column.assistiveTech != nil)
          // A column counts for the item when it must be judged there, or holds a verdict anyway.
          guard required || (verdict != nil && verdict != .untested) else { continue }
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
