/// A conformance level of an Accessibility Conformance Report, as OpenACR's terms name them.
public enum ConformanceLevel: String, Sendable, Codable, CaseIterable {
  case supports
  case partiallySupports = "partially-supports"
  case doesNotSupport = "does-not-support"
  case notApplicable = "not-applicable"
  /// Allowed for AAA criteria only.
  case notEvaluated = "not-evaluated"

  /// The VPAT's words: `Partially Supports`.
  public var label: String {
    switch self {
    case .supports: "Supports"
    case .partiallySupports: "Partially Supports"
    case .doesNotSupport: "Does Not Support"
    case .notApplicable: "Not Applicable"
    case .notEvaluated: "Not Evaluated"
    }
  }
}

/// What OpenACR calls a component of a report: the kind of product a level speaks for. Native
/// components are `software`, web components `web`.
public enum ACRComponentType: String, Sendable, Codable, CaseIterable {
  case web
  case software

  /// The type of a component of `family`.
  public init(_ family: Family) {
    self = family == .web ? .web : .software
  }

  /// `Web`, `Software`: the VPAT's column heading.
  public var label: String { self == .web ? "Web" : "Software" }
}
