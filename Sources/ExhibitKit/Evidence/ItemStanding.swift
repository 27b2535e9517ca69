/// The one rule for what a criteria item's evidence says, used by coverage, show, the web pages,
/// the API, bundles, EARL and the report alike (docs/verdict-rule.md says it in prose).
///
/// An item applies to a set of columns: a platform with a screen reader (and, in a bundle, a
/// browser). Each column's verdict combines the live links there (``CombinedVerdict``): a
/// `conflict` is a pass and a fail in the same column. A column is a gap while it has no deciding
/// verdict (none, or only `untested`). The item
/// - is not applicable when its criteria say so, whatever the columns say, and has no gaps;
/// - fails when any column fails; else conflicts when any column conflicts; else passes when any
///   column passes; else is not applicable when every column is decided not applicable;
/// - counts in a summary once: fail, conflict, then gap (a pass elsewhere does not hide a column
///   nobody judged), then pass, then not applicable.
public struct ItemStanding: Sendable, Equatable {
  /// What the columns say together, nil when no column has a verdict.
  public let verdict: CombinedVerdict?
  /// The positions, among the columns given, of those that are gaps.
  public let gapColumns: [Int]

  /// The standing of an item whose columns say `columns`.
  ///
  /// - Parameters:
  ///   - notApplicable: Whether the criteria mark the item not applicable.
  ///   - columns: Each applicable column's combined verdict, nil where nothing was linked.
  public init(notApplicable: Bool, columns: [CombinedVerdict?]) {
    if notApplicable {
      verdict = .notApplicable
      gapColumns = []
      return
    }
    gapColumns = columns.indices.filter { columns[$0] == nil || columns[$0] == .untested }
    let said = columns.compactMap { $0 }
    if said.contains(.fail) {
      verdict = .fail
    } else if said.contains(.conflict) {
      verdict = .conflict
    } else if said.contains(.pass) {
      verdict = .pass
    } else if !said.isEmpty, said.allSatisfy({ $0 == .notApplicable }) {
      verdict = .notApplicable
    } else {
      verdict = said.isEmpty ? nil : .untested
    }
  }

  /// Where an item counts in a summary, from its columns' verdicts as they are met, without
  /// keeping them: the same rule as ``bucket``, for counting many items at once.
  struct Counter {
    let notApplicable: Bool
    private var fail = false
    private var conflict = false
    private var gap = false
    private var pass = false
    private var allNotApplicable = true
    private var any = false

    init(notApplicable: Bool) { self.notApplicable = notApplicable }

    /// Takes one column's combined verdict, nil where nothing was linked.
    mutating func add(_ verdict: CombinedVerdict?) {
      if verdict != nil { any = true }
      switch verdict {
      case .fail: fail = true
      case .conflict: conflict = true
      case .pass: pass = true
      case .notApplicable: break
      case .untested, nil: gap = true
      }
      if verdict != .notApplicable { allNotApplicable = false }
    }

    /// Whether any column has a verdict.
    var hasVerdict: Bool { any }

    /// Where the item counts.
    var bucket: Bucket {
      if notApplicable { return .notApplicable }
      if fail { return .fail }
      if conflict { return .conflict }
      if gap { return .gap }
      if pass { return .pass }
      return any && allNotApplicable ? .notApplicable : .gap
    }
  }

  /// Whether some column still needs a deciding verdict.
  public var hasGap: Bool { !gapColumns.isEmpty }

  /// Where the item counts in a summary.
  public var bucket: Bucket {
    switch verdict {
    case .fail: .fail
    case .conflict: .conflict
    case _ where hasGap: .gap
    case .pass: .pass
    case .notApplicable: .notApplicable
    case .untested, nil: .gap
    }
  }

  /// The one place an item counts in a summary.
  public enum Bucket: Sendable, Equatable {
    case pass, fail, conflict, notApplicable, gap
  }
}
