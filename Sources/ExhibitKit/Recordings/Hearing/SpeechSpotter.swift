import CPocketSphinx
import Foundation
import Synchronization

/// Spots a vocabulary's phrases in 16 kHz mono audio with pocketsphinx in keyword-spotting mode,
/// and finds where speech is with its voice activity detection. Utterances are cut where that
/// detection hears speech end, and the spotter's results are read at each cut: word times are
/// right only then. Overlapping spots collapse to the longer phrase ("not checked", not the
/// "checked" inside it). Not Sendable: one recording's listen makes, uses and frees it.
final class SpeechSpotter {
  /// The acoustic model and dictionary: Debian's `pocketsphinx-en-us`, unless
  /// `EXHIBIT_SPEECH_MODEL` names another folder laid out the same way.
  static var modelFolder: String {
    ProcessInfo.processInfo.environment["EXHIBIT_SPEECH_MODEL"] ?? "/usr/share/pocketsphinx/model/en-us"
  }

  /// How the results were made, stored beside them.
  static let modelName = "pocketsphinx 5prealpha keyword spotting, en-us acoustic model"

  /// Frames per second of pocketsphinx's front end (its default `-frate`).
  private static let framesPerSecond = 100.0
  /// Speech detection flags speech a little after it starts (`-vad_prespeech`, 20 frames) and
  /// holds it after it ends (`-vad_postspeech`, 50 frames): utterance bounds are moved by these.
  private static let speechLead = 0.2
  private static let speechTail = 0.5

  private let libraries: SpeechLibraries
  private var decoder: OpaquePointer?
  private let logMath: OpaquePointer?
  /// The plan it listens by.
  let plan: SpottingPlan

