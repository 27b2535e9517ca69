import Foundation

/// Reads the current MagentaA11y markdown: `## General Notes`, `## Videos`, `## Condensed`,
/// `## Gherkin`, `## iOS Developer Notes`, `## Android Developer Notes` (and the Jekyll entry's
/// `## Developer notes`).
struct MarkdownCriteriaParser {
  /// The family, when already known, for a first reading of a video's context; CriteriaParser reads
  /// it again once the document's family is settled.
  var family: Family

  private enum Part {
    case generalNotes, videos, condensed, criteria, gherkin, developerNotes, relatedCriteria, other
  }

  // Long: one pass over the lines as a state machine: the heading seen last decides what each line is.
  func parse(_ lines: ArraySlice<Substring>, into body: inout ParsedBody) {
    var part = Part.other
    var section: CriteriaSection?
    var openFence: (marker: Character, length: Int)?
    var fence: [Substring] = []
    var gherkinIndents: [Int] = []
    // The indentation of the bullet that began the current criteria item.
    var itemIndent: Int?
    // Whether the line before was blank: a lazy continuation line follows its bullet directly.
    var afterBlank = false
    for (offset, line) in zip(lines.indices, lines) {
      let lineNumber = offset + 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let marker = Self.fenceMarker(trimmed) {
        if let open = openFence {
          // Only a bare run of the same marker, at least as long, closes a fence: a ```` block
          // may quote ``` blocks.
          if marker.character == open.marker && marker.length >= open.length && marker.isBare {
            if part == .developerNotes {
              body.notes.add(text: fence.joined(separator: "\n"), topic: "code example")
            }
            fence = []
            openFence = nil
            continue
          }
        } else {
          openFence = (marker.character, marker.length)
          continue
        }
      }
      if openFence != nil {
        fence.append(line)
        continue
      }
      if let (level, heading) = Self.heading(trimmed) {
        body.closeItemLine()
        if level <= 2 {
          part = Self.part(named: heading)
          section = nil
          itemIndent = nil
          switch part {
          case .developerNotes:
            body.notes.begin(platform: Self.platform(ofNotesHeading: heading))
          case .condensed: body.hasCriteria = true
          case .criteria:
            body.hasCriteria = true
            section = .other
          default: break
          }
        } else if part == .videos {
          body.videos.append(
            VideoReference(
              heading: heading, source: "", caption: nil,
              context: SessionContextValue(SessionContext(text: heading, family: family))))
        } else if part == .developerNotes {
          if let framework = DeveloperNotesCollector.framework(named: CriteriaText.plain(heading)) {
            body.notes.begin(frameworkHeading: framework)
          } else {
            body.notes.begin(topic: heading)
          }
        }
        continue
      }
      body.noteNaming(in: trimmed)
      switch part {
      case .generalNotes:
        if !trimmed.isEmpty { body.generalNotes.append(CriteriaText.clean(trimmed)) }
      case .videos:
        readVideoTag(trimmed, into: &body)
      case .condensed, .criteria:
        defer { afterBlank = trimmed.isEmpty }
        if let (_, heading) = CriteriaText.numbered(line) {
          section = CriteriaText.section(forHeading: heading) ?? .other
          itemIndent = nil
          body.closeItemLine()
        } else if let bullet = CriteriaText.bullet(line), let section {
          // A bullet indented under an item ("If select is focused, …") is a line of that item.
          if let itemIndent, bullet.indent > itemIndent, body.appendToLastItem(bullet.text) { continue }
          if let item = CriteriaText.item(bullet.text, section: section, line: lineNumber) {
            body.appendItem(item, text: bullet.text)
            itemIndent = bullet.indent
          }
        } else if !trimmed.isEmpty, let itemIndent {
          // A line that goes on with the bullet above: lazily (no blank line between) or indented
          // under it after a blank line, as markdown reads a list item's paragraph.
          if !afterBlank || CriteriaText.indentation(line) > itemIndent {
            _ = body.continueItemLine(trimmed)
          } else {
            body.closeItemLine()
          }
        }
      case .gherkin:
        readGherkin(line, trimmed: trimmed, indents: &gherkinIndents, into: &body)
      case .developerNotes:
        if let bullet = CriteriaText.bullet(line) {
          body.notes.add(bullet: bullet.text, indent: bullet.indent)
        } else if let numbered = CriteriaText.numbered(line) {
          body.notes.add(bullet: numbered.text, indent: CriteriaText.indentation(line))
        } else if !trimmed.isEmpty {
          body.notes.add(text: CriteriaText.plain(trimmed))
        }
      case .relatedCriteria:
        for number in CriteriaText.successCriteria(in: trimmed) where !body.relatedCriteria.contains(number) {
          body.relatedCriteria.append(number)
        }
      case .other:
        break
      }
    }
  }

