import Testing

@testable import ExhibitCommands

/// The terminal table's column widths: the fast count agrees with `String.count` wherever it
/// applies, and falls back to it elsewhere.
@Suite struct TableWidthTests {
  @Test func widthsAreCharacters() {
    for text in [
      "", "plain", "link 4 1.0–3.0 s", "“quoted” — yes…", "naïve café", "e\u{301}", "👩‍💻 dev", "a\r\nb", "日本語",
      "Ωmega ✓", "tab\there",
    ] {
      #expect(Table.width(text) == text.count, "\(text)")
    }
  }

  @Test func columnsLineUpAcrossDashes() {
    let table = Table.render(header: ["A", "B"], rows: [["1.0–3.0 s", "x"], ["plain", "y"]])
    let lines = table.split(separator: "\n").map(String.init)
    // Each line ends with a one-character last column, so aligned lines are equally long.
    #expect(lines.count == 3 && Set(lines.map(\.count)).count == 1, "\(table)")
  }
}
