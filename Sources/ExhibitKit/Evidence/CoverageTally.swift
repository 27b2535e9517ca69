/// Counts of a component's items by what their evidence says on one platform, or in one column
/// (a platform with a screen reader): the numbers an overview shows per component.
///
/// Each item that applies there counts once, by ``ItemStanding``: fail, conflict, then gap (a
/// column there nobody decided), then pass, then not applicable.
public struct CoverageTally: Sendable, Equatable, Encodable {
  public var pass = 0
  public var fail = 0
  public var notApplicable = 0
  /// Items whose decided verdicts disagree.
  public var conflicts = 0
  /// Items with no deciding evidence.
  public var gaps = 0
  /// Items whose verdict is only carried from an earlier round (counted in its bucket too: a
  /// carried fail is still a fail).
  public var carried = 0

  /// An empty tally.
  public init() {}

  /// How many items the tally counts.
  public var items: Int { pass + fail + notApplicable + conflicts + gaps }

  /// The one state a reader sees first: a failure or conflict, else gaps, else pass, else
  /// not applicable; `empty` when no item applies.
  public var state: State {
    if fail > 0 || conflicts > 0 { return .fail }
    if gaps > 0 { return .gaps }
    if pass > 0 { return .pass }
    return notApplicable > 0 ? .notApplicable : .empty
  }

  /// The state of a tally, for drawing it.
  public enum State: String, Sendable, Encodable {
    case pass, fail, gaps, empty
    case notApplicable = "not-applicable"
  }

  /// Adds another tally's counts to this one.
  public mutating func add(_ other: CoverageTally) {
    pass += other.pass
    fail += other.fail
    notApplicable += other.notApplicable
    conflicts += other.conflicts
    gaps += other.gaps
    carried += other.carried
  }

  /// Counts one item where its standing puts it.
  public mutating func count(_ standing: ItemStanding) {
    count(standing.bucket)
  }

  /// Counts one item in `bucket`.
  mutating func count(_ bucket: ItemStanding.Bucket) {
    switch bucket {
    case .pass: pass += 1
    case .fail: fail += 1
    case .notApplicable: notApplicable += 1
    case .conflict: conflicts += 1
    case .gap: gaps += 1
    }
  }

  private enum CodingKeys: String, CodingKey {
    case pass, fail, notApplicable, conflicts, gaps, carried, state
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pass, forKey: .pass)
    try container.encode(fail, forKey: .fail)
    try container.encode(notApplicable, forKey: .notApplicable)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(gaps, forKey: .gaps)
    try container.encode(carried, forKey: .carried)
    try container.encode(state, forKey: .state)
  }
}

extension Coverage {
  /// The items that apply on `platform`, counted by what all its columns say together.
  public func tally(platform: Platform) -> CoverageTally {
    var tally = CoverageTally()
    for item in items where item.platforms.contains(platform) {
      let columns = item.countedCells.filter { $0.platform == platform }.map(\.verdict)
      tally.count(ItemStanding(notApplicable: item.notApplicable, columns: columns))
    }
    return tally
  }

  /// Every item on every platform in scope it applies to: the component's summary.
  public var tally: CoverageTally {
    var tally = CoverageTally()
    for item in items {
      let columns = item.countedCells.map(\.verdict)
      tally.count(ItemStanding(notApplicable: item.notApplicable, columns: columns))
      if item.carried { tally.carried += 1 }
    }
    return tally
  }

  /// The items the column counts for (``Cell/counts``), each by its cell there.
  public func tally(column: Column) -> CoverageTally {
    var tally = CoverageTally()
    for item in items {
      guard
        let cell = item.countedCells.first(where: {
          $0.platform == column.platform && $0.assistiveTech == column.assistiveTech
        })
      else { continue }
      tally.count(ItemStanding(notApplicable: item.notApplicable, columns: [cell.verdict]))
      if cell.carried { tally.carried += 1 }
    }
    return tally
  }
}
