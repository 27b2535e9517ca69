/// How far a component's criteria are covered by evidence, per platform and screen reader.
public struct Coverage: Sendable, Equatable, Encodable {
  /// A platform with a screen reader: one column of the matrix.
  public struct Column: Sendable, Equatable, Hashable, Encodable {
    public let platform: Platform
    public let assistiveTech: String?
  }

  /// A segment of a recording behind a verdict.
  public struct Segment: Sendable, Equatable, Encodable {
    public let link: Int64
    public let recording: String
    public let fromSeconds: Double?
    public let toSeconds: Double?
    public let verdict: Verdict
  }

  /// One item in one column.
  public struct Cell: Sendable, Equatable, Encodable {
    public let platform: Platform
    public let assistiveTech: String?
    /// What the cell's links say together; nil without evidence.
    public let verdict: CombinedVerdict?
    public let links: Int
    public let segments: [Segment]
  }

  /// One criteria item with its cells.
  public struct Item: Sendable, Equatable, Encodable {
    public let key: String
    public let section: CriteriaSection
    public let label: String
    public let platforms: [Platform]
    public let notApplicable: Bool
    public let cells: [Cell]
    /// Platforms in scope the item applies to with no pass, fail or not-applicable evidence.
    public let gapPlatforms: [Platform]
    public let conflict: Bool
  }

  /// A live link pinned to an item of a superseded revision.
  public struct StaleLink: Sendable, Equatable, Encodable {
    public let link: Int64
    public let item: String
    public let revision: Int
    public let verdict: Verdict
  }

  /// A live link whose recording can no longer be shown as it was judged: it counts for no
  /// verdict until it is resolved.
  public struct UnavailableLink: Sendable, Equatable, Encodable {
    public let link: Int64
    public let item: String
    /// The recording's last known path.
    public let recording: String
    /// `recording missing` (no file at any of its paths) or `bytes changed` (its path now holds
    /// other bytes).
    public let state: RecordingAvailability
    public let verdict: Verdict
    /// How to resolve it.
    public let advice: String
  }

  public let component: String
  public let revision: Int
  public let columns: [Column]
  public let items: [Item]
  /// Keys of items with a gap on some platform in scope.
  public let gaps: [String]
  /// Keys of items whose evidence disagrees (pass and fail in one column).
  public let conflicts: [String]
  public let stale: [StaleLink]
  /// Live links of the current revision whose recording is missing or changed.
  public let unavailable: [UnavailableLink]
}
