import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// An audit's progress matrix and its comparison with the round before (both read by position,
/// for large audits) say what ``Coverage`` says by the verdict rule, component by component and
/// column by column, on random audits: links
/// to recordings, a screenshot and observations, with and without a screen reader, on items of
/// every section; retractions; a retest with carried verdicts, some judged again and some
/// confirmed. On SQLite and on PostgreSQL.
@Suite(.serialized) struct AuditStandingPropertyTests {
  /// A small generator with a fixed seed, so that a failure can be replayed (SplitMix64).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
  }

  static let media = repositoryRoot.appendingPathComponent("Media")
  static let recordings = [
    "native/checkbox/checkboxVoiceOver.webm", "native/checkbox/checkbox_AndroidTalkback.webm",
    "native/checkbox/checkbox_iOS_TextSize200.png", "web/checkbox/checkbox_WindowsNvdaChrome.webm",
  ].map { media.appendingPathComponent($0).path }

  /// What a round of random requests did: the ones refused by the rules are part of the test.
  static func randomRound(
    _ catalogue: any ContractCatalogue, items: [String], generator: inout Generator, audit: String
  ) async throws {
    var made: [Int64] = []
    for _ in 0..<30 {
      let item = generator.pick(items)
      let verdict = generator.pick([Verdict.pass, .pass, .fail, .notApplicable, .untested])
      var request = LinkRequest(
        recording: nil, item: item, verdict: verdict, from: nil, to: nil, auditor: "Ana", note: "seen",
        overridePlatform: false, overrideComponent: false, audit: audit, environment: LinkEnvironment())
      switch generator.next(4) {
      case 0:
        request.observedPlatform = generator.pick([Platform.ios, .android, .windows])
        request.observedAssistiveTech = generator.pick([nil, .voiceover, .talkback, .jaws])
      default:
        request.recording = generator.pick(recordings)
        request.overridePlatform = generator.next(3) == 0
      }
      if let link = try? await catalogue.link(request) { made.append(link.id) }
      if !made.isEmpty, generator.next(6) == 0 {
        _ = try? await catalogue.unlink(generator.pick(made), reason: "wrong", actor: "Ana", audit: audit)
      }
      if generator.next(5) == 0 {
        let column = CarriedColumn(
          platform: generator.pick([nil, Platform.ios, .android]),
          assistiveTech: generator.pick([nil, "voiceover", "talkback"]))
        _ = try? await catalogue.confirmCarried(item, audit: audit, column: column, note: nil, actor: "Bo")
      }
    }
  }

  /// Every row, cell and total of `audit`'s progress against the coverage of its components.
  static func expectProgressIsCoverage(_ catalogue: any ContractCatalogue, audit: String, seed: UInt64)
    async throws
  {
    let progress = try await catalogue.auditProgress(audit)
    var summed = CoverageTally()
    for row in progress.rows {
      let coverage = try await catalogue.coverage(row.component, platform: nil, audit: audit)
      let label = "seed \(seed), audit \(audit), \(row.component)"
      #expect(row.total == coverage.tally, "\(label): total")
      for (column, cell) in zip(progress.columns, row.cells) {
        let expected =
          coverage.columns.contains(column) ? coverage.tally(column: column) : CoverageTally()
        #expect((cell ?? CoverageTally()) == expected, "\(label), \(column)")
      }
      summed.add(row.total)
    }
    let tallies = try #require(progress.audit.tallies)
    let stated: [Int] = [
      tallies.passed, tallies.failed, tallies.conflicts, tallies.notApplicable, tallies.gaps,
    ]
    let counted: [Int] = [summed.pass, summed.fail, summed.conflicts, summed.notApplicable, summed.gaps]
    #expect(stated == counted, "seed \(seed), audit \(audit): tallies")
  }

  /// Every row of `audit compare` (also read by position) says what coverage says of its item
  /// and column in each round, and every cell coverage judged in the retest has its row.
  static func expectComparisonIsCoverage(
    _ catalogue: any ContractCatalogue, old: String, new: String, seed: UInt64
  ) async throws {
    let comparison = try await catalogue.compareAudits(old, new, component: nil, platform: nil)
    #expect(!comparison.rows.isEmpty, "seed \(seed): nothing compared")
    var coverage: [String: Coverage] = [:]
    func cell(
      _ audit: String, _ component: ComponentID, _ item: ItemKey, _ platform: Platform, _ tech: String?
    )
      async throws -> Coverage.Cell?
    {
      let key = "\(audit) \(component)"
      if coverage[key] == nil {
        coverage[key] = try await catalogue.coverage(component, platform: nil, audit: audit)
      }
      return coverage[key]?.items.first { $0.key == item }?.cells.first {
        $0.platform == platform && $0.assistiveTech == tech
      }
    }
    var compared = Set<String>()
    for row in comparison.rows {
      let label = "seed \(seed), \(row.item) \(row.platform)/\(row.assistiveTech ?? "-")"
      compared.insert("\(row.item) \(row.platform) \(row.assistiveTech ?? "-")")
      if let judged = try await cell(new, row.component, row.item, row.platform, row.assistiveTech) {
        #expect(judged.verdict == row.newVerdict, "\(label): new")
      }
      if let judged = try await cell(old, row.component, row.item, row.platform, row.assistiveTech) {
        #expect(judged.verdict == row.oldVerdict, "\(label): old")
      }
    }
    for component in ["native/checkbox", "web/checkbox"].compactMap(ComponentID.init) {
      let retest = try await catalogue.coverage(component, platform: nil, audit: new)
      for item in retest.items {
        for cell in item.cells where cell.links > 0 {
          #expect(
            compared.contains("\(item.key) \(cell.platform) \(cell.assistiveTech ?? "-")"),
            "seed \(seed): \(item.key) \(cell.platform)/\(cell.assistiveTech ?? "-") has no row")
        }
      }
    }
  }

  @Test(arguments: Backend.allCases) func theProgressMatrixCountsWhatCoverageCounts(_ backend: Backend)
    async throws
  {
    let documents = try ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map(
      criteriaDocument)
    try await withEmptyCatalogue(backend) { catalogue in
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: [Self.media.path]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      let items = try await ["native/checkbox", "web/checkbox"].asyncFlatMap { name in
        try await catalogue.componentCriteria(try #require(ComponentID(name)), platform: nil).items.map {
          $0.key.description
        }
      }
      _ = try await catalogue.addProduct(name: "Acme", platforms: [], url: nil, actor: "Ana")
      for seed in [UInt64(1), 2, 3] {
        var generator = Generator(state: seed)
        let first = "Acme@\(seed).0"
        _ = try await catalogue.newAudit(
          product: "Acme", release: "\(seed).0", from: nil, scope: [], platforms: [], actor: "Ana")
        try await Self.randomRound(catalogue, items: items, generator: &generator, audit: first)
        try await Self.expectProgressIsCoverage(catalogue, audit: first, seed: seed)
        _ = try await catalogue.closeAudit(first, actor: "Ana")
        let retest = "Acme@\(seed).1"
        _ = try await catalogue.newAudit(
          product: "Acme", release: "\(seed).1", from: first, scope: [], platforms: [], actor: "Ana")
        try await Self.randomRound(catalogue, items: items, generator: &generator, audit: retest)
        try await Self.expectProgressIsCoverage(catalogue, audit: retest, seed: seed)
        try await Self.expectProgressIsCoverage(catalogue, audit: first, seed: seed)
        try await Self.expectComparisonIsCoverage(catalogue, old: first, new: retest, seed: seed)
        _ = try await catalogue.closeAudit(retest, actor: "Ana")
      }
    }
  }
}

extension Array {
  /// The elements `transform` gives for each, in order, awaiting each in turn.
  fileprivate func asyncFlatMap<T>(_ transform: (Element) async throws -> [T]) async throws -> [T] {
    var result: [T] = []
    for element in self { result += try await transform(element) }
    return result
  }
}
