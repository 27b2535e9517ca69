import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit listen [RECORDING...] [--again]`
struct ListenCommand: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "listen",
    abstract: "Hear what the screen reader said in recordings: where it spoke and the phrases it announced.",
    discussion: """
      Each recording's audio is decoded in-process (libavcodec, resampled to 16 kHz mono) and \
      listened to with pocketsphinx: speech detection finds the utterances, keyword spotting finds \
      the phrases of a vocabulary built from the workspace (the roles, states and hints screen \
      readers say, the components' names and the announcements the criteria quote). What was heard \
      is stored per recording with the model and vocabulary it came from, and shown as heard by \
      Exhibit, never as captions and never as a verdict. With no recording named, every recording \
      not heard yet, or heard with another vocabulary (after a criteria import), is listened to, \
      one per core, each in a helper process; a run stopped midway keeps what it heard and the \
      next run goes on from there. --again listens again to every one.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var media: MediaOptions
  @Argument(help: "Recordings: each a path, or a prefix of its SHA-256 (default: every one not heard yet).")
  var recordings: [String] = []
  @Flag(help: "Listen again to recordings heard already.")
  var again = false
  @Flag(help: "Print the phrases listened for, with their spotting thresholds, and listen to nothing.")
  var vocabulary = false

  func validate() throws {
    if vocabulary, again || !recordings.isEmpty {
      throw ValidationError("--vocabulary lists the phrases only: name no recording and leave out --again")
    }
  }

  var writes: Bool { true }

  func body(with opener: any CatalogueOpener) async throws {
    let command = self
    let failed = try await media.withStorage { storage in
      try await opener.withCatalogue(url: command.global.databasePath) { catalogue in
        try await command.listen(on: catalogue, storage: storage)
      }
    }
    if failed { throw ExitCode.failure }
  }

  /// Listens, stores each recording's results as it finishes, and reports.
  /// - Returns: Whether any recording could not be heard.
  private func listen(on catalogue: any CatalogueStorage, storage: (any EvidenceStorage)?) async throws
    -> Bool
  {
    if vocabulary {
      try show(try await catalogue.listeningVocabulary())
      return false
    }
    var failed = false
    var targets: [RecordingSummary] = []
    let here = FileManager.default.currentDirectoryPath
    let vocabulary = try await catalogue.listeningVocabulary()
    if recordings.isEmpty {
      let heard = again ? [:] : try await catalogue.heardRecordings()
      targets = vocabulary.recordingsToHear(
        try await catalogue.recordings(component: nil, platform: nil, status: nil, unattributed: false),
        heard: heard)
    } else {
      for reference in recordings {
        do {
          targets.append(try await catalogue.recordingDetail(reference, currentDirectory: here).recording)
        } catch {
          Console.error("\(reference): \(error)")
          failed = true
        }
      }
    }
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: NSTemporaryDirectory()) }
    defer { fetched?.remove() }
    var localCopy: RecordingFrame.LocalCopy?
    if let fetched { localCopy = { try fetched.copy($0, $1, size: $2) } }
    // Each file is decoded and heard in a helper the deadline can stop, so a hostile file costs
    // only its helper.
    ProbeDeadline.boxProbes()
    var reports: [ListenReport] = []
    var done = 0
    for await outcome in ListeningRun.run(targets, vocabulary: vocabulary, localCopy: localCopy) {
      done += 1
      switch outcome.result {
      case .success(let track):
        try await catalogue.storeHeard(track, recording: outcome.recording.id)
        reports.append(ListenReport(outcome.recording, track))
        if !output.json {
          Console.endProgress()
          Console.out(ListenReport(outcome.recording, track).line)
        }
      case .failure(let error):
        Console.endProgress()
        Console.error(error.description)
        reports.append(ListenReport(outcome.recording, error: error.reason))
        failed = true
      }
      if targets.count > 1, !output.json { Console.progress("heard \(done) of \(targets.count)") }
    }
    Console.endProgress()
    if output.json {
      try Console.json(reports)
    } else if targets.isEmpty, recordings.isEmpty {
      Console.out("every recording has been heard with this vocabulary (--again listens again)")
    }
    return failed
  }
}

extension ListenCommand {
  /// Prints the vocabulary: a phrase and its threshold per line, or JSON.
  private func show(_ vocabulary: ListeningVocabulary) throws {
    let keyphrases: [(phrase: String, exponent: Int)]
    do {
      keyphrases = try RecordingListener(vocabulary: vocabulary).keyphrases()
    } catch let error as MediaLibraryError {
      throw ListeningUnavailable(error)
    }
    let entries = keyphrases.map { VocabularyEntry(phrase: $0.phrase, threshold: "1e\($0.exponent)") }
    if output.json {
      try Console.json(VocabularyReport(sha256: vocabulary.sha256, phrases: entries))
      return
    }
    Console.out(
      Table.render(header: ["PHRASE", "THRESHOLD"], rows: entries.map { [$0.phrase, $0.threshold] }))
    Console.out(
      "\(entries.count) of the vocabulary's \(vocabulary.phrases.count) phrases can be spotted here; "
        + "vocabulary \(vocabulary.sha256.prefix(12))")
  }
}

/// The recogniser cannot be loaded: what is missing and how to install it.
struct ListeningUnavailable: Error, CustomStringConvertible {
  let error: MediaLibraryError
  init(_ error: MediaLibraryError) { self.error = error }
  var description: String { error.listeningDescription }
}

/// What `listen --vocabulary --json` prints.
private struct VocabularyReport: Encodable {
  let sha256: String
  let phrases: [VocabularyEntry]
}

/// One phrase listened for and its spotting threshold.
private struct VocabularyEntry: Encodable {
  let phrase: String
  let threshold: String
}

/// What `listen --json` prints per recording: `error` is null for a recording heard, the counts
/// null for one that was not.
struct ListenReport: Encodable {
  let path: String
  let sha256: String?
  let heard: Int?
  let utterances: Int?
  let audioSeconds: Double?
  let error: String?

  init(_ recording: RecordingSummary, _ track: HeardTrack) {
    path = recording.path
    sha256 = recording.sha256
    heard = track.heard.count
    utterances = track.utterances.count
    audioSeconds = track.audioSeconds
    error = nil
  }

  init(_ recording: RecordingSummary, error: String) {
    path = recording.path
    sha256 = recording.sha256
    heard = nil
    utterances = nil
    audioSeconds = nil
    self.error = error
  }

  private enum CodingKeys: String, CodingKey {
    case path, sha256, heard, utterances, audioSeconds, error
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(heard, forKey: .heard)
    try container.encode(utterances, forKey: .utterances)
    try container.encode(audioSeconds, forKey: .audioSeconds)
    try container.encode(error, forKey: .error)
  }

  /// The line the text output gives it.
  var line: String {
    "\(path): heard \(heard ?? 0) phrase\(heard == 1 ? "" : "s") in \(utterances ?? 0) utterance"
      + "\(utterances == 1 ? "" : "s") (\(SegmentTime.text(audioSeconds ?? 0)) s of audio)"
  }
}
