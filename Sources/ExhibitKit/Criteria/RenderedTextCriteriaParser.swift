/// Reads the text of a rendered MagentaA11y page: no markdown markers, headings as plain lines
/// (`iOS`, `Developer notes`, `Name`, ...), bullets as `•` indented two spaces a level.
struct RenderedTextCriteriaParser {
  private enum Part {
    case videos, notes, code, criteria(CriteriaSection?), gherkin, other
  }

  /// Plain lines that are headings, lowercased.
  static let topicHeadings: Set<String> = [
    "name", "role", "groupings", "grouping", "state", "states", "focus", "announcement examples",
    "general notes", "value", "hint", "traits", "actions",
  ]

  /// Whether a text looks like a rendered page: `•` bullets or its plain headings.
  static func looksRendered(_ lines: [Substring]) -> Bool {
    var bullets = 0
    var headings = 0
    for line in lines.prefix(400) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("•") { bullets += 1 }
      let lowered = trimmed.lowercased()
      if lowered == "developer notes" || lowered == "video examples" || lowered == "announcement examples" {
        headings += 1
      }
    }
    return bullets >= 3 || headings >= 1
  }

  // Long: one pass over the lines as a state machine: the heading seen last decides what each line is.
  func parse(_ lines: [Substring], into body: inout ParsedBody) {
    var part = Part.other
    var code: [String] = []
    // The indentation of the bullet that began the current criteria item.
    var itemIndent: Int?
    func flushCode() {
      if !code.isEmpty { body.notes.add(text: code.joined(separator: "\n"), topic: "code example") }
      code = []
    }
    for (index, line) in lines.enumerated() {
      let trimmed = CriteriaText.clean(line)
      let lowered = trimmed.lowercased()
      if trimmed.isEmpty { continue }
      body.noteNaming(in: trimmed)
      if let bullet = CriteriaText.bullet(line) {
        if case .code = part { flushCode(); part = .notes }
        switch part {
        case .criteria(let section):
          guard let section else { break }
          if let itemIndent, bullet.indent > itemIndent, body.appendToLastItem(bullet.text) { break }
          if let item = CriteriaText.item(bullet.text, section: section, line: index + 1) {
            body.items.append(item)
            itemIndent = bullet.indent
          }
        case .gherkin:
          let (keyword, text) = MarkdownCriteriaParser.gherkinKeyword(bullet.text)
          if !body.scenarios.isEmpty, !text.isEmpty {
            body.scenarios[body.scenarios.count - 1].steps.append(
              GherkinStep(keyword: keyword, text: text, depth: max(0, bullet.indent / 2 - 1)))
          }
        default:
          body.notes.add(bullet: bullet.text, indent: bullet.indent)
        }
        continue
      }
      // A plain line: a heading, a criteria section, a video heading, code, or a paragraph.
      if lowered == "ios" || lowered == "android" {
        flushCode()
        body.notes.begin(platform: lowered)
        part = .notes
      } else if lowered == "developer notes" {
        flushCode()
        part = .notes
      } else if lowered == "video examples" || lowered == "videos" {
        part = .videos
      } else if lowered == "code example" || lowered == "code examples" {
        flushCode()
        part = .code
      } else if lowered == "condensed" {
        body.hasCriteria = true
        part = .criteria(nil)
      } else if lowered == "gherkin" {
        part = .gherkin
      } else if Self.topicHeadings.contains(lowered) {
        flushCode()
        body.notes.begin(topic: trimmed)
        part = .notes
      } else if case .criteria = part, let section = CriteriaText.section(forHeading: trimmed) {
        part = .criteria(section)
        itemIndent = nil
      } else if case .gherkin = part {
        if lowered.hasPrefix("given ") {
          body.gherkinGiven = CriteriaText.clean(trimmed.dropFirst(6))
        } else if let (_, title) = CriteriaText.numbered(line) {
          body.scenarios.append(GherkinScenario(title: title, steps: []))
        } else if lowered.hasPrefix("scenario:") {
          body.scenarios.append(GherkinScenario(title: CriteriaText.clean(trimmed.dropFirst(9)), steps: []))
        }
      } else {
        switch part {
        case .videos:
          body.videos.append(
            VideoReference(
              heading: trimmed, source: "", caption: nil,
              context: SessionContextValue(SessionContext(text: trimmed, family: .native))))
        case .code:
          code.append(String(line))
        case .notes:
          body.notes.add(text: trimmed)
        default:
          break
        }
      }
    }
    flushCode()
  }
}
