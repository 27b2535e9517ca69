import ExhibitModel
import Foundation
import Synchronization

/// Listens to one recording: its audio decoded (``AudioDecoder``) and handed to the spotter
/// (``SpeechSpotter``). In a helper of the probe box when one is configured, so a file built to
/// crash or stall the decoder stops a helper, not the command.
public struct RecordingListener: Sendable {
  /// A second of audio may take this long before the file is given up, beside ``baseSeconds``:
  /// listening runs at tens of times real time, so this is far beyond a healthy file's pace.
  public static let secondsPerAudioSecond = 0.5
  /// The time any file may take, however short.
  public static let baseSeconds = 20.0

  /// The vocabulary listened for.
  public let vocabulary: ListeningVocabulary

  public init(vocabulary: ListeningVocabulary) {
    self.vocabulary = vocabulary
  }

  /// How long a recording of `durationSeconds` may take (an hour's worth when unknown).
  public static func deadline(durationSeconds: Double?) -> Double {
    baseSeconds + secondsPerAudioSecond * min(durationSeconds ?? 3600, 6 * 3600)
  }

  /// Listens to `path` in this process.
  /// - Returns: What was heard.
  /// - Throws: ``ProbeError`` naming the file and the reason, or ``MediaLibraryError`` when a
  ///   library or the model cannot be loaded.
  public func listen(to path: String, durationSeconds: Double? = nil) throws -> HeardTrack {
    let spotter = try Self.spotter(for: vocabulary)
    let decoder = try AudioDecoder(path: path)
    spotter.begin()
    let seconds = try decoder.decode(deadlineSeconds: Self.deadline(durationSeconds: durationSeconds)) {
      spotter.listen($0)
    }
    let (heard, utterances) = spotter.finish()
    return HeardTrack(
      model: SpeechSpotter.modelName, vocabularySHA256: vocabulary.sha256, phrases: spotter.keyphrases.count,
      audioSeconds: (seconds * 1000).rounded() / 1000, heard: heard, utterances: utterances)
  }

  /// Listens to `path` in a helper of the probe box when one is configured, else here.
  /// - Throws: As ``listen(to:durationSeconds:)``, and the box's ``ProbeError`` when a helper gave
  ///   up or died.
  public func boxedListen(to path: String, durationSeconds: Double?) throws -> HeardTrack {
    guard let box = ProbeBox.shared else { return try listen(to: path, durationSeconds: durationSeconds) }
    return try box.listen(path, vocabulary: vocabulary, durationSeconds: durationSeconds)
  }

  /// The phrases listened for, each with its threshold's exponent (`1eN`), as the recogniser
  /// here takes them: the vocabulary's, less those it cannot say or that are too short to spot.
  /// - Throws: ``MediaLibraryError`` when the libraries or the model cannot be loaded.
  public func keyphrases() throws -> [(phrase: String, exponent: Int)] {
    try Self.spotter(for: vocabulary).keyphrases
  }

  /// One spotter per vocabulary and thread: loading the model takes a fraction of a second, and a
  /// helper listens to file after file with the same phrases.
  private static func spotter(for vocabulary: ListeningVocabulary) throws -> SpeechSpotter {
    let key = "exhibit.spotter"
    if let cached = Thread.current.threadDictionary[key] as? SpeechSpotter,
      cached.vocabulary == vocabulary
    {
      return cached
    }
    let spotter = try SpeechSpotter(vocabulary: vocabulary)
    Thread.current.threadDictionary[key] = spotter
    return spotter
  }
}
