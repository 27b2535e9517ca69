import CPocketSphinx
import Foundation

/// Spots a vocabulary's phrases in 16 kHz mono audio with pocketsphinx in keyword-spotting mode,
/// and finds where speech is with its voice activity detection. Utterances are cut where that
/// detection hears speech end, and the spotter's results are read at each cut: word times are
/// right only then. Overlapping spots collapse to the longer phrase ("not checked", not the
/// "checked" inside it). Not Sendable: one listen makes, uses and frees it.
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
  /// The phrases listened for, each with its threshold's exponent: the vocabulary's, less those
  /// whose words have no pronunciation and those too short to spot.
  let keyphrases: [(phrase: String, exponent: Int)]
  /// The vocabulary it was made for.
  let vocabulary: ListeningVocabulary

  /// Loads the model and the vocabulary's phrases, giving words the dictionary lacks a
  /// pronunciation from their parts ("checkbox": "check" and "box").
  /// - Throws: ``MediaLibraryError`` when the libraries or the model cannot be loaded.
  init(vocabulary: ListeningVocabulary) throws {
    let libraries = try SpeechLibraries.load()
    self.libraries = libraries
    self.vocabulary = vocabulary
    let model = Self.modelFolder
    let arguments = [
      "-hmm", "\(model)/en-us", "-dict", "\(model)/cmudict-en-us.dict", "-logfn", "/dev/null",
    ]
    var pointers = arguments.map { strdup($0) }
    defer { pointers.forEach { Foundation.free($0) } }
    let config = pointers.withUnsafeMutableBufferPointer { buffer in
      libraries.parseArguments(nil, libraries.arguments(), Int32(buffer.count), buffer.baseAddress, 1)
    }
    guard let config, let made = libraries.decoderInit(config) else {
      throw MediaLibraryError(
        library: SpeechLibraries.recogniserLibraryNames.pocketsphinx,
        reason: "its en-us model would not load from \(model) (install pocketsphinx-en-us)")
    }
    _ = libraries.freeArguments(config)
    decoder = made
    logMath = libraries.logMath(made)
    var kept: [(phrase: String, exponent: Int)] = []
    for phrase in vocabulary.phrases {
      guard let phones = Self.pronounce(phrase, libraries: libraries, decoder: made),
        phones >= ListeningVocabulary.fewestPhones
      else { continue }
      kept.append((phrase, ListeningVocabulary.thresholdExponent(phones: phones)))
    }
    keyphrases = kept
    let list = kept.map { "\($0.phrase) /1e\($0.exponent)/\n" }.joined()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-kws-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Data(list.utf8).write(to: file)
    } catch {
      throw MediaLibraryError(library: "pocketsphinx", reason: "cannot write its phrase list: \(error)")
    }
    guard !kept.isEmpty, libraries.setKeywordSearch(made, "phrases", file.path) == 0,
      libraries.setSearch(made, "phrases") == 0
    else {
      throw MediaLibraryError(library: "pocketsphinx", reason: "it did not take the phrases to listen for")
    }
  }

  deinit {
    if let decoder { _ = libraries.decoderFree(decoder) }
  }

  /// How many phones `phrase` has when every word of it can be said: in the dictionary, or made
  /// of two or three words that are (then added to it); nil when one cannot.
  private static func pronounce(
    _ phrase: String, libraries: SpeechLibraries, decoder: OpaquePointer
  ) -> Int? {
    func lookup(_ word: Substring) -> String? {
      guard let phones = libraries.lookupWord(decoder, String(word)) else { return nil }
      defer { libraries.free(phones) }
      return String(cString: phones)
    }
    func compound(_ word: Substring, parts: Int) -> String? {
      if let phones = lookup(word) { return phones }
      guard parts > 1, word.count >= 4 else { return nil }
      for cut in 2...(word.count - 2) {
        let split = word.index(word.startIndex, offsetBy: cut)
        if let head = lookup(word[..<split]), let tail = compound(word[split...], parts: parts - 1) {
          return "\(head) \(tail)"
        }
      }
      return nil
    }
    var count = 0
    for word in phrase.split(separator: " ") {
      if let phones = lookup(word) {
        count += phones.split(separator: " ").count
        continue
      }
      guard let phones = compound(word, parts: 3),
        libraries.addWord(decoder, String(word), phones, 1) >= 0
      else { return nil }
      count += phones.split(separator: " ").count
    }
    return count
  }

  /// Where one utterance began, in samples, while speech is heard.
  private var utteranceStart: Int?
  private var samples = 0
  private var spots: [HeardTrack.HeardPhrase] = []
  private var utterances: [HeardTrack.Utterance] = []
  private var started = false

  /// Forgets the last recording: the next samples are a new one's, from its start.
  func begin() {
    if started, let decoder { _ = libraries.endUtterance(decoder) }
    if let decoder { _ = libraries.startStream(decoder) }
    utteranceStart = nil
    samples = 0
    spots = []
    utterances = []
    started = false
  }

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
