import ExhibitModel
import Testing

/// Exhibit's join of an array of strings makes what the standard library's makes.
@Suite struct StringJoiningTests {
  @Test(arguments: [[], [""], ["a"], ["", ""], ["one", "two", "three"], ["é", "", "✓✓", "a\u{301}"]])
  func joinedAsTheStandardLibraryJoins(_ strings: [String]) {
    for separator in ["", ", ", "\n", "—"] {
      // A slice takes the standard library's generic join.
      #expect(strings.joined(separator: separator) == strings[...].joined(separator: separator))
    }
    #expect(strings.joined() == strings[...].joined())
  }
}
