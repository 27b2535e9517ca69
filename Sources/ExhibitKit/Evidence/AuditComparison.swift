import ExhibitSQLite

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

    private enum CodingKeys: String, CodingKey {
      case component, platform
      case assistiveTech = "assistive_tech"
      case item, change
      case oldVerdict = "old_verdict"
      case newVerdict = "new_verdict"
      case oldLinks = "old_links"
      case newLinks = "new_links"
      case environments
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

  /// How many rows each change has.
  public var counts: [Change: Int] {
    Dictionary(grouping: rows, by: \.change).mapValues(\.count)
  }

  private enum CodingKeys: String, CodingKey { case old, new, rows }
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

/// Reads two audits' live verdicts and compares them (``AuditComparison``).
struct AuditComparisonQuery {
  /// The workspace database.
  let connection: Connection

  /// One live link, as the comparison reads it.
  private struct LinkFacts {
    let key: String
    let evidence: AuditComparison.Evidence
    let environment: String
  }

  /// A column's verdict in one audit.
  private struct Side {
    var judged: [LinkFacts] = []
    var carried: [LinkFacts] = []
    /// This round's links, else the carried ones.
    var counted: [LinkFacts] { judged.isEmpty ? carried : judged }
    var verdict: CombinedVerdict? { CombinedVerdict(combining: counted.map(\.evidence.verdict)) }
    var isCarried: Bool { judged.isEmpty && !carried.isEmpty }
  }

  /// Compares `old` with `new`, for one component or platform or all.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  func compare(_ old: Audit, _ new: Audit, component: ComponentID?, platform: Platform?) throws
    -> AuditComparison
  {
    let before = try sides(of: old.id, component: component, platform: platform)
    let after = try sides(of: new.id, component: component, platform: platform)
    let rows = Set(before.keys).union(after.keys).sorted().compactMap { key -> AuditComparison.Row? in
      let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 4, let component = ComponentID(parts[0]),
        let platform = Platform(rawValue: parts[1]),
        let item = ItemKey(parts[3])
      else { return nil }
      let oldSide = before[key] ?? Side()
      let newSide = after[key] ?? Side()
      let oldEnvironments = Set(oldSide.counted.map(\.environment)).sorted()
      let newEnvironments = Set(newSide.counted.map(\.environment)).sorted()
      let environmentsDiffer =
        !oldSide.counted.isEmpty && !newSide.counted.isEmpty && !newSide.isCarried
        && oldEnvironments != newEnvironments
      return AuditComparison.Row(
        component: component, platform: platform, assistiveTech: parts[2].isEmpty ? nil : parts[2],
        item: item,
        change: AuditComparison.change(
          old: oldSide.verdict, new: newSide.verdict, carried: newSide.isCarried),
        oldVerdict: oldSide.verdict, newVerdict: newSide.verdict, oldLinks: oldSide.counted.map(\.evidence),
        newLinks: newSide.counted.map(\.evidence),
        environments: environmentsDiffer ? .init(old: oldEnvironments, new: newEnvironments) : nil)
    }
    return AuditComparison(old: old.identity, new: new.identity, rows: rows)
  }

  /// An audit's live links grouped by component, platform, screen reader and item.
  private func sides(of audit: Int64, component: ComponentID?, platform: Platform?) throws -> [String: Side] {
    var sides: [String: Side] = [:]
    let rows = try connection.query(
      """
      SELECT l.id, l.verdict, l.carried_from, l.start_ms, l.end_ms, l.environment, i.key, d.family, d.component,
        r.platform, r.assistive_tech, r.browser, r.device, r.os_version, r.sha256
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
        JOIN recording r ON r.id = l.recording_id
      WHERE l.audit_id = ?1 AND l.retracted_at IS NULL AND (?2 IS NULL OR (d.family = ?2 AND d.component = ?3))
        AND (?4 IS NULL OR r.platform = ?4)
      """, [audit, component?.family.rawValue, component?.slug, platform?.rawValue])
    for row in rows {
      guard let platform: String = try row.decode("platform") else { continue }
      let family: String = try row.decode("family")
      let slug: String = try row.decode("component")
      let tech: String? = try row.decode("assistive_tech")
      let key: String = try row.decode("key")
      let group = [family + "/" + slug, platform, tech ?? "", key].joined(separator: "\u{1F}")
      let carriedFrom: Int64? = try row.decode("carried_from")
      let start: Int64? = try row.decode("start_ms")
      let end: Int64? = try row.decode("end_ms")
      let recorded = LinkEnvironment(
        assistiveTech: tech.flatMap { AssistiveTech(rawValue: $0)?.displayName } ?? tech,
        os: Platform(rawValue: platform)?.displayName, osVersion: try row.decode("os_version"),
        browser: (try row.decode("browser") as String?).map { Browser(rawValue: $0)?.displayName ?? $0 },
        device: try row.decode("device"))
      let facts = LinkFacts(
        key: group,
        evidence: .init(
          link: try row.decode("id"), recording: try row.decode("sha256") ?? "",
          fromSeconds: start.map { Double($0) / 1000 }, toSeconds: end.map { Double($0) / 1000 },
          verdict: try row.decode("verdict"), carriedFrom: carriedFrom),
        environment: LinkEnvironment(stored: try row.decode("environment")).filled(from: recorded).summary)
      if carriedFrom == nil {
        sides[group, default: Side()].judged.append(facts)
      } else {
        sides[group, default: Side()].carried.append(facts)
      }
    }
    return sides
  }
}
