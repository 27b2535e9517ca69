import ExhibitFuzzing
import Foundation
import Testing

/// The real MagentaA11y documents, recordings and captions pass the fuzz targets' checks, and
/// are read, not refused: the checks hold for the files auditors really have.
@Suite(.enabled(if: Repository.corpus != nil, "../shared/corpus is absent"))
struct CorpusFuzzCheckTests {
  static func files(_ extensions: Set<String>) throws -> [URL] {
    let corpus = try #require(Repository.corpus)
    let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { extensions.contains($0.pathExtension) }
  }

  @Test(arguments: [(FuzzTarget.webvtt, "vtt"), (.media, "webm"), (.criteria, "md")])
  func everyCorpusFileIsReadCleanly(_ target: FuzzTarget, _ fileExtension: String) throws {
    let files = try Self.files([fileExtension])
    #expect(!files.isEmpty)
    for file in files {
      let outcome = target.run(Array(try Data(contentsOf: file)))
      guard case .accepted = outcome else {
        Issue.record("\(file.lastPathComponent): \(outcome)")
        continue
      }
    }
  }
}
