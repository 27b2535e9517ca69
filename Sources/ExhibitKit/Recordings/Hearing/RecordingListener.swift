import ExhibitModel
import Foundation
import Synchronization

/// Listens to one recording: its audio decoded (``AudioDecoder``) and handed to the spotter
/// (``SpeechSpotter``). In a helper of the probe box when one is configured, so a file built to
/// crash or stall the decoder stops a helper, not the command.
public struct RecordingListener: Sendable {
  /// How many seconds of audio add the probe's own deadline again to the time a recording may
  /// take: listening runs at tens of times real time, so this is far beyond a healthy file's pace.
  public static let audioSecondsPerDeadline = 40.0

  /// The vocabulary listened for.
  public let vocabulary: ListeningVocabulary

  public init(vocabulary: ListeningVocabulary) {
    self.vocabulary = vocabulary
  }

  /// How long a recording of `durationSeconds` may take (an hour's worth when unknown), given
  /// the time any file may take (the probe's deadline, 20 s unless `EXHIBIT_PROBE_SECONDS` says).
  public static func deadline(durationSeconds: Double?, probeSeconds: Double = 20) -> Double {
    probeSeconds * (1 + min(durationSeconds ?? 3600, 6 * 3600) / audioSecondsPerDeadline)
  }

  /// Listens to `path` in this process.
  /// - Returns: What was heard.
  /// - Throws: ``ProbeError`` naming the file and the reason, or ``MediaLibraryError`` when a
  ///   library or the model cannot be loaded.
  public func listen(to path: String, durationSeconds: Double? = nil) throws -> HeardTrack {
    try listen(to: path, deadlineSeconds: Self.deadline(durationSeconds: durationSeconds))
  }

  /// Listens to `path` in this process, giving up after `deadlineSeconds`.
  func listen(to path: String, deadlineSeconds: Double) throws -> HeardTrack {
    let plan = try Self.plan(for: vocabulary)
    let decoder = try AudioDecoder(path: path)
    let spotter = try SpeechSpotter(plan: plan)
    let seconds = try decoder.decode(deadlineSeconds: deadlineSeconds) {
      spotter.listen($0)
    }
    let (heard, utterances) = spotter.finish()
    return HeardTrack(
      model: SpeechSpotter.modelName, vocabularySHA256: vocabulary.sha256, phrases: plan.keyphrases.count,
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
    try Self.plan(for: vocabulary).keyphrases.map { ($0.phrase, $0.exponent) }
  }

  /// One plan per vocabulary and thread: a helper hears file after file with the same phrases.
  private static func plan(for vocabulary: ListeningVocabulary) throws -> SpottingPlan {
    let key = "exhibit.spotting-plan"
    if let cached = Thread.current.threadDictionary[key] as? SpottingPlan, cached.vocabulary == vocabulary {
      return cached
    }
    let plan = try SpottingPlan(vocabulary: vocabulary)
    Thread.current.threadDictionary[key] = plan
    return plan
  }
}
