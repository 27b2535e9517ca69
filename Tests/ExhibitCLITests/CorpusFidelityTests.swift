import ExhibitKit
import Foundation
import Testing

/// Right answers on the real MagentaA11y documents and recordings in `../shared/corpus`
/// (skipped when absent): every document under its file name, every item's text as its source
/// bullet writes it (continuation lines joined, nested bullets as lines), every recording
/// attributed to an imported component or honestly unattributed.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusFidelityTests {
  /// The markdown documents of the corpus.
  static func documents() throws -> [URL] {
    let root = try #require(CLIWorkspace.corpus).appendingPathComponent("documentation")
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }.sorted {
      $0.path < $1.path
    }
  }

  /// The Condensed section's items as the source writes them, read independently of the parser:
  /// `- Label: text`, lines that go on with it joined by a space, nested bullets as lines.
  static func sourceItems(_ text: String) -> [String] {
    var items: [[String]] = []
    var inCondensed = false
    var inList = false
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("## ") {
        inCondensed = trimmed.lowercased().hasPrefix("## condensed")
        continue
      }
      guard inCondensed else { continue }
      if trimmed.first?.isNumber == true, trimmed.contains(". ") {
        inList = true
        continue
      }
      let indent = line.prefix { $0 == " " }.count
      if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
        guard inList else { continue }
        let body = String(trimmed.dropFirst(2))
        if indent > 4, !items.isEmpty {
          items[items.count - 1].append(body)
        } else if let colon = body.range(of: ": ") {
          items.append([String(body[colon.upperBound...])])
        } else {
          items.append([body])
        }
      } else if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("Full information") {
        if trimmed.hasPrefix("#") || trimmed.hasPrefix("Full information") { inList = false }
      } else if inList, !items.isEmpty, indent > 0 || !items.isEmpty {
        items[items.count - 1][items[items.count - 1].count - 1] += " " + trimmed
      }
    }
    return items.map { lines in lines.map(Self.normalised).joined(separator: "\n") }
  }

  /// White space collapsed and a closing period dropped, as an expectation is stored.
  static func normalised(_ line: String) -> String {
    var text = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    while text.hasSuffix(".") && !text.hasSuffix("..") { text.removeLast() }
    return text
  }

  @Test func everyDocumentIsNamedByItsFileAndKeepsEveryLineOfItsItems() throws {
    let workspace = try CLIWorkspace()
    let documents = try Self.documents()
    #expect(!documents.isEmpty)
    let result = try workspace.run(
      ["criteria", "import", "--json"] + documents.map(\.path))
    let report = try #require(try result.json() as? [String: Any])
    #expect((report["errors"] as? [Any])?.isEmpty == true, "\(result.stderr)")
    for url in documents {
      let family = url.pathComponents.last { $0 == "native" || $0 == "web" } ?? "?"
      let component = "\(family)/\(url.deletingPathExtension().lastPathComponent)"
      let shown = try #require(
        try workspace.run("criteria", "show", component, "--json").json() as? [String: Any], "\(component)")
      let stored = (shown["items"] as? [[String: Any]] ?? []).compactMap { $0["expectation"] as? String }
      let source = Self.sourceItems(try String(contentsOf: url, encoding: .utf8))
      #expect(!source.isEmpty, "\(component)")
      #expect(stored == source, "\(component)")
    }
  }

  @Test func everyRecordingIsAttributedToAnImportedComponentOrUnattributed() throws {
    let workspace = try CLIWorkspace()
    let corpus = try #require(CLIWorkspace.corpus)
    try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path)
    try workspace.run("catalog", corpus.appendingPathComponent("media").path)
    let components = Set(
      try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
        .compactMap { $0["component"] as? String })
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(!recordings.isEmpty)
    for recording in recordings {
      guard let component = recording["component"] as? String else { continue }
      #expect(components.contains(component), "\(recording["path"] ?? "") is attributed to \(component)")
    }
  }
}
