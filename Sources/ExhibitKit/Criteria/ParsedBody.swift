/// What a parser read from a document's body, before the document's identity is settled.
struct ParsedBody {
  /// The first MagentaA11y "Full information" link the document gives.
  var link: DocumentIdentity?
  /// The component as the prose names it: the first `How to test a …` line, or a Jekyll entry's
  /// title. It becomes an alias, never the identifier, when a link or file name exists.
  var proseSlug: String?
  /// A Jekyll entry's `categories`.
  var frontMatterCategory: String?
  var generalNotes: [String] = []
  var gherkinGiven = ""
  var items: [CriteriaItem] = []
  var scenarios: [GherkinScenario] = []
  var notes = DeveloperNotesCollector()
  var videos: [VideoReference] = []
  /// Whether the document states criteria: a Condensed (or Criteria) section, front-matter
  /// criteria maps, or a rendered page's criteria list. A guide, or a page of notes alone, has
  /// none and is never a revision of a component.
  var hasCriteria = false

  /// Keeps the first criteria link and the first `How to test a …` line a line holds.
  mutating func noteNaming(in line: String) {
    if link == nil, let found = DocumentIdentity.fromCriteriaLink(line) { link = found }
    if proseSlug == nil, let slug = DocumentIdentity.fromHowToTest(line) { proseSlug = slug }
  }

  /// Adds a nested bullet to the item above it, as a line of its own in the expectation.
  /// - Returns: false when there is no item to add it to.
  mutating func appendToLastItem(_ text: String) -> Bool {
    guard let last = items.indices.last else { return false }
    let line = CriteriaText.expectation(text)
    guard !line.isEmpty else { return true }
    items[last].expectation = items[last].expectation.isEmpty ? line : items[last].expectation + "\n" + line
    return true
  }
}
