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
}
