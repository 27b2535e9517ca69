import ExhibitStorage

/// What changed between two rounds of testing: per component, platform, screen reader and item,
/// the verdict of each audit and the segments behind it.
public struct AuditComparison: Sendable, Equatable, Encodable {
  /// How an item's verdict moved from the old audit to the new one.
  public enum Change: String, Sendable, Codable, CaseIterable {
    /// Failed, now passes.
    case fixed
    /// Passed, now fails.
    case regressed
    case stillFailing = "still-failing"
    /// Not tested in the old round, tested in the new one.
    case newlyTested = "newly-tested"
    /// Tested in the old round, not in the new one.
    case noLongerTested = "no-longer-tested"
    case unchangedPass = "unchanged-pass"
    /// The same verdict other than a pass (not applicable, untested), or a move between them.
    case unchangedOther = "unchanged-other"
    /// Carried from the old round and not retested: a carried fail is still open.
    case carried
  }

  /// A segment of a recording behind a verdict.
  public struct Evidence: Sendable, Equatable, Encodable {
    public let link: Int64
    /// The recording's SHA-256.
    public let recording: String
    public let fromSeconds: Double?
    public let toSeconds: Double?
    public let verdict: Verdict
    /// The earlier round's link a carried verdict came from.
    public let carriedFrom: Int64?

    /// What was shown: the recording and the segment of it.
    var shown: String {
      "\(recording) \(fromSeconds.map { "\($0)" } ?? "whole")-\(toSeconds.map { "\($0)" } ?? "")"
    }

    private enum CodingKeys: String, CodingKey {
      case link, recording
      case fromSeconds = "from_seconds"
      case toSeconds = "to_seconds"
      case verdict
      case carriedFrom = "carried_from"
    }
  }

  /// One item in one column (platform and screen reader).
  public struct Row: Sendable, Equatable, Encodable {
    public let component: ComponentID
    public let platform: Platform
    public let assistiveTech: String?
    public let item: ItemKey
    public let change: Change
    public let oldVerdict: CombinedVerdict?
    public let newVerdict: CombinedVerdict?
    public let oldLinks: [Evidence]
    public let newLinks: [Evidence]
    /// The environments (screen reader, OS, browser, device) each round's verdict was judged in,
    /// when they differ between the rounds; nil when they are the same.
    public let environments: EnvironmentChange?

    /// Whether a `fixed` row's pass rests on the same recording and segment that failed in the
    /// earlier round: the same evidence judged differently, not a fix shown.
    public var sameEvidence: Bool {
      guard change == .fixed else { return false }
      let failed = Set(oldLinks.filter { $0.verdict == .fail }.map(\.shown))
      return newLinks.contains { $0.verdict == .pass && failed.contains($0.shown) }
    }

    private enum CodingKeys: String, CodingKey {
      case component, platform
      case assistiveTech = "assistive_tech"
      case item, change
      case oldVerdict = "old_verdict"
      case newVerdict = "new_verdict"
      case oldLinks = "old_links"
      case newLinks = "new_links"
      case environments
      case sameEvidence = "same_evidence"
    }

    /// Every key of the row, a verdict without evidence as null.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(component, forKey: .component)
      try container.encode(platform, forKey: .platform)
      try container.encode(assistiveTech, forKey: .assistiveTech)
      try container.encode(item, forKey: .item)
      try container.encode(change, forKey: .change)
      try container.encode(oldVerdict, forKey: .oldVerdict)
      try container.encode(newVerdict, forKey: .newVerdict)
      try container.encode(oldLinks, forKey: .oldLinks)
      try container.encode(newLinks, forKey: .newLinks)
      try container.encodeIfPresent(environments, forKey: .environments)
      if sameEvidence { try container.encode(true, forKey: .sameEvidence) }
    }
  }

  /// The environments of two rounds' verdicts, when they differ.
  public struct EnvironmentChange: Sendable, Equatable, Encodable {
    public let old: [String]
    public let new: [String]
  }

  public let old: AuditIdentity
  public let new: AuditIdentity
  public let rows: [Row]
  /// The findings as the newer round leaves them; nil when the catalogue has none.
  public var findings: FindingMoves? = nil

  /// How many rows each change has.
  public var counts: [Change: Int] {
    Dictionary(grouping: rows, by: \.change).mapValues(\.count)
  }

  private enum CodingKeys: String, CodingKey { case old, new, rows, findings }
}

extension AuditComparison {
  /// The change between two combined verdicts of one item in one column, the new one carried or not.
  static func change(old: CombinedVerdict?, new: CombinedVerdict?, carried: Bool) -> Change {
    let oldTested = old.map { $0 != .untested } ?? false
    let newTested = new.map { $0 != .untested } ?? false
    if carried, new != nil { return .carried }
    switch (oldTested, newTested) {
    case (false, true): return .newlyTested
    case (true, false): return .noLongerTested
    case (false, false): return .unchangedOther
    case (true, true): break
    }
    let oldFails = old?.isFailing ?? false
    let newFails = new?.isFailing ?? false
    if oldFails, newFails { return .stillFailing }
    if oldFails, new == .pass { return .fixed }
    if old == .pass, newFails { return .regressed }
    if old == .pass, new == .pass { return .unchangedPass }
    return .unchangedOther
  }
}
