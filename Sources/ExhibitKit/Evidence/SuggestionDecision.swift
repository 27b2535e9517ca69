/// What an auditor decides about a suggestion: the verdict it gets, or that it is no evidence.
public enum SuggestionDecision: String, Sendable, Equatable, CaseIterable, Codable {
  case pass
  case fail
  case notApplicable = "not-applicable"
  /// Not evidence for the item: it is no longer suggested in the audit.
  case dismiss

  /// The verdict the link made gets; nil for a dismissal, which makes no link.
  public var verdict: Verdict? {
    switch self {
    case .pass: .pass
    case .fail: .fail
    case .notApplicable: .notApplicable
    case .dismiss: nil
    }
  }
}
