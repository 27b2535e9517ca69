import ExhibitKit
import Foundation
import Testing

/// Runs on the real MagentaA11y documents in `../shared/corpus` and `../shared/seeds` (skipped when absent) when they
/// are present; skipped otherwise.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusCriteriaTests {
  private var seeds: String {
    CLIWorkspace.repository.deletingLastPathComponent().appendingPathComponent("shared/seeds").path
  }

  @Test func everySeedAndCorpusDocumentImports() throws {
    let workspace = try CLIWorkspace()
    let corpus = try #require(CLIWorkspace.corpus).appendingPathComponent("documentation").path
    let result = try workspace.run("criteria", "import", seeds, corpus, "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try result.json() as? [String: Any])
    let imported = try #require(report["imported"] as? [[String: Any]])
    #expect(imported.count == 9)
    #expect((report["errors"] as? [Any])?.isEmpty == true)
    // The rendered seed page holds developer notes but no criteria list: never a revision.
    let skipped = try #require(report["skipped"] as? [[String: Any]])
    #expect(skipped.map { ($0["path"] as? String ?? "").hasSuffix("002_22daf66c56aa8a40.txt") } == [true])
    #expect(skipped.first?["message"] as? String == CriteriaParser.notCriteria)
    let counts = Dictionary(
      imported.map { ("\($0["component"] ?? "")/\($0["format"] ?? "")", $0["item_count"] as? Int ?? -1) },
      uniquingKeysWith: max)
    #expect(counts["native/checkbox/magenta-markdown"] == 10)
    #expect(counts["native/checkbox/jekyll-front-matter"] == 9)
    #expect(counts["native/checkbox/rendered-text"] == nil)
    #expect(counts["native/date-time-picker/magenta-markdown"] == 11)
    #expect(counts["native/captcha/magenta-markdown"] == 10)
    #expect(counts["native/button/magenta-markdown"] == 10)
    #expect(counts["web/checkbox/magenta-markdown"] == 8)
  }

  @Test func seedCheckboxReadsTheSameFromMarkdownAndJekyll() throws {
    let parser = CriteriaParser()
    func document(_ name: String) throws -> CriteriaDocument {
      let url = URL(fileURLWithPath: seeds).appendingPathComponent(name)
      guard
        case .document(let document) = try parser.parse(
          bytes: Array(try Data(contentsOf: url)), path: url.path)
      else { throw CocoaError(.fileReadCorruptFile) }
      return document
    }
    let markdown = try document("000_06509a087bcf237f.txt")
    let jekyll = try document("001_500e1d8389f43f50.txt")
    #expect(markdown.componentID == "native/checkbox" && jekyll.componentID == "native/checkbox")
    let fromMarkdown = Dictionary(uniqueKeysWithValues: markdown.items.map { ($0.localKey, $0) })
    let shared = jekyll.items.filter { fromMarkdown[$0.localKey] != nil }
    #expect(shared.count == 8)
    for item in shared {
      #expect(item.platforms == fromMarkdown[item.localKey]?.platforms)
    }
    for key in ["keyboard.spacebar", "keyboard.enter", "gestures.swipe", "gestures.doubletap"] {
      #expect(jekyll.items.first { $0.localKey == key }?.expectation == fromMarkdown[key]?.expectation)
    }
    #expect(fromMarkdown["keyboard.enter"]?.platforms == [.android])
    let captcha = try document("004_8b557b6482eb0a84.txt")
    #expect(captcha.items.first { $0.localKey == "screenreader.group" }?.notApplicable == true)
    #expect(captcha.items.first { $0.localKey == "settings.text-resize" }?.notApplicable == true)
  }
}
