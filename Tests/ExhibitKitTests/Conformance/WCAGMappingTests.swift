import Foundation
import Testing

@testable import ExhibitKit

/// The shipped data: WCAG 2.2's 87 criteria, and a mapping whose every row reads, names a real
/// criterion and says why; and how rows are chosen for an item.
@Suite struct WCAGMappingTests {
  @Test func theWCAGTableHasEveryCriterionOnce() {
    #expect(WCAG22.criteria.count == 87)
    #expect(WCAG22.criteria(at: .a).count == 31 && WCAG22.criteria(at: .aa).count == 24)
    #expect(WCAG22.criterion("1.4.4")?.handle == "Resize Text" && WCAG22.criterion("1.4.4")?.level == .aa)
    #expect(WCAG22.criterion("4.1.1")?.level == nil)
    #expect(Set(WCAG22.criteria.map(\.number)).count == 87)
  }

  @Test func everyShippedRowReadsAndSaysWhy() {
    let text = String(decoding: PackageResources.wcag_mapping_tsv, as: UTF8.self)
    let lines = text.split(separator: "\n").dropFirst()
    #expect(WCAGMapping.defaults.rows.count == lines.count, "a row of wcag-mapping.tsv does not read")
    for row in WCAGMapping.defaults.rows {
      #expect(WCAG22.criterion(row.criterion)?.level != nil, "\(row.selector) names \(row.criterion)")
      #expect(row.rationale.count > 40 && row.rationale.count < 240, "\(row.selector) \(row.criterion)")
    }
  }

  @Test func theMostSpecificRowForACriterionWins() throws {
    let name = try #require(ItemKey("native/checkbox#screenreader.name"))
    let resize = try #require(ItemKey("web/checkbox#settings.text-resize"))
    let nativeResize = try #require(ItemKey("native/checkbox#settings.text-resize"))
    #expect(WCAGMapping.defaults.rows(for: name).map(\.criterion) == ["1.1.1", "2.5.3", "4.1.2"])
    #expect(WCAGMapping.defaults.rows(for: resize).first?.relation == .necessary)
    #expect(WCAGMapping.defaults.rows(for: nativeResize).first?.relation == .related)
    let own = WCAGMappingRow(
      selector: .item(nativeResize), criterion: "1.4.4", relation: .necessary,
      rationale: "this product's promise")
    let mapped = WCAGMapping.defaults.with(overrides: [own])
    #expect(mapped.rows(for: nativeResize).map(\.relation) == [.necessary])
    #expect(
      mapped.rows(for: try #require(ItemKey("native/other#settings.text-resize"))).first?.relation == .related
    )
    #expect(WCAGMapping.defaults.rows(for: try #require(ItemKey("native/checkbox#keyboard.escape"))).isEmpty)
  }
}

/// Success criterion numbers read from a document's list of related criteria.
@Suite struct RelatedCriteriaTextTests {
  @Test(arguments: [
    ("- 1.3.1 Info and Relationships", ["1.3.1"]),
    ("[2.4.3 Focus Order](https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html)", ["2.4.3"]),
    ("- 1.4.1 Use of Color, and 4.1.2.", ["1.4.1", "4.1.2"]),
    ("WCAG 2.2 and version 12.3.4.5, 5.1.1", []),
    ("1.4.10 Reflow; 1.4.10 again", ["1.4.10"]),
  ])
  func numbersAreRead(line: String, numbers: [String]) {
    #expect(CriteriaText.successCriteria(in: line) == numbers)
  }
}
