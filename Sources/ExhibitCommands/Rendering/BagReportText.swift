import ExhibitKit

/// `exhibit verify BUNDLE`'s text: a headline, then each check with its outcome.
enum BagReportText {
  /// `BAG: valid Exhibit evidence bag, …` or `BAG: does not verify: 3 problems`.
  static func headline(_ report: BagReport) -> String { "\(report.bag): \(report.summary)" }

  /// `  evidence replay   passed   the verdicts follow from its 12 audit events`, one per check.
  static func checkLines(_ report: BagReport) -> [String] {
    let width = report.checks.map(\.name.title.count).max() ?? 0
    return report.checks.map { check in
      let name = check.name.title, outcome = check.outcome.rawValue
      return "  \(name)\(String(repeating: " ", count: width - name.count))  "
        + "\(outcome)\(String(repeating: " ", count: max(0, 7 - outcome.count)))  \(check.detail)"
    }
  }
}
