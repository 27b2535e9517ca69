import ExhibitKit

/// The one summary line every command prints for a set of items, from ``CoverageTally``.
enum SummaryText {
  /// `7 items: 3 pass, 1 fail, 0 conflicting, 1 not applicable, 2 with gaps`.
  static func line(_ tally: CoverageTally) -> String {
    "\(tally.items) items: \(tally.pass) pass, \(tally.fail) fail, \(tally.conflicts) conflicting, "
      + "\(tally.notApplicable) not applicable, \(tally.gaps) with gaps"
      + (tally.carried > 0 ? ", \(tally.carried) carried, not retested" : "")
  }
}
