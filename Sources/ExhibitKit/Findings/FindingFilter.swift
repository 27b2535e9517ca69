import ExhibitModel

/// Which findings a list shows: all but merged ones by default.
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
    if let status { guard finding.status == status else { return false } } else if finding.status == .merged {
      return false
    }
    if let severity, finding.severity != severity { return false }
    if let component, !finding.items.contains(where: { $0.component == component }) { return false }
    return true
  }
}
