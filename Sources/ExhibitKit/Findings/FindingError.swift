/// Why a finding could not be read or changed.
public enum FindingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No finding has this reference.
  case unknown(String)
  /// The reference is not `F-<number>`.
  case notAReference(String)
  /// The status cannot be set by hand.
  case statusNotSettable(String)
  /// Accepting a finding needs a reason.
  case reasonRequired(String)
  /// A merged finding is read through the one that took its columns.
  case merged(String, into: String)
  /// Findings of different products cannot be merged.
  case otherProduct(String, String)
  /// A merge names the same finding twice, or only one.
  case mergeNeedsTwo

  public var description: String {
    switch self {
    case .unknown(let reference): "\(reference): no such finding (exhibit findings lists them)"
    case .notAReference(let text): "'\(text)' is not a finding: write F-12 (or 12)"
    case .statusNotSettable(let status):
      "a finding's status is set by hand only to fixed or accepted (\(status) follows the rounds and the tracker)"
    case .reasonRequired(let reference): "\(reference): say why it is accepted (--reason)"
    case .merged(let reference, let into): "\(reference) was merged into \(into): change \(into) instead"
    case .otherProduct(let first, let second):
      "\(first) and \(second) are findings of different products: only one product's findings merge"
    case .mergeNeedsTwo: "name the finding that stays, then at least one other to merge into it"
    }
  }
}
