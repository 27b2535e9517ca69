import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A temporary workspace holding copies of the sample `Media/` and a fresh database, the
/// fixture most suites start from, with the sample's names and the states tests build on.
final class SampleWorkspace {
  let folder: TemporaryFolder
  let store: Store
  var media: String { folder.path("Media") }

  init() throws {
    folder = try TemporaryFolder()
    try FileManager.default.copyItem(
      atPath: Repository.root.appendingPathComponent("Media").path, toPath: folder.path("Media"))
    store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
  }

  func catalogue(_ paths: [String]? = nil, examiner: RecordingExaminer? = nil, batchSize: Int = 64)
    async throws -> CatalogueSummary
  {
    let cataloguer = Cataloguer(store: store, actor: "tester")
    cataloguer.batchSize = batchSize
    if let examiner { cataloguer.examiner = examiner }
    return try await cataloguer.run(CatalogueScope(paths: paths ?? [media]))
  }

  func path(_ relative: String) -> String { (media as NSString).appendingPathComponent(relative) }

  func count(_ sql: String, _ values: [any SQLBindable] = []) throws -> Int {
    try store.connection.first(sql, values)?.int("n") ?? -1
  }
}

extension SampleWorkspace {
  /// The sample screenshot (an iOS checkbox at 200% text size), relative to `Media/`.
  static let screenshot = "native/checkbox/checkbox_iOS_TextSize200.png"
  /// The sample recordings, relative to `Media/`.
  static let voiceOver = "native/checkbox/checkboxVoiceOver.webm"
  static let talkBack = "native/checkbox/checkbox_AndroidTalkback.webm"
  static let nvda = "web/checkbox/checkbox_WindowsNvdaChrome.webm"
  /// The sample recordings, relative to the repository.
  static let samples = [
    "Media/native/checkbox/checkboxVoiceOver.webm", "Media/native/checkbox/checkbox_AndroidTalkback.webm",
    "Media/web/checkbox/checkbox_WindowsNvdaChrome.webm",
  ]
  /// The sample checkbox's screen-reader items.
  static let role = "native/checkbox#screenreader.role"
  static let state = "native/checkbox#screenreader.state"

  /// The native checkbox's criteria imported and `Media/` catalogued.
  static func catalogued() async throws -> SampleWorkspace {
    let workspace = try SampleWorkspace()
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)], actor: "t")
    _ = try await workspace.catalogue()
    return workspace
  }

  /// ``catalogued()`` with the web checkbox's criteria too, so its recording is placed.
  static func searchable() async throws -> SampleWorkspace {
    let workspace = try await catalogued()
    _ = try workspace.store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.sampleWeb)], actor: "t")
    return workspace
  }

  /// ``catalogued()`` with two verdicts on iOS: the role passes over a segment (with a note that
  /// holds markup), the state fails.
  static func judged() async throws -> SampleWorkspace {
    let workspace = try await catalogued()
    var role = workspace.linkRequest(from: 0.4, to: 5.2)
    role.note = "says \"checkbox\" <clearly> & once"
    _ = try workspace.store.link(role)
    _ = try workspace.store.link(workspace.linkRequest(state, .fail))
    return workspace
  }

  /// A link request by `ana` on one of the sample recordings.
  func linkRequest(
    _ item: String = role, _ verdict: Verdict = .pass, from: Double? = nil, to: Double? = nil,
    file: String = voiceOver, override: Bool = false
  ) -> LinkRequest {
    LinkRequest(
      recording: path(file), item: item, verdict: verdict, from: from, to: to, auditor: "ana",
      note: "heard it", overridePlatform: override)
  }

  /// Exports the native checkbox's bundle for a platform, dated 2026-11-21.
  func exportBundle(zip: Bool = false, out: String = "out", platform: Platform = .ios) throws -> BundleResult
  {
    try EvidenceBundler.export(
      BundleRequest(
        component: "native/checkbox", platform: platform, outFolder: folder.path(out), zip: zip,
        date: "2026-11-21"), from: store)
  }

  /// The SHA-256 of a file, by coreutils' `sha256sum`: a second opinion on Exhibit's hashing.
  static func sha256sum(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
  }
}

/// Changing bytes in place, to forge a file.
enum Bytes {
  /// Flips the lowest bit of the byte at `offset`.
  static func flip(_ path: String, at offset: UInt64 = 10) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    let byte = try #require(try handle.read(upToCount: 1))
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data([byte[0] ^ 0x01]))
  }
}
