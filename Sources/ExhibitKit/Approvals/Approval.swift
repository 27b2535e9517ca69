/// A second person's sign-off on a verdict or on a decided level of an audit's report.
///
/// A verdict's approval is of one item's column in one audit (its platform and, for a
/// screen-reader or gesture item, its screen reader) and covers the live links judged there; a
/// level's approval is of one criterion and component type and covers the decision standing then.
/// Whoever judged the verdict, or decided the level, cannot approve it. A later change to what it
/// covers voids it: it then says when and what changed.
public struct Approval: Sendable, Equatable, Codable {
  /// What is approved.
  public enum Kind: String, Sendable, Codable {
    case verdict
    case level
  }

  public let id: Int64
  public let audit: Int64
  public let kind: Kind
  /// A verdict's item, platform and screen reader.
  public let item: String?
  public let platform: Platform?
  public let assistiveTech: String?
  /// A level's criterion and component type.
  public let criterion: String?
  public let componentType: ACRComponentType?
  /// What it covers: the verdict's live link ids (`3,5`), or the decision's time.
  public let covers: String
  public let approver: String
  public let approvedAt: String
  /// When a later change voided it, and what the change was.
  public let voidedAt: String?
  public let voidedBy: String?

  /// A verdict's column as ``Coverage/columnKey(_:_:_:)`` writes it.
  public var columnKey: String { Coverage.columnKey(item ?? "", platform, assistiveTech) }

  /// Whether it still stands.
  public var stands: Bool { voidedAt == nil }

  /// `native/checkbox#screenreader.role on iOS VoiceOver`, `4.1.2 (software)`: what it approves.
  public var subject: String {
    switch kind {
    case .verdict:
      let reader = assistiveTech.map { " " + (AssistiveTech(rawValue: $0)?.displayName ?? $0) } ?? ""
      return "\(item ?? "") on \(platform?.displayName ?? "")\(reader)"
    case .level: return "\(criterion ?? "") (\(componentType?.rawValue ?? ""))"
    }
  }
}
