/// What an auditor concluded about one criterion from one piece of evidence.
public enum Verdict: String, Sendable, Codable, CaseIterable {
  case pass
  case fail
  case notApplicable = "not-applicable"
  case untested

  /// Whether it settles the criterion (pass, fail, not applicable); `untested` does not.
  public var isDecided: Bool { self != .untested }

  /// The W3C EARL outcome it corresponds to.
  public var earlOutcome: String {
    switch self {
    case .pass: "passed"
    case .fail: "failed"
    case .notApplicable: "inapplicable"
    case .untested: "untested"
    }
  }
}
