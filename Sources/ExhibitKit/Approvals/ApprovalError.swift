/// Why an approval was refused.
public enum ApprovalError: Error, Equatable, CustomStringConvertible {
  /// The approver judged a verdict of the column, or decided the level.
  case ownWork(String, approver: String)
  /// Nothing to approve: no verdict judged in the column, or no level decided.
  case nothingToApprove(String)
  /// The item has several columns with verdicts: say which with --platform and --screen-reader.
  case whichColumn(String, columns: [String])
  /// The criterion has levels decided for several component types: say which.
  case whichComponentType(String, types: [String])
  /// It is approved already, and still stands.
  case alreadyApproved(String, by: String)
  /// The audit is closed: its verdicts and levels are final.
  case closedAudit(String)
  /// `audit close --require-approval` with verdicts or levels not approved.
  case unapproved(audit: String, subjects: [String])

  public var description: String {
    switch self {
    case .ownWork(let subject, let approver):
      "\(approver) judged or decided \(subject), so cannot approve it: a second person approves"
    case .nothingToApprove(let subject):
      "nothing to approve: \(subject) has no verdict or decided level in the audit"
    case .whichColumn(let item, let columns):
      "\(item) has verdicts in \(columns.joined(separator: ", ")): say which with --platform and --screen-reader"
    case .whichComponentType(let criterion, let types):
      "\(criterion) has levels decided for \(types.joined(separator: " and ")): say which with --component-type"
    case .alreadyApproved(let subject, let approver): "\(subject) is approved already, by \(approver)"
    case .closedAudit(let audit): "audit \(audit) is closed: its verdicts and levels are final"
    case .unapproved(let audit, let subjects):
      "audit \(audit) has \(subjects.count) unapproved \(subjects.count == 1 ? "verdict or level" : "verdicts and levels"): "
        + subjects.prefix(12).joined(separator: "; ")
        + (subjects.count > 12 ? "; and \(subjects.count - 12) more" : "")
        + " (exhibit approve, or close without --require-approval)"
    }
  }
}
