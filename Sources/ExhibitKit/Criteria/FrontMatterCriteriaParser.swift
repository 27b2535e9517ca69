import Foundation
import Yams

/// Reads the older Jekyll entry: YAML front matter between `---` lines with `layout`, `title`,
/// `categories` and the criteria maps `keyboard`, `mobile`, `screenreader`, `settings`, followed
/// by markdown developer notes.
struct FrontMatterCriteriaParser {
  let path: String

  /// YAML aliases a front matter may use. Criteria never need them; a few hundred bytes of
  /// nested aliases can stand for millions of nodes, so more than this is refused unread.
  static let maximumAliases = 16

  /// Which criteria section each front-matter map holds.
  static let sections: [(key: String, section: CriteriaSection)] = [
    ("keyboard", .keyboard), ("mobile", .gestures), ("gestures", .gestures),
    ("screenreader", .screenreader), ("settings", .settings),
  ]

  /// The line range of the front matter (without the `---` lines) and where the body starts.
  static func split(_ lines: [Substring], path: String) throws -> (yaml: Range<Int>, body: Int) {
    guard
      let close = lines.indices.dropFirst().first(where: {
        let trimmed = lines[$0].trimmingCharacters(in: .whitespaces)
        return trimmed == "---" || trimmed == "..."
      })
    else {
      throw CriteriaParseError(
        path: path, line: 1, reason: "front matter opened here is never closed (no second `---` line)")
    }
    return (1..<close, close + 1)
  }

  func parse(_ lines: [Substring], into body: inout ParsedBody) throws -> String? {
    let (yamlLines, bodyStart) = try Self.split(lines, path: path)
    let yaml = lines[yamlLines].joined(separator: "\n")
    try refuseAliasBombs(yaml)
    let root: Node?
    do {
      root = try Yams.compose(yaml: yaml)
    } catch let error as YamlError {
      throw CriteriaParseError(
        path: path, line: Self.line(of: error) + 1, reason: "YAML: \(Self.describe(error))")
    } catch {
      throw CriteriaParseError(path: path, line: 2, reason: "YAML: \(error)")
    }
    guard let mapping = root?.mapping else {
      throw CriteriaParseError(path: path, line: 2, reason: "front matter is not a YAML map of keys")
    }
    let title = mapping["title"]?.string.map(CriteriaText.clean)
    if let categories = mapping["categories"] {
      body.frontMatterCategory = categories.string ?? categories.sequence?.first?.string
    }
    if let title, !title.isEmpty { body.proseSlug = CriteriaText.slug(title) }
    for (key, section) in Self.sections {
      guard let node = mapping[key] else { continue }
      body.hasCriteria = true
      guard let entries = node.mapping else {
        throw CriteriaParseError(
          path: path, line: Self.fileLine(node.mark),
          reason: "`\(key)` must map labels to expectations")
      }
      for (labelNode, valueNode) in entries {
        guard let label = labelNode.string, let value = valueNode.string else {
          throw CriteriaParseError(
            path: path, line: Self.fileLine(labelNode.mark),
            reason: "`\(key)` entries must be text (label: expectation)")
        }
        // A value may hold bullets ("- If select is focused, …"): each is a line of the item.
        let lines = Self.expectationLines(value)
        if let item = CriteriaText.item(
          "\(label): \(lines.first ?? "")", section: section, line: Self.fileLine(labelNode.mark))
        {
          body.items.append(item)
          for line in lines.dropFirst() { _ = body.appendToLastItem(line) }
        }
      }
    }
    MarkdownCriteriaParser(family: .native).parse(lines[bodyStart...], into: &body)
    return title
  }

  /// Splits a value into the lines of an expectation: each bullet starts a line, other lines
  /// continue the one before.
  static func expectationLines(_ value: String) -> [String] {
    var lines: [String] = []
    for raw in value.split(whereSeparator: \.isNewline) {
      if let bullet = CriteriaText.bullet(raw) {
        lines.append(bullet.text)
      } else if let last = lines.indices.last {
        lines[last] = CriteriaText.clean(lines[last] + " " + raw)
      } else {
        lines.append(CriteriaText.clean(raw))
      }
    }
    return lines.filter { !$0.isEmpty }
  }

  /// Counts alias uses (`*name` where a value starts) before any YAML is composed.
  private func refuseAliasBombs(_ yaml: String) throws {
    var aliases = 0
    var lineNumber = 1
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var previous: Character = " "
      for character in line {
        if character == "*"
          && (previous == " " || previous == "[" || previous == "," || previous == ":"
            || previous == "-")
        {
          aliases += 1
          if aliases > Self.maximumAliases {
            throw CriteriaParseError(
              path: path, line: lineNumber,
              reason: "front matter uses more than \(Self.maximumAliases) YAML aliases; refused "
                + "(aliases can expand without bound, and criteria never need them)")
          }
        }
        previous = character
      }
    }
  }

  /// The file line of a node: Yams counts node lines from 0, and the YAML starts on line 2.
  private static func fileLine(_ mark: Mark?) -> Int { (mark?.line ?? 0) + 2 }

  private static func line(of error: YamlError) -> Int {
    switch error {
    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
      return mark.line
    default: return 1
    }
  }

  private static func describe(_ error: YamlError) -> String {
    switch error {
    case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
      return problem
    default: return String(describing: error)
    }
  }
}
