/// One product at one release, tested in one round: its scope, who opened and closed it, and
/// the audit it retests.
public struct Audit: Sendable, Equatable, Encodable {
  public let id: Int64
  public let product: String
  public let release: String
  /// What people call it; a migrated workspace's audit is named after its folder.
  public let name: String
  public let state: AuditState
  /// The audit this one retests, when it was made with `--from`.
  public let from: AuditIdentity?
  /// The scope as given: `native/checkbox`, `web/*`; empty for every component that applies.
  public let scope: [String]
  /// Where it tests: the audit's own platforms, else its product's.
  public let platforms: [ProductPlatform]
  public let openedAt: String
  public let openedBy: String
  public let closedAt: String?
  public let closedBy: String?
  /// Counts over its scope, when the caller asked for them (``AuditTallies``).
  public var tallies: AuditTallies?
  /// Who tested: the auditors of its links (retracted ones too), by name, with its tallies.
  public var auditors: [String]?

  /// The short form other documents carry.
  /// Whether its scope takes in `component` (an empty scope takes in every one).
  public func covers(_ component: ComponentID) -> Bool {
    AuditRegistry.scope(scope, contains: component)
  }

  public var identity: AuditIdentity {
    AuditIdentity(id: id, product: product, release: release, state: state)
  }

  private enum CodingKeys: String, CodingKey {
    case id, product, release, name, state, from, scope, platforms
    case openedAt = "opened_at"
    case openedBy = "opened_by"
    case closedAt = "closed_at"
    case closedBy = "closed_by"
    case tallies, auditors
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(product, forKey: .product)
    try container.encode(release, forKey: .release)
    try container.encode(name, forKey: .name)
    try container.encode(state, forKey: .state)
    try container.encode(from, forKey: .from)
    try container.encode(scope, forKey: .scope)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(openedAt, forKey: .openedAt)
    try container.encode(openedBy, forKey: .openedBy)
    try container.encode(closedAt, forKey: .closedAt)
    try container.encode(closedBy, forKey: .closedBy)
    try container.encodeIfPresent(tallies, forKey: .tallies)
    try container.encodeIfPresent(auditors, forKey: .auditors)
  }
}

/// How far an audit has come over its scope: items by where they count (``ItemStanding``), and
/// how many of its verdicts were carried from an earlier round and not retested.
public struct AuditTallies: Sendable, Equatable, Encodable {
  public var components = 0
  public var items = 0
  public var tested = 0
  public var passed = 0
  public var failed = 0
  public var conflicts = 0
  public var notApplicable = 0
  public var gaps = 0
  /// Items whose verdict is only carried from the earlier audit (carried fails count as failed).
  public var carried = 0
  /// Live links judged in this round, and carried ones.
  public var links = 0
  public var carriedLinks = 0
  /// Columns whose verdicts, and levels whose decision, a second person approved (standing
  /// approvals).
  public var approved = 0
  public var approvedLevels = 0

  public init() {}

  private enum CodingKeys: String, CodingKey {
    case components, items, tested, passed, failed, conflicts
    case notApplicable = "not_applicable"
    case gaps, carried, links
    case carriedLinks = "carried_links"
    case approved
    case approvedLevels = "approved_levels"
  }
}
