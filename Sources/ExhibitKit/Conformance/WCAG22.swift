/// The success criteria of WCAG 2.2, from `Resources/wcag-2.2.tsv` (W3C's numbers, slugs, handles
/// and levels, under the W3C Document License: see `Resources/WCAG-SOURCE.md`), in the order of
/// the standard. Keyed on the number, never on another tool's alias.
public enum WCAG22 {
  /// Every criterion, 87 of them, 4.1.1 included with no level.
  public static let criteria: [SuccessCriterion] = parse(
    String(decoding: PackageResources.wcag_2_2_tsv, as: UTF8.self))

  private static let byNumber = Dictionary(criteria.map { ($0.number, $0) }) { first, _ in first }

  /// The criterion numbered `number` (`2.4.7`), if WCAG 2.2 has one.
  public static func criterion(_ number: String) -> SuccessCriterion? {
    byNumber[number]
  }

  /// The criteria of a conformance level, in the standard's order.
  public static func criteria(at level: SuccessCriterion.Level) -> [SuccessCriterion] {
    criteria.filter { $0.level == level }
  }

  /// Rows of `num, id, handle, level, since` after a header line.
  static func parse(_ text: String) -> [SuccessCriterion] {
    TabSeparatedRows.rows(text).compactMap { fields in
      guard fields.count >= 5 else { return nil }
      return SuccessCriterion(
        number: fields[0], slug: fields[1], handle: fields[2],
        level: SuccessCriterion.Level(rawValue: fields[3]), since: fields[4])
    }
  }
}