  /// A decoder of its own for one recording, from `plan`'s small dictionary and phrase list: a
  /// decoder adapts to what it hears (its cepstral mean), so one per recording keeps what is
  /// heard in a recording independent of the recordings heard before it.
  /// - Throws: ``MediaLibraryError`` when the libraries or the model cannot be loaded.
  init(plan: SpottingPlan) throws {
    let libraries = try SpeechLibraries.load()
    self.libraries = libraries
    self.plan = plan
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exhibit-listen-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let dictionary = folder.appendingPathComponent("words.dict")
    let phrases = folder.appendingPathComponent("phrases.kws")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(plan.dictionary.utf8).write(to: dictionary)
      try Data(plan.keyphraseList.utf8).write(to: phrases)
    } catch {
      throw MediaLibraryError(library: "pocketsphinx", reason: "cannot write its phrase list: \(error)")
    }
    let made = try Self.decoder(libraries, dictionary: dictionary.path, extra: ["-kws", phrases.path])
    decoder = made
    logMath = libraries.logMath(made)
  }

  /// Held while a decoder is made or freed: sphinxbase keeps its log file in a global, which
  /// each decoder's `-logfn` closes and opens again, so two threads making decoders at once close
  /// one file twice and leave C's stdio locked for good.
  static let globalState = Mutex(())

  /// A decoder of the model with `dictionary` and `extra` arguments.
  /// - Throws: ``MediaLibraryError`` when it would not load.
  static func decoder(_ libraries: SpeechLibraries, dictionary: String, extra: [String] = []) throws
    -> OpaquePointer
  {
    try globalState.withLock { _ in try unguardedDecoder(libraries, dictionary: dictionary, extra: extra) }
  }

  private static func unguardedDecoder(_ libraries: SpeechLibraries, dictionary: String, extra: [String])
    throws -> OpaquePointer
  {
    let model = modelFolder
    let arguments = ["-hmm", "\(model)/en-us", "-dict", dictionary, "-logfn", "/dev/null"] + extra
    var pointers = arguments.map { strdup($0) }
    defer { pointers.forEach { Foundation.free($0) } }
    let config = pointers.withUnsafeMutableBufferPointer { buffer in
      libraries.parseArguments(nil, libraries.arguments(), Int32(buffer.count), buffer.baseAddress, 1)
    }
    guard let config else {
      throw MediaLibraryError(
        library: SpeechLibraries.recogniserLibraryNames.pocketsphinx, reason: "it took no arguments")
    }
    defer { _ = libraries.freeArguments(config) }
    guard let made = libraries.decoderInit(config) else {
      throw MediaLibraryError(
        library: SpeechLibraries.recogniserLibraryNames.pocketsphinx,
        reason: "its en-us model would not load from \(model) (install pocketsphinx-en-us)")
    }
    return made
  }

  deinit {
    if let decoder { Self.globalState.withLock { _ in _ = libraries.decoderFree(decoder) } }
  }

  /// Where one utterance began, in samples, while speech is heard.
  private var utteranceStart: Int?
  private var samples = 0
  private var spots: [HeardTrack.HeardPhrase] = []
  private var utterances: [HeardTrack.Utterance] = []
  private var started = false

  /// Listens to the next run of samples.
  func listen(_ run: UnsafeBufferPointer<Int16>) {
    guard let handle = decoder, let base = run.baseAddress else { return }
    if !started {
      _ = libraries.startUtterance(handle)
      started = true
    }
    // In steps of 64 ms, so an utterance ends close to where speech detection heard it end.
    var offset = 0
    while offset < run.count {
      let count = min(1024, run.count - offset)
      _ = libraries.processRaw(handle, base + offset, count, 0, 0)
      offset += count
      samples += count
      let speaking = libraries.inSpeech(handle) != 0
      if speaking, utteranceStart == nil {
        utteranceStart = samples
      } else if !speaking, let start = utteranceStart {
        endUtterance(handle, from: start, to: samples)
        _ = libraries.startUtterance(handle)
      }
    }
  }

  /// Ends the last utterance and returns what was heard, in time order.
  func finish() -> (heard: [HeardTrack.HeardPhrase], utterances: [HeardTrack.Utterance]) {
    if let handle = decoder, started {
      // Speech still heard at the end of the audio ends there, not half a second before.
      endUtterance(handle, from: utteranceStart ?? samples, to: samples, speechEnded: false)
      started = false
    }
    return (Self.collapse(spots), utterances)
  }

  private func endUtterance(_ handle: OpaquePointer, from start: Int, to end: Int, speechEnded: Bool = true) {
    _ = libraries.endUtterance(handle)
    utteranceStart = nil
    let rate = Double(AudioDecoder.sampleRate)
    let from = max(0, Double(start) / rate - Self.speechLead)
    let to = max(from, Double(end) / rate - (speechEnded ? Self.speechTail : 0))
    if end > start {
      utterances.append(HeardTrack.Utterance(startSeconds: Self.round(from), endSeconds: Self.round(to)))
    }
    var segment = libraries.segments(handle)
    while let current = segment {
      var first: Int32 = 0
      var last: Int32 = 0
      libraries.segmentFrames(current, &first, &last)
      var acoustic: Int32 = 0
      var language: Int32 = 0
      var backoff: Int32 = 0
      let probability = libraries.segmentProbability(current, &acoustic, &language, &backoff)
      if let word = libraries.segmentWord(current) {
        let confidence = logMath.map { libraries.logMathExp($0, probability) } ?? 0
        spots.append(
          HeardTrack.HeardPhrase(
            startSeconds: Self.round(Double(first) / Self.framesPerSecond),
            endSeconds: Self.round(Double(max(first, last) + 1) / Self.framesPerSecond),
            text: String(cString: word).trimmingCharacters(in: .whitespaces),
            confidence: (min(1, confidence) * 1000).rounded() / 1000))
      }
      segment = libraries.nextSegment(current)
    }
  }

  private static func round(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

  /// Spots in time order, where two overlap by more than half the shorter, only the one of more
  /// words kept, then the one spanning longer ("checkbox", not the "checked" at its start), then
  /// the surer.
  static func collapse(_ spots: [HeardTrack.HeardPhrase]) -> [HeardTrack.HeardPhrase] {
    func words(_ spot: HeardTrack.HeardPhrase) -> Int { spot.text.split(separator: " ").count }
    func better(_ a: HeardTrack.HeardPhrase, _ b: HeardTrack.HeardPhrase) -> Bool {
      (words(a), a.endSeconds - a.startSeconds, a.confidence, b.text)
        > (words(b), b.endSeconds - b.startSeconds, b.confidence, a.text)
    }
    var kept: [HeardTrack.HeardPhrase] = []
    for spot in spots.sorted(by: better) {
      let clashes = kept.contains { other in
        let overlap = min(spot.endSeconds, other.endSeconds) - max(spot.startSeconds, other.startSeconds)
        let shorter = min(spot.endSeconds - spot.startSeconds, other.endSeconds - other.startSeconds)
        return overlap > shorter / 2
      }
      if !clashes { kept.append(spot) }
    }
    return kept.sorted { ($0.startSeconds, $0.text) < ($1.startSeconds, $1.text) }
  }
}
