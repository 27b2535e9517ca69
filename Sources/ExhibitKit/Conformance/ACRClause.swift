/// A standard an ACR edition adds to WCAG: the Revised Section 508 standards or EN 301 549.
public enum ACRStandard: String, Sendable, Codable, CaseIterable {
  case section508 = "508"
  case en

  /// `Revised Section 508`, `EN 301 549`: how the VPAT heads its report.
  public var label: String { self == .section508 ? "Revised Section 508" : "EN 301 549" }
}

/// One criterion of a Section 508 or EN 301 549 chapter (`302.1 Without Vision`,
/// `4.2.1 Usage without vision`): its number, its handle and the chapter it is in. Numbers are
/// unique across WCAG 2.2, Section 508 and EN 301 549, so a decided level names one by number.
public struct ACRClause: Sendable, Equatable, Hashable, Codable {
  public let standard: ACRStandard
  /// OpenACR's key of the chapter (`functional_performance_criteria`).
  public let chapter: String
  public let number: String
  public let handle: String

  /// `Section 508 302.1`, `EN 301 549 4.2.1`: the number with its standard, for remarks.
  public var reference: String {
    (standard == .section508 ? "Section 508 " : "EN 301 549 ") + number
  }
}

/// A chapter of Section 508 or EN 301 549 as the VPAT 2.5 International edition lays it out:
/// OpenACR's key, the VPAT's heading and its criteria in order.
public struct ACRChapter: Sendable, Equatable {
  public let standard: ACRStandard
  /// OpenACR's key (`en_301_549_software`).
  public let id: String
  /// `Chapter 11: Software`.
  public let label: String
  public let clauses: [ACRClause]
}
