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
  /// The WCAG success criteria a "Further Reading" or "Related WCAG" list names, by number.
  var relatedCriteria: [String] = []
  var notes = DeveloperNotesCollector()
  var videos: [VideoReference] = []
  /// Whether the document states criteria: a Condensed (or Criteria) section, front-matter
  /// criteria maps, or a rendered page's criteria list. A guide, or a page of notes alone, has
  /// none and is never a revision of a component.
  var hasCriteria = false
  /// The item line being read, as written, so that continuation lines join it: whether it began
  /// the item (its label and first line) or is one of its nested lines.
  private var openItemLine: (text: String, beganItem: Bool)?

  /// Keeps the first criteria link and the first `How to test a …` line a line holds.
  mutating func noteNaming(in line: String) {
    if link == nil, let found = DocumentIdentity.fromCriteriaLink(line) { link = found }
    if proseSlug == nil, let slug = DocumentIdentity.fromHowToTest(line) { proseSlug = slug }
  }

  /// Adds an item read from a bullet's `text`.
  mutating func appendItem(_ item: CriteriaItem, text: String) {
    items.append(item)
    openItemLine = (text, true)
  }

  /// Adds a nested bullet to the item above it, as a line of its own in the expectation.
  /// - Returns: false when there is no item to add it to.
  mutating func appendToLastItem(_ text: String) -> Bool {
    guard let last = items.indices.last else { return false }
    let line = CriteriaText.expectation(text)
    openItemLine = (text, false)
    guard !line.isEmpty else { return true }
    items[last].expectation = items[last].expectation.isEmpty ? line : items[last].expectation + "\n" + line
    return true
  }

  /// Joins a continuation line to the item line being read, with a space.
  /// - Returns: false when no item line is open.
  mutating func continueItemLine(_ text: String) -> Bool {
    guard let open = openItemLine, let last = items.indices.last else { return false }
    let joined = CriteriaText.clean(open.text + " " + text)
    openItemLine = (joined, open.beganItem)
    var lines = items[last].expectation.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    if open.beganItem {
      guard
        let item = CriteriaText.item(
          joined, section: items[last].section, line: items[last].line)
      else { return false }
      // The label stays as the bullet gave it; the first line of the expectation grows.
      if lines.isEmpty { lines = [""] }
      lines[0] = item.label == items[last].label ? item.expectation : CriteriaText.expectation(joined)
    } else {
      lines[lines.count - 1] = CriteriaText.expectation(joined)
    }
    items[last].expectation = lines.joined(separator: "\n")
    return true
  }

  /// Ends the item line being read: what follows does not continue it.
  mutating func closeItemLine() { openItemLine = nil }
}
