/// Which success criteria each criteria item bears on: Exhibit's reviewed default rows
/// (`Resources/wcag-mapping.tsv`, one rationale each) with a workspace's own rows over them.
///
/// An item takes the rows of the most specific selector that has any for a criterion: its own
/// key's, else its family's label's, else its label's. A workspace row for an item and a
/// criterion replaces every default row for that pair. An item no row names is *unmapped*: it is
/// listed as such, never guessed.
public struct WCAGMapping: Sendable {
  public let rows: [WCAGMappingRow]

  public init(rows: [WCAGMappingRow]) {
    self.rows = rows
  }

  /// Exhibit's default rows.
  public static let defaults = WCAGMapping(
    rows: parse(String(decoding: PackageResources.wcag_mapping_tsv, as: UTF8.self)))

  /// The mapping with `overrides` (a workspace's rows, oldest first) laid over it.
  public func with(overrides: [WCAGMappingRow]) -> WCAGMapping {
    WCAGMapping(rows: rows + overrides)
  }

  /// The rows for the item keyed `key`, one per criterion, in WCAG's order; empty when unmapped.
  public func rows(for key: ItemKey) -> [WCAGMappingRow] {
    var chosen: [String: (rank: Int, row: WCAGMappingRow)] = [:]
    for row in rows where row.selector.matches(key) {
      let rank: Int
      switch row.selector {
      case .item: rank = 3
      case .label(_, let family): rank = family == nil ? 1 : 2
      }
      // A later row of the same rank (a newer override) wins over an earlier one.
      if let held = chosen[row.criterion], held.rank > rank { continue }
      chosen[row.criterion] = (rank, row)
    }
    // An item's own rows replace its label's for the same criterion only; other criteria keep theirs.
    return chosen.values.map(\.row).sorted { Self.order($0.criterion) < Self.order($1.criterion) }
  }

  /// Whether any row names the label (`screenreader.role`) in `family`.
  public func maps(label: String, family: Family) -> Bool {
    rows.contains { row in
      if case .label(let name, let only) = row.selector {
        return name == label && (only == nil || only == family)
      }
      return false
    }
  }

  /// A criterion's place in the standard, for sorting; unknown numbers last.
  static func order(_ number: String) -> Int {
    WCAG22.criteria.firstIndex { $0.number == number } ?? Int.max
  }

  /// Rows of `selector, criterion, relation, rationale` after a header line; a malformed row is
  /// left out (the tests read the file and fail on one).
  static func parse(_ text: String) -> [WCAGMappingRow] {
    TabSeparatedRows.rows(text).compactMap { fields in
      guard fields.count == 4, let selector = WCAGMappingRow.Selector(fields[0]),
        let relation = WCAGRelation(rawValue: fields[2])
      else { return nil }
      return WCAGMappingRow(
        selector: selector, criterion: fields[1], relation: relation, rationale: fields[3])
    }
  }
}
