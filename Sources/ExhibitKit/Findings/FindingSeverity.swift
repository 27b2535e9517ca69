import ExhibitModel

/// How much a finding hurts the people it stops: drafted from the item's section, set by the auditor.
public enum FindingSeverity: String, Sendable, CaseIterable, Codable, Comparable {
  case critical, serious, moderate, minor

  /// The draft for a fail of an item in `section`: a keyboard fail can stop a task outright
  /// (critical); a screen reader or a gesture that does not say or do what it should is serious;
  /// text that does not resize, or anything else, moderate. The auditor sets it otherwise.
  public static func drafted(for section: CriteriaSection) -> FindingSeverity {
    switch section {
    case .keyboard: .critical
    case .screenreader, .gestures: .serious
    case .settings, .other: .moderate
    }
  }

  /// Most severe first.
  public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
