/// Which column of a coverage matrix a verdict counts in, by the item's section: the one rule
/// for every surface (docs/verdict-rule.md, "Columns").
///
/// - Items of the `screenreader` and `gestures` sections are judged per screen reader: a column
///   per platform and screen reader. Evidence for them names its screen reader; a link made
///   before that rule without one counts in its platform's column, never as a gap.
/// - Items of every other section (`keyboard`, `settings`, `other`) have one column per
///   platform (no screen reader named), which any evidence on that platform fills.
enum EvidenceColumn {
  /// Whether items of `section` are judged per screen reader.
  static func isPerScreenReader(_ section: CriteriaSection) -> Bool {
    section == .screenreader || section == .gestures
  }

  /// The column a verdict on an item of `section`, judged on `platform` with `assistiveTech`,
  /// counts in.
  static func column(section: CriteriaSection, platform: Platform, assistiveTech: String?) -> Coverage.Column
  {
    Coverage.Column(platform: platform, assistiveTech: isPerScreenReader(section) ? assistiveTech : nil)
  }

  /// Whether `column` must have a verdict for an item of `section` that applies on its platform:
  /// a screen reader's column for the per-screen-reader sections, the platform's column for the
  /// rest. (A per-screen-reader item's platform column holds only links made without a screen
  /// reader before the rule; it counts what it says and is never a gap.)
  static func isRequired(_ column: Coverage.Column, section: CriteriaSection) -> Bool {
    isPerScreenReader(section) == (column.assistiveTech != nil)
  }
}
