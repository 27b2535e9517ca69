import ExhibitModel
import Foundation

/// A problem found in an audit, resting on one or more failing verdicts: numbered `F-<id>` across
/// every round of its product, with a title and severity an auditor may set, the WCAG success
/// criteria its items bear on, its status and where it was filed.
public struct Finding: Sendable, Equatable, Encodable {
  /// The number behind `F-<id>`.
  public let id: Int64
  public let title: String
  public let severity: FindingSeverity
  public let status: FindingStatus
  /// Why its status was set by hand (fixed, accepted), when it was.
  public let reason: String
  /// Who set the status last: an auditor, or the round's or the tracker's reader.
  public let statusBy: String
  /// The finding that took its columns, when it was merged.
  public let mergedInto: Int64?
  /// Its columns, its first (the one that started it) first; none once merged into another.
  public let columns: [FindingColumn]
  /// The WCAG success criteria its items bear on, necessarily (``WCAGRelation/necessary``).
  public let wcag: [String]
  /// The failing links behind it, in every round, oldest first.
  public let links: [Int64]
  /// Its still frame, when a failing link rests on a video.
  public let frame: FindingFrame?
  public let tracker: FindingTracker?
  /// The audit (round) that found it, and its name.
  public let audit: Int64
  public let auditName: String
  /// The latest round whose verdicts moved its status.
  public let statusRound: Int64
  public let createdAt: String
  public let updatedAt: String

  /// `F-<id>`, as every surface names it.
  public var reference: String { Self.reference(id) }

  /// `F-<id>` of a finding's number.
  public static func reference(_ id: Int64) -> String { "F-\(id)" }

  /// A finding's number from `F-12`, `f-12` or `12`; nil for anything else.
  public static func number(_ text: String) -> Int64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let digits = trimmed.lowercased().hasPrefix("f-") ? String(trimmed.dropFirst(2)) : trimmed
    guard let id = Int64(digits), id > 0 else { return nil }
    return id
  }

  /// The component of its first column (nil once merged: its columns moved to another finding).
  public var component: ComponentID? { columns.first?.item.component }
  /// The platform of its first column.
  public var platform: Platform? { columns.first?.platform }
  /// The screen reader of its first column, nil for an item judged per platform.
  public var assistiveTech: String? { columns.first?.assistiveTech }
  /// Its items, each once, in its columns' order.
  public var items: [ItemKey] {
    var seen = Set<ItemKey>()
    return columns.map(\.item).filter { seen.insert($0).inserted }
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, severity, status, reason, statusBy, mergedInto, component, platform, assistiveTech
    case items, columns, wcag, links, frame, tracker, audit, auditName, statusRound, createdAt, updatedAt
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reference, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(severity, forKey: .severity)
    try container.encode(status, forKey: .status)
    try container.encode(reason, forKey: .reason)
    try container.encode(statusBy, forKey: .statusBy)
    try container.encode(mergedInto.map(Self.reference), forKey: .mergedInto)
    try container.encode(component?.description, forKey: .component)
    try container.encode(platform?.rawValue, forKey: .platform)
    try container.encode(assistiveTech, forKey: .assistiveTech)
    try container.encode(items.map(\.description), forKey: .items)
    try container.encode(columns, forKey: .columns)
    try container.encode(wcag, forKey: .wcag)
    try container.encode(links, forKey: .links)
    try container.encode(frame, forKey: .frame)
    try container.encode(tracker, forKey: .tracker)
    try container.encode(audit, forKey: .audit)
    try container.encode(auditName, forKey: .auditName)
    try container.encode(statusRound, forKey: .statusRound)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
  }
}
