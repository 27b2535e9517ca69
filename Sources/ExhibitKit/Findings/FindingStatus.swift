/// Where a finding stands, each change an audit event.
///
/// `open` when a fail starts it; `filed` once on the team's tracker; `fixed` when the tracker
/// closed it or an auditor says so; `verified` when a later round of the product has a deciding
/// pass in its columns; back to `open` when a later round still fails; `regressed` when a verified
/// finding fails again in a later round; `accepted` (won't fix, with a reason and who accepted it);
/// `withdrawn` when the fails that started it were retracted in the round that found it; `merged`
/// into another finding, which took its columns.
public enum FindingStatus: String, Sendable, CaseIterable, Codable {
  case open, filed, fixed, verified, regressed, accepted, withdrawn, merged

  /// Whether the problem is still to be fixed (open, filed, regressed).
  public var isOutstanding: Bool { self == .open || self == .filed || self == .regressed }
}
