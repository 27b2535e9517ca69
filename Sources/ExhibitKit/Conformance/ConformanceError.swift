/// Why a mapping row or a report level was refused; nothing is stored then.
public enum ConformanceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A number WCAG 2.2 has no success criterion for.
  case unknownCriterion(String)
  /// A number no criterion of an ACR has: WCAG 2.2 at A to AAA, Section 508 or EN 301 549.
  case unknownReportCriterion(String)
  /// A level that is not one of OpenACR's terms.
  case unknownLevel(String)
  /// A component type other than `web` and `software`.
  case unknownComponentType(String)
  /// The audit covers no component of that type.
  case componentTypeNotInAudit(ACRComponentType, audit: String)
  /// `not-evaluated` for a criterion below AAA.
  case notEvaluatedBelowAAA(String)
  /// A relation other than `necessary`, `related` or `none`.
  case unknownRelation(String)
  /// A mapping row with no reason.
  case noReason
  /// An audit whose report has nothing behind it.
  case noLinks(audit: String)
  /// A closed audit's report is final.
  case closedAudit(String)
  /// An author without an e-mail address, which OpenACR requires.
  case authorWithoutEmail(String)
  /// No author given and none set for the workspace.
  case noAuthor

  public var description: String {
    switch self {
    case .unknownCriterion(let number):
      "\(number) is not a WCAG 2.2 success criterion (write its number, e.g. 1.4.4)"
    case .unknownReportCriterion(let number):
      "\(number) is not a WCAG 2.2 success criterion, nor a Section 508 or EN 301 549 criterion of the VPAT "
        + "(write its number, e.g. 1.4.4, 302.1 or 11.5.2.5)"
    case .unknownLevel(let level):
      "'\(level)' is not a conformance level: use "
        + ConformanceLevel.allCases.map(\.rawValue).joined(separator: ", ")
    case .unknownComponentType(let type):
      "'\(type)' is not a component type Exhibit reports: use web (web components) or software (native ones)"
    case .componentTypeNotInAudit(let type, let audit):
      "audit \(audit) covers no \(type == .web ? "web" : "native") component, so it has no \(type.rawValue) column"
    case .notEvaluatedBelowAAA(let number):
      "not-evaluated is allowed for AAA criteria only, and \(number) is not one"
    case .unknownRelation(let relation):
      "'\(relation)' is not a relation: use necessary, related or none"
    case .noReason: "say why with --reason: the mapping is reviewed data"
    case .noLinks(let audit): "audit \(audit) has no verdicts yet: there is nothing to report"
    case .closedAudit(let audit): "audit \(audit) is closed: its conformance report is final"
    case .authorWithoutEmail(let author):
      "the author '\(author)' has no e-mail address, which OpenACR requires: write \"NAME <EMAIL>\""
    case .noAuthor:
      "say who signs the report: --author \"NAME <EMAIL>\", or once for the workspace with exhibit acr author"
    }
  }
}
