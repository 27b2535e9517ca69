import Foundation
import Testing

/// Fixtures tests share live in each test target's `Support/` folder, never as statics of
/// another suite, so a suite can be read, moved or deleted without breaking the others.
@Suite struct SharedFixturesTests {
  /// `OtherTests.member` in a file of another suite.
  static func borrowings(in text: String, suite: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: #"\b([A-Z][A-Za-z]*Tests)(?:\(\))?\.[a-z]\w*"#)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }), name != suite,
        let whole = Range(match.range, in: text)
      else { return nil }
      return String(text[whole])
    }
  }

  @Test func noSuiteBorrowsAnotherSuitesStatics() throws {
    let root = Repository.root.appendingPathComponent("Tests")
    let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [String] = []
    for case let url as URL in walker
    where url.pathExtension == "swift" && url.lastPathComponent != "SharedFixturesTests.swift" {
      let suite = url.deletingPathExtension().lastPathComponent
      found += try Self.borrowings(in: String(contentsOf: url, encoding: .utf8), suite: suite).map {
        "\(url.lastPathComponent): \($0)"
      }
    }
    #expect(found == [])
  }

  @Test func aBorrowingIsFound() throws {
    #expect(
      try Self.borrowings(in: "let w = try EvidenceTests.prepared()", suite: "SearchTests")
        == ["EvidenceTests.prepared"])
    #expect(try Self.borrowings(in: "let w = try Self.prepared()", suite: "SearchTests") == [])
  }
}
