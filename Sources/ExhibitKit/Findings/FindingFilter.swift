import ExhibitModel

/// Which findings a list shows: by default all but those merged into another or withdrawn (their
/// fails retracted), which show when asked for by status.
public struct FindingFilter: Sendable, Equatable {
  public var status: FindingStatus?
  public var severity: FindingSeverity?
  public var component: ComponentID?

  /// A filter; nil fields take every value.
  public init(status: FindingStatus? = nil, severity: FindingSeverity? = nil, component: ComponentID? = nil) {
    self.status = status
    self.severity = severity
    self.component = component
  }

  /// Whether `finding` passes.
  func admits(_ finding: Finding) -> Bool {
    if let status {
      guard finding.status == status else { return false }
    } else if finding.status == .merged || finding.status == .withdrawn {
      return false
    }
    if let severity, finding.severity != severity { return false }
    if let component, !finding.items.contains(where: { $0.component == component }) { return false }
    return true
  }
}
