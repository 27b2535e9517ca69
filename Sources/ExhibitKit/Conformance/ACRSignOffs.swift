/// Who approved what behind a report (a second person's sign-off), as the report shows it: the
/// approvals of verdicts by column and of decided levels, each with what it covers, so only one
/// that still covers the column's verdicts, or the decision standing, is shown.
public struct ACRSignOffs: Sendable, Equatable {
  /// One approval: who, when, and what it covers (a column's link ids `3,5`, or a decision's time).
  public struct SignOff: Sendable, Equatable {
    public let approver: String
    public let at: String
    public let covers: String

    public init(approver: String, at: String, covers: String) {
      self.approver = approver
      self.at = at
      self.covers = covers
    }

    /// `approved by bo on 2026-11-28`.
    public var words: String { "approved by \(approver) on \(at.prefix(10))" }
  }

  /// By `ITEM PLATFORM SCREEN_READER` (the screen reader empty for a platform's own column).
  public var columns: [String: SignOff] = [:]
  /// By `CRITERION TYPE`.
  public var levels: [String: SignOff] = [:]

  public init() {}

  /// The key of an item's column.
  public static func column(_ item: ItemKey, _ platform: Platform, _ assistiveTech: String?) -> String {
    Coverage.columnKey(item.description, platform, assistiveTech)
  }
}
