/// What the evidence in one place (a cell of the matrix, an item of a bundle) says together.
public enum CombinedVerdict: String, Sendable, Codable, CaseIterable {
  case pass
  case fail
  case notApplicable = "not-applicable"
  /// Every link there says `untested`.
  case untested
  /// Pass, fail or not-applicable disagree.
  case conflict

  /// Combines verdicts: the only one given, `untested` only when nothing else is, `conflict`
  /// when decided verdicts disagree; nil without any verdict.
  public init?(combining verdicts: [Verdict]) {
    guard !verdicts.isEmpty else { return nil }
    let decided = Set(verdicts.filter(\.isDecided))
    guard let only = decided.first else {
      self = .untested
      return
    }
    guard decided.count == 1 else {
      self = .conflict
      return
    }
    switch only {
    case .pass: self = .pass
    case .fail: self = .fail
    case .notApplicable: self = .notApplicable
    case .untested: self = .untested
    }
  }

  /// Whether it holds back a checklist: a failure or a disagreement.
  public var isFailing: Bool { self == .fail || self == .conflict }
}

/// A bundle's one-word answer: `fail` when any verdict fails or conflicts, else `incomplete`
/// while any item has a gap, else `pass`.
public enum OverallStatus: String, Sendable, Codable {
  case pass
  case fail
  case incomplete

  /// The status of a checklist whose cells say `verdicts` and that has gaps or not.
  public init(verdicts: [CombinedVerdict], hasGaps: Bool) {
    if verdicts.contains(where: \.isFailing) {
      self = .fail
    } else {
      self = hasGaps ? .incomplete : .pass
    }
  }
}
