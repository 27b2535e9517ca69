import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// Bundles and verification, the same requests on SQLite and on PostgreSQL: a verified catalogue,
/// a component's bag with the same files, payload and verdicts, a bag that verifies against the
/// catalogue it came from, an audit's bags, and a bag refused for a component no criteria name.
/// What differs between two runs (times, the audit chain's hashes, signing keys) is left out.
@Suite(.serialized) struct BundleContractTests {
  static let voiceOver = repositoryRoot.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver.webm")
    .path

  /// What one engine answered.
  struct Answers: Equatable {
    var steps: [String] = []
    /// The bag's files, each with its SHA-256 when it is payload that does not depend on time.
    var bagFiles: [String] = []
  }

  // Long: one sequence, step by step, so both engines see exactly the same.
  static func answers(_ backend: Backend) async throws -> Answers {
    let documents = try ["Criteria/native/controls/checkbox.md"].map(criteriaDocument)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-bags-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await withEmptyCatalogue(backend) { catalogue in
      var answers = Answers()
      let steps = ContractSteps()
      let step = steps.step
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: [voiceOver]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      _ = try await catalogue.addProduct(name: "Acme App", platforms: [.ios], url: nil, actor: "Ana")
      _ = try await catalogue.newAudit(
        product: "Acme App", release: "1.0", from: nil, scope: ["native/checkbox"], platforms: [.ios],
        actor: "Ana")
      for (item, verdict) in [("screenreader.role", Verdict.pass), ("screenreader.state", .fail)] {
        _ = try await catalogue.link(
          LinkRequest(
            recording: voiceOver, item: "native/checkbox#\(item)", verdict: verdict, from: 1, to: 2,
            auditor: "Ana", note: "heard", overridePlatform: false, overrideComponent: false, audit: nil,
            environment: LinkEnvironment()))
      }
      await step("verify") {
        let report = try await catalogue.verifyCatalogue()
        return "valid \(report.valid), \(report.events) events, problems \(report.problems.map(\.problem))"
      }
      var request = BundleRequest(
        component: "native/checkbox", platform: .ios, outFolder: folder.appendingPathComponent("one").path,
        date: "2026-11-27")
      request.audit = "1"
      var bag: String?
      await step("bundle") {
        let result = try await catalogue.exportBundle(request)
        bag = result.path
        return "\(result.files) files, \(result.overallStatus), gaps \(result.gaps.count), "
          + "signed \(result.signedBy != nil)"
      }
      if let bag {
        answers.bagFiles = try Self.files(of: bag)
        await step("verify the bag") {
          let report = try await catalogue.verifyBag(
            bag, named: "catalogue", keyPath: folder.appendingPathComponent("absent.key").path,
            requireSignature: false)
          return "valid \(report.valid), \(report.files) files, problems \(report.problems.map(\.problem))"
        }
      }
      await step("unknown component") {
        var unknown = request
        unknown.component = "native/nothing"
        return try await catalogue.exportBundle(unknown).path
      }
      await step("the audit's bags") {
        var all = request
        all.outFolder = folder.appendingPathComponent("all").path
        let export = try await catalogue.exportAuditBundles(all) { _, _, _ in }
        return "\(export.bundles.count) bags, failures \(export.failures)"
      }
      answers.steps = steps.lines
      return answers
    }
  }

  /// The bag's files by path; payload files with their SHA-256 (recordings and captions,
  /// which no run changes), tag and report files by name alone.
  static func files(of bag: String) throws -> [String] {
    let root = URL(fileURLWithPath: bag)
    guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var files: [String] = []
    for case let url as URL in walk
    where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
      let path = String(url.path.dropFirst(root.path.count + 1))
      let stable = path.hasSuffix(".webm") || path.hasSuffix(".vtt")
      files.append(stable ? "\(path) \(try FileHasher().hash(url.path).sha256)" : path)
    }
    return files.sorted()
  }

  @Test func bothEnginesBundleAndVerifyAlike() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    expectAlike(sqlite.steps, postgres.steps)
    #expect(sqlite.bagFiles == postgres.bagFiles)
    #expect(sqlite.steps.first?.hasPrefix("verify: valid true, ") == true)
    #expect(sqlite.steps.contains { $0.hasPrefix("bundle: ") && $0.contains("fail") })
    #expect(sqlite.steps.contains { $0.hasPrefix("verify the bag: valid true") })
    #expect(sqlite.steps.contains { $0.hasPrefix("unknown component: refused: ") })
    #expect(sqlite.steps.contains("the audit's bags: 1 bags, failures []"))
    let recording = try FileHasher().hash(Self.voiceOver).sha256
    #expect(sqlite.bagFiles.contains { $0.hasSuffix(".webm \(recording)") })
  }
}