  private func readVideoTag(_ trimmed: String, into body: inout ParsedBody) {
    guard let source = Self.attribute("src", in: trimmed) else { return }
    if trimmed.hasPrefix("<track") {
      if let last = body.videos.indices.last { body.videos[last].caption = source }
    } else if trimmed.hasPrefix("<source") || trimmed.hasPrefix("<video") {
      if let last = body.videos.indices.last, body.videos[last].source.isEmpty {
        body.videos[last].source = source
      } else {
        body.videos.append(
          VideoReference(
            heading: "", source: source, caption: nil,
            context: SessionContextValue(SessionContext(text: source, family: family))))
      }
    }
  }

  private func readGherkin(
    _ line: Substring, trimmed: String, indents: inout [Int], into body: inout ParsedBody
  ) {
    if trimmed.uppercased().hasPrefix("GIVEN ") {
      body.gherkinGiven = CriteriaText.clean(trimmed.dropFirst(6))
      return
    }
    if let (_, title) = CriteriaText.numbered(line) {
      var name = title
      if name.lowercased().hasPrefix("scenario:") { name = CriteriaText.clean(name.dropFirst(9)) }
      body.scenarios.append(GherkinScenario(title: name, steps: []))
      indents = []
      return
    }
    guard let bullet = CriteriaText.bullet(line), !body.scenarios.isEmpty else { return }
    while let last = indents.last, last > bullet.indent { indents.removeLast() }
    if indents.last != bullet.indent { indents.append(bullet.indent) }
    let (keyword, text) = Self.gherkinKeyword(bullet.text)
    guard !text.isEmpty else { return }
    body.scenarios[body.scenarios.count - 1].steps.append(
      GherkinStep(keyword: keyword, text: text, depth: indents.count - 1))
  }

  /// Splits `WHEN I press the key` into `WHEN` and the rest; no keyword gives `""`.
  static func gherkinKeyword(_ text: String) -> (String, String) {
    var rest = CriteriaText.clean(text)
    // "WHEN I use a desktop screenreader AND" continues on the next bullet.
    if rest.hasSuffix(" AND") { rest = String(rest.dropLast(4)) }
    for keyword in ["GIVEN", "WHEN", "THEN", "AND", "BUT"] {
      let prefix = rest.prefix(keyword.count + 1)
      if prefix.uppercased() == keyword + " " {
        return (keyword, CriteriaText.clean(rest.dropFirst(keyword.count + 1)))
      }
    }
    return ("", rest)
  }

  /// Reads a code fence line: its marker (backtick or tilde), how many, and whether nothing
  /// (no info string) follows.
  static func fenceMarker(_ trimmed: String) -> (character: Character, length: Int, isBare: Bool)? {
    guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
    let run = trimmed.prefix { $0 == first }
    guard run.count >= 3 else { return nil }
    return (first, run.count, trimmed.dropFirst(run.count).trimmingCharacters(in: .whitespaces).isEmpty)
  }

  /// Reads an ATX heading: `## Videos` gives (2, "Videos").
  static func heading(_ trimmed: String) -> (Int, String)? {
    let hashes = trimmed.prefix { $0 == "#" }
    guard (1...6).contains(hashes.count) else { return nil }
    let rest = trimmed.dropFirst(hashes.count)
    guard rest.first == " " else { return nil }
    return (hashes.count, CriteriaText.clean(rest))
  }

  private static func part(named heading: String) -> Part {
    let lowered = heading.lowercased()
    if lowered.contains("developer notes") { return .developerNotes }
    if lowered.hasPrefix("general notes") { return .generalNotes }
    if lowered.hasPrefix("video") { return .videos }
    if lowered.hasPrefix("condensed") { return .condensed }
    if lowered == "criteria" || lowered.hasPrefix("acceptance criteria") { return .criteria }
    if lowered.hasPrefix("gherkin") { return .gherkin }
    if lowered.contains("further reading") || lowered.contains("related wcag") || lowered.hasPrefix("wcag") {
      return .relatedCriteria
    }
    return .other
  }

  private static func platform(ofNotesHeading heading: String) -> String {
    let lowered = heading.lowercased()
    if lowered.hasPrefix("ios") { return "ios" }
    if lowered.hasPrefix("android") { return "android" }
    return "general"
  }

  /// The value of `name="..."` (or single quotes) in an HTML tag.
  static func attribute(_ name: String, in tag: String) -> String? {
    for quote in ["\"", "'"] {
      guard let start = tag.range(of: "\(name)=\(quote)") else { continue }
      let rest = tag[start.upperBound...]
      guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
      return String(rest[..<end])
    }
    return nil
  }
}
