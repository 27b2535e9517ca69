import Foundation

@testable import ExhibitKit

/// Our own criteria documents: the sample workspace's `Criteria/` and the test fixtures.
enum CriteriaFixtures {
  static let sampleMarkdown = Repository.root.appendingPathComponent("Criteria/native/controls/checkbox.md")
  static let sampleJekyll = Repository.root.appendingPathComponent("Criteria/legacy/native/checkbox.md")
  static let sampleWeb = Repository.root.appendingPathComponent("Criteria/web/component/checkbox.md")

  static func fixture(_ name: String) -> URL {
    Repository.root.appendingPathComponent("Tests/ExhibitKitTests/Fixtures/criteria/\(name)")
  }

  /// Parses a file that must be a criteria document.
  static func document(_ url: URL, parser: CriteriaParser = CriteriaParser()) throws -> CriteriaDocument {
    try document(bytes: Array(try Data(contentsOf: url)), path: url.path, parser: parser)
  }

  /// Parses text that must be a criteria document, as if read from `path`.
  static func document(text: String, path: String) throws -> CriteriaDocument {
    try document(bytes: Array(text.utf8), path: path, parser: CriteriaParser())
  }

  private static func document(bytes: [UInt8], path: String, parser: CriteriaParser) throws
    -> CriteriaDocument
  {
    let outcome = try parser.parse(bytes: bytes, path: path)
    guard case .document(let document) = outcome else {
      throw CriteriaParseError(path: path, line: 0, reason: "expected a criteria document, got \(outcome)")
    }
    return document
  }

  /// A markdown document for a segmented control, filed under `native/inputs/` (the naming fixtures).
  static let segmentedControlMarkdown = fixture("naming/native/inputs/segmented-control.md")
}
