/// An edition of the VPAT an ACR follows, each with its GSA OpenACR catalog: the WCAG edition
/// (WCAG 2.2 alone), the Revised Section 508 edition (WCAG with 508's chapters 3 to 6), the EU
/// edition (WCAG with EN 301 549's clauses 4 to 13) and the International edition (all three).
public enum ACREdition: String, Sendable, Codable, CaseIterable {
  case wcag
  case section508 = "508"
  case eu
  case int

  /// The standards it reports on beside WCAG 2.2.
  public var standards: [ACRStandard] {
    switch self {
    case .wcag: []
    case .section508: [.section508]
    case .eu: [.en]
    case .int: [.section508, .en]
    }
  }

  /// Its chapters beside WCAG's tables, in the VPAT's order.
  public var chapters: [ACRChapter] { standards.flatMap { ACRClauses.chapters(of: $0) } }

  /// The GSA catalog its OpenACR names. GSA publishes no 2.5 catalog of the EU edition alone for
  /// WCAG 2.2; its report names the International catalog, whose chapters hold all of its own.
  public var catalog: String {
    switch self {
    case .wcag: "2.5-edition-wcag-2.2-en"
    case .section508: "2.5-edition-wcag-2.2-508-en"
    case .eu, .int: "2.5-edition-wcag-2.2-508-eu-en"
    }
  }

  /// `VPAT® 2.5 International edition`: the edition's name in the report's heading.
  public var title: String {
    switch self {
    case .wcag: "VPAT® 2.5 WCAG edition"
    case .section508: "VPAT® 2.5 Revised Section 508 edition"
    case .eu: "VPAT® 2.5 EU edition"
    case .int: "VPAT® 2.5 International edition"
    }
  }

  /// What it is checked against, in words: `WCAG 2.2 Levels A and AA and EN 301 549 V3.2.1`.
  public var against: String {
    let names =
      ["WCAG 2.2 Levels A and AA"]
      + standards.map {
        $0 == .section508
          ? "the Revised Section 508 standards (chapters 3 to 6)" : "EN 301 549 V3.2.1 (clauses 4 to 13)"
      }
    return names.count < 3
      ? names.joined(separator: " and ")
      : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }
}
