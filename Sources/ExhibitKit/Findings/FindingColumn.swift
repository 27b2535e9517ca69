import ExhibitModel

/// One column a finding rests on: an item judged on a platform, with a screen reader for the items
/// judged per screen reader (``EvidenceColumn``). A product's column belongs to one finding at most,
/// so a fail in the same column in a retest finds the same finding.
public struct FindingColumn: Sendable, Hashable, Comparable, Encodable {
  public let item: ItemKey
  public let platform: Platform
  /// The screen reader, nil for items judged per platform.
  public let assistiveTech: String?

  /// A column.
  public init(item: ItemKey, platform: Platform, assistiveTech: String?) {
    self.item = item
    self.platform = platform
    self.assistiveTech = assistiveTech
  }

  public static func < (lhs: FindingColumn, rhs: FindingColumn) -> Bool {
    (lhs.item.description, lhs.platform.rawValue, lhs.assistiveTech ?? "")
      < (rhs.item.description, rhs.platform.rawValue, rhs.assistiveTech ?? "")
  }

  private enum CodingKeys: String, CodingKey { case item, platform, assistiveTech }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(item.description, forKey: .item)
    try container.encode(platform.rawValue, forKey: .platform)
    try container.encode(assistiveTech, forKey: .assistiveTech)
  }

  /// As the audit trail and messages write it: `native/checkbox#screenreader.role@ios/voiceover`.
  public var description: String {
    "\(item)@\(platform.rawValue)" + (assistiveTech.map { "/\($0)" } ?? "")
  }
}
