import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The recordings seam, the same catalogue runs over the same files on SQLite and on PostgreSQL:
/// new files, a rerun, a copy, a move, a file gone, an unreadable file, a changed caption and
/// caption files without a recording. Both backends must report the same runs, list the same
/// recordings and record the same audit events, as well as the facts each step names.
@Suite(.serialized) struct RecordingContractTests {
  static let checkbox = ComponentID(family: .native, slug: "checkbox")

  /// What one backend answered to the sequence in ``answers(_:)``.
  struct Answers: Equatable, Sendable {
    var runs: [String] = []
    var orphans: [[String]] = []
    var listings: [[String]] = []
    var details: [String] = []
    var events: [String] = []
    var chainValid = false
  }

  /// The folder the runs catalogue: the same path for both backends, so paths compare as they are.
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "exhibit-recording-contract-\(getpid())")

  /// The sample media (three videos with captions, a screenshot) copied into ``folder``, fresh
  /// for each backend.
  static func freshFolder() throws -> URL {
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["native", "web"] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Media/\(name)"), to: folder.appendingPathComponent(name))
    }
    return folder
  }

  /// One run as a line: its counts, moves, copies, missing paths and problems, paths relative to
  /// the folder.
  static func line(_ summary: CatalogueSummary) -> String {
    let root = folder.path + "/"
    func relative(_ path: String) -> String { path.replacingOccurrences(of: root, with: "") }
    return [
      "scanned \(summary.scanned) added \(summary.added) updated \(summary.updated)",
      "unchanged \(summary.unchanged) failed \(summary.failed)",
      "moved "
        + summary.moved.map { "\($0.from.map(relative)) -> \(relative($0.path))" }.joined(separator: ";"),
      "copies " + summary.duplicates.map { "\(relative($0.path)) = \($0.sameAs.map(relative))" }.joined(),
      "missing " + summary.missing.map(relative).joined(separator: ","),
      "errors " + summary.errors.map { relative($0.description) }.joined(separator: ";"),
      "warnings \(summary.warnings.count)",
    ].joined(separator: " | ")
  }

  // Long: one sequence, step by step, so both backends see exactly the same.
  static func answers(_ backend: Backend) async throws -> Answers {
    let folder = try freshFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = FileManager.default
    let native = folder.appendingPathComponent("native/checkbox")
    let scope = { CatalogueScope(paths: [folder.path]) }
    let documents = try ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map(
      criteriaDocument)
    return try await withEmptyCatalogue(backend) { catalogue in
      var answers = Answers()
      func catalogueOnce() async throws {
        let summary = try await catalogue.catalogueRecordings(
          scope(), actor: "Ana", batchSize: 2, storage: nil, progress: nil)
        answers.runs.append(line(summary))
        answers.orphans.append(try await catalogue.noteOrphanCaptions(summary.orphanCaptions))
        answers.listings.append(
          try await catalogue.recordings(component: nil, platform: nil, status: nil, unattributed: false).map
          {
            "\($0.component ?? "-") \($0.platform ?? "-") \($0.assistiveTech ?? "-") \($0.status.rawValue) "
              + "\($0.missing) \($0.sha256 ?? "-") \($0.path.replacingOccurrences(of: folder.path, with: ""))"
          })
      }
      // Catalogued before the criteria are imported, attributed again once they are.
      try await catalogueOnce()
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      try await catalogueOnce()
      // A copy, a move, and a caption with no recording beside it.
      try files.copyItem(
        at: native.appendingPathComponent("checkboxVoiceOver.webm"),
        to: folder.appendingPathComponent("copy-of-voiceover.webm"))
      try files.createDirectory(at: folder.appendingPathComponent("moved"), withIntermediateDirectories: true)
      try files.moveItem(
        at: native.appendingPathComponent("checkbox_AndroidTalkback.webm"),
        to: folder.appendingPathComponent("moved/checkbox_AndroidTalkback.webm"))
      try await catalogueOnce()
      // A file gone, an unreadable one, a caption changed.
      try files.removeItem(at: folder.appendingPathComponent("copy-of-voiceover.webm"))
      try Data("not a recording".utf8).write(to: folder.appendingPathComponent("broken.webm"))
      let caption = native.appendingPathComponent("checkboxVoiceOver-en-US.vtt")
      try (String(contentsOf: caption, encoding: .utf8) + "\n00:09.000 --> 00:10.000\nA cue added later.\n")
        .write(to: caption, atomically: false, encoding: .utf8)
      try await catalogueOnce()
      try await catalogueOnce()
      // An auditor sets what the file name could not say; a wrong field changes nothing.
      let voiceOver = native.appendingPathComponent("checkboxVoiceOver.webm").path
      try await catalogue.setRecording(
        voiceOver, RecordingCorrection(osVersion: "iOS 17.4", device: "iPhone 15"), actor: "Bo",
        currentDirectory: folder.path)
      do {
        try await catalogue.setRecording(
          voiceOver, RecordingCorrection(platform: .windows), actor: "Bo", currentDirectory: folder.path)
        answers.details.append("set a Windows platform on a native component")
      } catch {
        answers.details.append("\(error)")
      }
      for reference in [voiceOver, "broken.webm", "moved/checkbox_AndroidTalkback.webm", "0000"] {
        do {
          let detail = try await catalogue.recordingDetail(reference, currentDirectory: folder.path)
          answers.details.append(
            "\(detail.recording.sha256 ?? "-") \(detail.attribution) paths \(detail.paths.map(\.path)) "
              + "streams \(detail.streams.count) captions \(detail.captions.map { "\($0.path) \($0.cues.count)" }) "
              + "links \(detail.links.count)")
        } catch {
          answers.details.append("\(error)")
        }
      }
      answers.events = try await auditLines(of: catalogue)
      answers.chainValid = try await catalogue.verifyAuditChain().problems.isEmpty
      return answers
    }
  }

  @Test func bothBackendsCatalogueTheSame() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite.runs == postgres.runs)
    #expect(sqlite.orphans == postgres.orphans)
    #expect(sqlite.listings == postgres.listings)
    #expect(sqlite.details == postgres.details)
    // Files are read in parallel and handed to the writer as it is free, so a run's events may
    // come in another order: the events are compared without their ids, as a set.
    #expect(unorderedEvents(sqlite.events) == unorderedEvents(postgres.events))
    #expect(sqlite.chainValid && postgres.chainValid)
  }

  @Test(arguments: Backend.allCases)
  func eachStepIsWhatTheFilesSay(_ backend: Backend) async throws {
    let answers = try await Self.answers(backend)
    try #require(answers.runs.count == 5)
    #expect(answers.runs[0].hasPrefix("scanned 4 added 4 updated 0 | unchanged 0 failed 0"))
    #expect(answers.runs[1].hasPrefix("scanned 4 added 0 updated 0 | unchanged 4 failed 0"))
    #expect(
      answers.runs[2].contains("copies copy-of-voiceover.webm = [\"native/checkbox/checkboxVoiceOver.webm\"]")
    )
    #expect(
      answers.runs[2].contains(
        "moved [\"native/checkbox/checkbox_AndroidTalkback.webm\"] -> moved/checkbox_AndroidTalkback.webm"))
    #expect(answers.runs[3].contains("missing copy-of-voiceover.webm"))
    #expect(answers.runs[3].contains("errors broken.webm:"))
    #expect(answers.runs[4].contains("unchanged 4 failed 1"))
    // The Android caption lost its recording when the video moved: an orphan, reported once.
    #expect(answers.orphans[2].count == 1)
    #expect(answers.orphans[3].isEmpty)
    #expect(answers.listings[0].count == 4)
    // No component is known before the criteria are; the import attributes every recording.
    #expect(answers.listings[0].allSatisfy { $0.hasPrefix("- ") })
    #expect(
      answers.listings[1].allSatisfy { $0.hasPrefix("native/checkbox") || $0.hasPrefix("web/checkbox") })
    #expect(answers.listings[4].contains { $0.contains(" error ") && $0.hasSuffix("/broken.webm") })
    let actions = answers.events.map { $0.split(separator: " ")[2] }
    // Three videos, a screenshot and the unreadable file.
    #expect(actions.filter { $0 == "recording.catalog" }.count == 5)
    #expect(actions.contains("recording.move"))
    #expect(actions.contains("recording.missing"))
    #expect(actions.filter { $0 == "caption.index" }.count == 4)
    #expect(answers.details.count == 5)
    #expect(answers.details[0].contains("windows"), "\(answers.details[0])")
    #expect(answers.details[1].contains("iPhone 15") && answers.details[1].contains("iOS 17.4"))
    #expect(answers.details[1].contains("checkboxVoiceOver-en-US.vtt 3"), "\(answers.details[1])")
    #expect(answers.details[2].contains("streams 0"))
    #expect(answers.details[4].contains("0000"), "\(answers.details[4])")
    #expect(actions.filter { $0 == "recording.attribute" }.count == 5)
    #expect(answers.chainValid)
  }
}
