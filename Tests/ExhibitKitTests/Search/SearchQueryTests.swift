import Testing

@testable import ExhibitKit

/// Reading what a reviewer typed: plain text in, a safe FTS5 expression out.
@Suite struct SearchQueryTests {
  @Test(arguments: [
    ("dimmed", #""dimmed""#),
    ("dimmed button", #""dimmed" "button""#),
    ("aria-label", #""aria-label""#),
    ("1.4.10", #""1.4.10""#),
    (#""double tap""#, #""double tap""#),
    ("C++", #""C++""#),
    (#""unbalanced phrase"#, #""unbalanced phrase""#),
    ("announ*", #""announ" *"#),
    (#""double ta"*"#, #""double ta" *"#),
    ("checked OR selected", #""checked" OR "selected""#),
    ("checkbox NOT web", #""checkbox" NOT "web""#),
    ("checked AND dimmed", #""checked" "dimmed""#),
    ("OR checked", #""checked""#),
    ("checked OR", #""checked""#),
    ("OR", #""OR""#),
    ("NOT AND", #""NOT" "AND""#),
    ("or not", #""or" "not""#),
    (#"say "hi"#, #""say" "hi""#),
    (#"it"s"#, #""it" "s""#),
    ("label:foo", #""label:foo""#),
    ("NEAR(a b)", #""NEAR(a" "b)""#),
    ("^start -x {a b}", #""^start" "-x" "{a" "b}""#),
    (#"a "" b"#, #""a" "b""#),
  ])
  func readsTextAsTerms(text: String, expression: String) throws {
    #expect(try SearchQuery(text).expression == expression)
  }

  @Test(arguments: ["", "   ", "*", "\"", "\"\"", "-- ++ ()", "\u{301}", "***"])
  func refusesQueriesWithNothingToFind(text: String) {
    #expect(throws: SearchError.nothingToSearch(text)) { try SearchQuery(text) }
  }

  @Test func repeatsAreDroppedAndTooManyWordsAreRefused() throws {
    let repeated = try SearchQuery(Array(repeating: "checked", count: 4_000).joined(separator: " "))
    #expect(repeated.terms.count == 1)
    #expect(repeated.expression == "\"checked\"")
    // With OR a repeat keeps its place: dropping it could change the meaning.
    #expect(try SearchQuery("checked OR dimmed checked").terms.count == 3)
    let many = (0..<100).map { "word\($0)" }.joined(separator: " ")
    #expect(throws: SearchError.tooLong(words: 100, characters: many.unicodeScalars.count)) {
      try SearchQuery(many)
    }
    let huge = String(repeating: "a", count: SearchQuery.maximumCharacters + 1)
    #expect(throws: SearchError.tooLong(words: nil, characters: huge.count)) { try SearchQuery(huge) }
  }
}
