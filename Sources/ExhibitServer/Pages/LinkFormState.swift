import ExhibitKit

/// What the judging form holds: prefilled from a suggestion or a query, or kept after a save
/// that ExhibitKit refused, with the reason.
struct LinkFormState: Sendable {
  var item: String?
  var verdict: Verdict?
  var from: String = ""
  var to: String = ""
  var note: String = ""
  /// Offer every platform's items (`--other-platform`).
  var otherPlatforms = false
  /// Why the last save was refused.
  var error: String?
}
