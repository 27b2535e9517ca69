import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit recordings speech RECORDING FILE [--offset SECONDS] [--replace]`
struct RecordingsSpeech: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "speech",
    abstract: "Import what the screen reader logged that it said, as a timed transcript of a recording.",
    discussion: """
      FILE is NVDA's log at input/output level (its "Speaking [...]" lines and their times), \
      a Guidepup spoken phrase log (a JSON array of phrases), AT Driver's captured output \
      (interaction.capturedOutput events, as JSON lines or an array), or plain text, one phrase a \
      line. NVDA's log is placed by --offset (the second of the recording at which its first entry \
      was said) or, without it, by matching its phrases against what Exhibit heard in the \
      recording (exhibit listen); the other logs have no times and are placed by that matching \
      alone. The transcript is written beside the recording as NAME.speech.vtt and catalogued \
      like any caption file: audited, searched and bundled.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var media: MediaOptions
  @Argument(help: "The recording: its path, or a prefix of its SHA-256.")
  var recording: String
  @Argument(help: "The speech log.")
  var file: String
  @Option(help: "Where in the recording the log's first entry was said, in seconds (NVDA logs).")
  var offset: Double?
  @Flag(help: "Replace the recording's speech transcript when it has one.")
  var replace = false

  func validate() throws {
    if let offset, !offset.isFinite || offset < -86_400 || offset > 86_400 {
      throw ValidationError("--offset must be a number of seconds within a day")
    }
  }

  var writes: Bool { true }

  /// What the import did, as `--json` prints it.
  struct Report: Encodable {
    var recording: String
    var log: String
    var format: SpeechLog.Format
    var entries: Int
    var cues: Int
    var placedBy: SpeechLogAlignment.Method
    var offsetSeconds: Double?
    var matched: Int
    var outside: Int
    var captionFile: String

    private enum CodingKeys: String, CodingKey {
      case recording, log, format, entries, cues, matched, outside
      case placedBy = "placed_by", offsetSeconds = "offset_seconds", captionFile = "caption_file"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(recording, forKey: .recording)
      try container.encode(log, forKey: .log)
      try container.encode(format, forKey: .format)
      try container.encode(entries, forKey: .entries)
      try container.encode(cues, forKey: .cues)
      try container.encode(placedBy, forKey: .placedBy)
      try container.encode(offsetSeconds, forKey: .offsetSeconds)
      try container.encode(matched, forKey: .matched)
      try container.encode(outside, forKey: .outside)
      try container.encode(captionFile, forKey: .captionFile)
    }
  }

  func body(with opener: any CatalogueOpener) async throws {
    let here = FileManager.default.currentDirectoryPath
    let logPath = file.hasPrefix("/") ? file : (here as NSString).appendingPathComponent(file)
    let log: SpeechLog
    do { log = try SpeechLog.read(path: logPath) } catch let error as SpeechLogError {
      Console.error(error.description)
      throw ExitCode.failure
    }
    let command = self
    let report = try await media.withStorage { storage in
      ProbeDeadline.boxProbes()
      return try await opener.withCatalogue(url: command.global.databasePath) { catalogue in
        try await command.place(log, from: logPath, on: catalogue, storage: storage)
      }
    }
    guard let report else { throw ExitCode.failure }
    if output.json {
      try Console.json(report)
    } else {
      let how =
        report.placedBy == .offset
        ? "by the offset given"
        : "by matching \(report.matched) of its entries against what Exhibit heard"
      Console.out(
        "\(report.captionFile): \(report.cues) cues from the \(log.format.displayName) \(file), placed \(how)"
          + (report.offsetSeconds.map { String(format: " (its first entry at %.3f s)", $0) } ?? "")
          + (report.outside > 0 ? "; \(report.outside) entries fell outside the recording" : ""))
    }
  }

  /// Places the log on the recording, writes the sidecar and catalogues it.
  /// - Returns: What was done, or nil after naming what stopped it.
  private func place(
    _ log: SpeechLog, from logPath: String, on catalogue: any CatalogueStorage,
    storage: (any EvidenceStorage)?
  ) async throws -> Report? {
    let here = FileManager.default.currentDirectoryPath
    let detail = try await catalogue.recordingDetail(recording, currentDirectory: here)
    guard let path = detail.paths.first(where: { $0.missingSince == nil })?.path else {
      Console.error("\(detail.recording.path): not on disk; the transcript is written beside the recording")
      return nil
    }
    let alignment: SpeechLogAlignment
    do {
      alignment = try SpeechLogAlignment.align(
        log, offset: offset, heard: detail.heard, utterances: detail.utterances,
        duration: detail.recording.durationSeconds)
    } catch let error as SpeechLogAlignmentError {
      Console.error("\(file) on \(path): \(error)")
      return nil
    }
    guard !alignment.cues.isEmpty else {
      Console.error("\(file) on \(path): every entry falls outside the recording; check --offset")
      return nil
    }
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let sidecar = ((path as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent(stem + WebVTT.speechLogInfix + ".vtt")
    if FileManager.default.fileExists(atPath: sidecar), !replace {
      Console.error("\(sidecar): the recording has a speech transcript already; --replace replaces it")
      return nil
    }
    let text = SpeechLogWebVTT.text(
      alignment, format: log.format, source: (logPath as NSString).lastPathComponent)
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: sidecar), options: .atomic) } catch {
      Console.error("\(sidecar): cannot be written: \(error.localizedDescription)")
      return nil
    }
    let summary = try await catalogue.catalogueRecordings(
      CatalogueScope(paths: [path]), actor: CommandActor.current(), batchSize: 64, storage: storage,
      progress: nil)
    for problem in summary.errors { Console.error(problem.description) }
    for problem in summary.warnings { Console.warning(problem.description) }
    guard summary.errors.isEmpty else { return nil }
    return Report(
      recording: path, log: logPath, format: log.format, entries: log.entries.count,
      cues: alignment.cues.count,
      placedBy: alignment.method, offsetSeconds: alignment.offsetSeconds, matched: alignment.matched,
      outside: alignment.outside, captionFile: sidecar)
  }
}
