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
    // Which decided verdicts occur, as bits: called for every cell of large audits.
    self.init(seen: verdicts.reduce(0) { $0 | Self.bit($1) })
  }

  /// The bit a verdict sets in ``init(seen:)``'s mask: pass 1, fail 2, not applicable 4, untested none.
  static func bit(_ verdict: Verdict) -> Int {
    switch verdict {
    case .pass: 1
    case .fail: 2
    case .notApplicable: 4
    case .untested: 0
    }
  }

  /// What links say together whose decided verdicts set the bits of `seen` (``bit(_:)``), for
  /// at least one link.
  init(seen: Int) {
    switch seen {
    case 0: self = .untested
    case 1: self = .pass
    case 2: self = .fail
    case 4: self = .notApplicable
    default: self = .conflict
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
