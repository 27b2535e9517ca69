import Foundation
import Testing

/// `exhibit search` on the real MagentaA11y documents and captions, checked against the .vtt
/// files themselves; skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusSearchTests {
  static func prepared() throws -> (CLIWorkspace, URL) {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    return (workspace, corpus)
  }

  /// Each recording's caption words, lowercased, from the sidecar files beside it.
  static func captionWords(_ corpus: URL) throws -> [String: Set<String>] {
    var words: [String: Set<String>] = [:]
    let media = corpus.appendingPathComponent("media")
    let files = FileManager.default.enumerator(atPath: media.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".vtt") {
      let path = media.appendingPathComponent(file).path
      let recording = path.replacingOccurrences(of: "-en-US.vtt", with: ".webm")
      guard FileManager.default.fileExists(atPath: recording) else { continue }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let spoken = text.split(whereSeparator: \.isNewline).filter { !$0.contains("-->") && $0 != "WEBVTT" }
      words[recording, default: []].formUnion(
        spoken.joined(separator: " ").lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }
    return words
  }

  static func hits(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [[String: Any]] {
    let result = try workspace.run(["search"] + arguments + ["--json", "--limit", "1000"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require((try result.json() as? [String: Any])?["hits"] as? [[String: Any]])
  }

  @Test func captionSearchFindsExactlyTheRecordingsThatSaidIt() throws {
    let (workspace, corpus) = try Self.prepared()
    let words = try Self.captionWords(corpus)
    #expect(words.count >= 6)
    // Words whose other forms do not occur in these captions, so stemming adds nothing.
    for word in ["checkbox", "button", "dimmed", "double", "email", "selected", "unchecked", "alpha"] {
      let expected = Set(words.filter { $0.value.contains(word) }.keys)
      let found = Set(
        try Self.hits(workspace, word, "--kind", "captions").compactMap { $0["recording"] as? String })
      #expect(found == expected, "\(word)")
    }
  }

  @Test func filtersHoldOnTheCorpus() throws {
    let (workspace, _) = try Self.prepared()
    let android = try Self.hits(workspace, "checked", "--kind", "captions", "--platform", "android")
    #expect(!android.isEmpty)
    #expect(android.allSatisfy { $0["platform"] as? String == "android" })
    let native = try Self.hits(
      workspace, "checked", "--component", "native/checkbox", "--platform", "android")
    #expect(!native.isEmpty)
    #expect(native.allSatisfy { $0["component"] as? String == "native/checkbox" })
    #expect(native.allSatisfy { ($0["platforms"] as? [String])?.contains("android") == true })
    let windows = try Self.hits(workspace, "checkbox", "--component", "web/checkbox", "--platform", "windows")
    #expect(windows.contains { $0["kind"] as? String == "captions" })
    #expect(windows.allSatisfy { $0["component"] as? String == "web/checkbox" })
  }

  @Test func criteriaSearchFindsTheItemAReviewerMeans() throws {
    let (workspace, _) = try Self.prepared()
    let resize = try Self.hits(
      workspace, "text resize", "--component", "native/checkbox", "--kind", "criteria")
    #expect(resize.first?["item"] as? String == "native/checkbox#settings.text-resize")
    let dimmed = try Self.hits(workspace, "dimmed", "--component", "native/button", "--kind", "criteria")
    #expect(dimmed.contains { $0["item"] as? String == "native/button#screenreader.state" })
    let spacebar = try Self.hits(
      workspace, "spacebar toggles", "--component", "web/checkbox", "--kind", "criteria")
    #expect((spacebar.first?["item"] as? String)?.hasPrefix("web/checkbox#keyboard") == true)
  }
}
