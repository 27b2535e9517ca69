import ExhibitFuzzing
import Foundation
import Testing

/// Every input a fuzzer broke, and every committed seed, replayed through the same checks the
/// fuzz targets make (`Sources/ExhibitFuzzing`), with real SQLite, libavformat and files.
@Suite struct FuzzRegressionTests {
  static let regressions = Repository.root.appendingPathComponent(
    "Tests/ExhibitKitTests/Fixtures/fuzz-regressions")
  static let seeds = Repository.root.appendingPathComponent("Fuzz/Corpus")

  static func inputs(_ folder: URL, _ target: FuzzTarget) throws -> [URL] {
    let url = folder.appendingPathComponent(target.rawValue)
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
      .sorted { $0.path < $1.path }
  }

  static func outcome(_ target: FuzzTarget, _ name: String) throws -> FuzzOutcome {
    let url = regressions.appendingPathComponent("\(target.rawValue)/\(name)")
    return target.run(Array(try Data(contentsOf: url)))
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyKeptInputAndSeedIsHandledCleanly(_ target: FuzzTarget) throws {
    let files = try Self.inputs(Self.regressions, target) + Self.inputs(Self.seeds, target)
    #expect(!files.isEmpty, "no seeds for \(target.rawValue)")
    for file in files {
      let outcome = target.run(Array(try Data(contentsOf: file)))
      #expect(outcome.isClean, "\(file.lastPathComponent): \(outcome)")
    }
  }

  @Test func seedsReachPastTheFirstCheck() throws {
    // Seeds are worth having when they are accepted: the fuzzer mutates what parses.
    for target in FuzzTarget.allCases {
      let accepted = try Self.inputs(Self.seeds, target).filter {
        if case .accepted = target.run(Array(try Data(contentsOf: $0))) { return true }
        return false
      }
      #expect(!accepted.isEmpty, "no seed of \(target.rawValue) is accepted")
    }
  }

  @Test func nulBytesAndQuotesWithCombiningMarksNeverReachFTS5AsSyntax() throws {
    for name in ["nul-inside-unclosed-phrase", "nul-between-phrases", "quote-with-combining-mark"] {
      guard case .accepted = try Self.outcome(.query, name) else {
        Issue.record("\(name): \(try Self.outcome(.query, name))")
        continue
      }
    }
  }

  @Test func aNumberedSlugThatMeetsALabelGetsTheNextNumber() throws {
    guard case .accepted(let text) = try Self.outcome(.criteria, "numbered-slug-meets-label") else {
      Issue.record("the document was not read")
      return
    }
    #expect(text.contains("items"))
  }

  @Test func emptyNamesAreReportedWithAPlaceToLook() throws {
    guard case .refused(let bag) = try Self.outcome(.bag, "empty-manifest-path") else {
      Issue.record("the bag was not refused")
      return
    }
    #expect(!bag.isEmpty)
    guard case .refused = try Self.outcome(.zip, "empty-entry-name") else {
      Issue.record("the zip was not refused")
      return
    }
  }

  @Test func entriesSharingBytesAreRefusedBeforeAnythingIsUnpacked() throws {
    guard case .refused(let text) = try Self.outcome(.zip, "overlapping-entries") else {
      Issue.record("a zip whose 200 entries share one file's bytes was not refused")
      return
    }
    #expect(text.contains("overlaps"))
  }
}
