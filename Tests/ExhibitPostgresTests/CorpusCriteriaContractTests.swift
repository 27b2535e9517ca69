import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The real MagentaA11y documents and the seed documents imported into SQLite and into
/// PostgreSQL: the same outcomes, components, documents and items from both. Skipped when
/// `../shared/corpus` is absent.
@Suite(.enabled(if: corpusDocuments != nil, "../shared/corpus is absent"))
struct CorpusCriteriaContractTests {
  /// `../shared/seeds`: a document in each of the three formats.
  static let seeds = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/seeds")

  /// What a backend holds after importing the corpus: outcomes, listing, and every component's
  /// criteria on every platform.
  static func imported(_ backend: Backend, _ documents: [CriteriaDocument]) async throws -> [String] {
    try await withEmptyCatalogue(backend) { catalogue in
      var lines = try await catalogue.importCriteria(documents, actor: "corpus").map { "\($0)" }
      let listing = try await catalogue.criteriaDocuments(component: nil, platform: nil)
      lines += listing.map(listingLine)
      for component in Set(listing.map(\.component)).sorted() {
        for platform in [nil] + Platform.allCases {
          do {
            lines.append(
              criteriaText(try await catalogue.componentCriteria(component, platform: platform))
            )
          } catch let error as LookupError {
            lines.append("\(error)")
          }
        }
      }
      return lines
    }
  }

  @Test func theCorpusReadsTheSameFromBothBackends() async throws {
    let corpus = try #require(corpusDocuments)
    var paths = [corpus.path]
    if FileManager.default.fileExists(atPath: Self.seeds.path) { paths.append(Self.seeds.path) }
    let batch = CriteriaFiles.read(paths, parser: CriteriaParser())
    #expect(batch.errors.isEmpty, "\(batch.errors)")
    #expect(batch.documents.count >= 5)
    let sqlite = try await Self.imported(.sqlite, batch.documents)
    let postgres = try await Self.imported(.postgres, batch.documents)
    #expect(sqlite.count == postgres.count)
    for (one, other) in zip(sqlite, postgres) where one != other {
      Issue.record("SQLite and PostgreSQL differ:\n\(one)\n\(other)")
    }
    #expect(sqlite.filter { $0.hasPrefix("imported") }.count == batch.documents.count)
  }
}
