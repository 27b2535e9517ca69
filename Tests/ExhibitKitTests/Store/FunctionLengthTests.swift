import Foundation
import Testing

/// A function longer than 80 lines says why in a `// Long:` comment just above its documentation:
/// a state machine or a file format written in order may be long; anything else is split.
@Suite struct FunctionLengthTests {
  static let limit = 80

  /// Functions (and initialisers) over the limit without a reason, as `path:line (N lines)`.
  static func unexplained(in text: String, path: String) throws -> [String] {
    let lines = text.components(separatedBy: "\n")
    let declaration = try NSRegularExpression(
      pattern:
        #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|mutating|override|final|nonisolated)\s+)*(?:func\s+\w+|init[?!]?\s*[(<])"#
    )
    let quoted = try NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
    func code(_ line: String) -> String {
      let unquoted = quoted.stringByReplacingMatches(
        in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"")
      return unquoted.components(separatedBy: "//").first ?? ""
    }
    var found: [String] = []
    for (index, line) in lines.enumerated()
    where declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
      var depth = 0
      var opened = false
      var end: Int?
      for next in index..<lines.count {
        let part = code(lines[next])
        if part.contains("{") { opened = true }
        depth += part.filter { $0 == "{" }.count - part.filter { $0 == "}" }.count
        if opened && depth <= 0 {
          end = next
          break
        }
      }
      guard let end, end - index + 1 > limit else { continue }
      var above = index - 1
      while above >= 0,
        lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///")
          || lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@")
      {
        above -= 1
      }
      let reason = above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("// Long: ")
      if !reason { found.append("\(path):\(index + 1) (\(end - index + 1) lines)") }
    }
    return found
  }

  @Test func everyFunctionOverEightyLinesSaysWhy() throws {
    let root = Repository.root.appendingPathComponent("Sources")
    let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [String] = []
    var files = 0
    for case let url as URL in walker where url.pathExtension == "swift" {
      files += 1
      found += try Self.unexplained(in: String(contentsOf: url, encoding: .utf8), path: url.lastPathComponent)
    }
    #expect(files > 200)
    #expect(found == [])
  }

  @Test func aLongFunctionWithoutAReasonIsFound() throws {
    let body = Array(repeating: "    step()", count: 85).joined(separator: "\n")
    let long = "  /// Does it all.\n  func everything() {\n\(body)\n  }\n"
    #expect(try Self.unexplained(in: long, path: "x.swift") == ["x.swift:2 (87 lines)"])
    let explained = "  // Long: a state machine.\n" + long
    #expect(try Self.unexplained(in: explained, path: "x.swift") == [])
    let short = "  func few() {\n    step()\n  }\n"
    #expect(try Self.unexplained(in: short, path: "x.swift") == [])
  }
}
