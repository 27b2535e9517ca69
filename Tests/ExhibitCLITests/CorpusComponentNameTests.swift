import Foundation
import Testing

/// On the real MagentaA11y documents and recordings in `../shared/corpus` (skipped when absent):
/// every document is named by its "Full information" link, and every recording belongs to the
/// document that names it, or to the document whose videos share its folder.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusComponentNameTests {
  /// Each corpus document by path, with the `family/slug` its link names (read here with a
  /// pattern of our own, independently of the parser).
  static func documentsAndLinks() throws -> [(path: String, text: String, linked: String)] {
    let root = try #require(CLIWorkspace.corpus).appendingPathComponent("documentation")
    let pattern = try NSRegularExpression(pattern: #"(native|web)-criteria/[a-z0-9-]+/([a-z0-9-]+)"#)
    var found: [(String, String, String)] = []
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "md" else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      guard let match = pattern.firstMatch(in: text, range: range),
        let family = Range(match.range(at: 1), in: text), let slug = Range(match.range(at: 2), in: text)
      else { continue }
      found.append((url.path, text, "\(text[family])/\(text[slug])"))
    }
    return found.sorted { $0.0 < $1.0 }
  }

  @Test func everyDocumentIsNamedByItsFullInformationLink() throws {
    let documents = try Self.documentsAndLinks()
    #expect(documents.count == 5)
    let workspace = try CLIWorkspace()
    let corpus = try #require(CLIWorkspace.corpus).appendingPathComponent("documentation").path
    let report = try #require(
      try workspace.run("criteria", "import", corpus, "--json").json() as? [String: Any])
    let imported = try #require(report["imported"] as? [[String: Any]])
    let byPath = Dictionary(
      uniqueKeysWithValues: imported.compactMap { entry in
        (entry["path"] as? String).map { ($0, entry["component"] as? String) }
      })
    for document in documents {
      #expect(byPath[document.path] == document.linked, "\(document.path)")
    }
  }

  @Test func everyRecordingBelongsToTheDocumentThatNamesItOrToItsFolders() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let documents = try Self.documentsAndLinks()
    let workspace = try CLIWorkspace()
    try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path)
    try workspace.run("catalog", corpus.appendingPathComponent("media").path)
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(recordings.count >= 8)
    for recording in recordings {
      let path = try #require(recording["path"] as? String)
      let relative = String(path.dropFirst(corpus.path.count + 1))
      let folder = (relative as NSString).deletingLastPathComponent + "/"
      let expected =
        documents.first { $0.text.contains(relative) }?.linked
        ?? documents.first { $0.text.contains(folder) }?.linked
      #expect(expected != nil, "no document names \(relative) or its folder")
      #expect(recording["component"] as? String == expected, "\(relative)")
    }
  }
}
