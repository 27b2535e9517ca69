/// How a criteria item bears on a success criterion, after the W3C ACT rules' model: a failed
/// item shows the requirement is not satisfied only where it is `necessary`; a passed one never
/// shows it satisfied, only that no failure was found in what was tested.
public enum WCAGRelation: String, Sendable, Codable, CaseIterable {
  /// A failure of the item means the criterion is not satisfied.
  case necessary
  /// The item is stricter than the criterion or only touches it: its failure proves nothing alone.
  case related
  /// A best practice with no criterion behind it (the row says which criterion it is not).
  case none
}
