import Foundation

/// What Exhibit heard in one recording: where speech was (utterances) and the phrases of its
/// vocabulary it spotted there, with the model and vocabulary they came from. Heard text is
/// Exhibit's guess at what the screen reader said, never a caption and never a verdict.
public struct HeardTrack: Codable, Equatable, Sendable {
  /// The recogniser and acoustic model, as stored beside the results.
  public var model: String
  /// The SHA-256 of the vocabulary's keyphrase list (phrases and thresholds) listened for.
  public var vocabularySHA256: String
  /// How many phrases were listened for.
  public var phrases: Int
  /// The seconds of audio heard.
  public var audioSeconds: Double
  /// When it was heard, as stored; nil before it is.
  public var heardAt: String? = nil
  /// The phrases spotted, in time order.
  public var heard: [HeardPhrase]
  /// Where speech was, in time order.
  public var utterances: [Utterance]

  /// A phrase of the vocabulary spotted in a recording.
  public struct HeardPhrase: Codable, Equatable, Sendable {
    public var startSeconds: Double
    public var endSeconds: Double
    /// The phrase, lower case, as the vocabulary holds it.
    public var text: String
    /// The recogniser's posterior for the phrase, from 0 to 1.
    public var confidence: Double

    public init(startSeconds: Double, endSeconds: Double, text: String, confidence: Double) {
      self.startSeconds = startSeconds
      self.endSeconds = endSeconds
      self.text = text
      self.confidence = confidence
    }
  }

  /// How a recording was listened to: the model, the vocabulary, how much audio, and when.
  public struct Listening: Codable, Equatable, Sendable {
    public var model: String
    public var vocabularySHA256: String
    public var phrases: Int
    public var audioSeconds: Double
    public var heardAt: String?

    init(_ track: HeardTrack) {
      model = track.model
      vocabularySHA256 = track.vocabularySHA256
      phrases = track.phrases
      audioSeconds = track.audioSeconds
      heardAt = track.heardAt
    }
  }

  /// A stretch of speech the recogniser's voice activity detection found.
  public struct Utterance: Codable, Equatable, Sendable {
    public var startSeconds: Double
    public var endSeconds: Double

    public init(startSeconds: Double, endSeconds: Double) {
      self.startSeconds = startSeconds
      self.endSeconds = endSeconds
    }
  }

  public init(
    model: String, vocabularySHA256: String, phrases: Int, audioSeconds: Double, heard: [HeardPhrase],
    utterances: [Utterance]
  ) {
    self.model = model
    self.vocabularySHA256 = vocabularySHA256
    self.phrases = phrases
    self.audioSeconds = audioSeconds
    self.heard = heard
    self.utterances = utterances
  }
}

extension HeardTrack {
  /// Each utterance with the phrases heard in it (those whose middle lies in it), in time order:
  /// the labels a timeline puts on its stretches of speech. A phrase in no utterance is left out.
  public static func phrasesByUtterance(heard: [HeardPhrase], utterances: [Utterance]) -> [(
    utterance: Utterance, phrases: [HeardPhrase]
  )] {
    utterances.map { utterance in
      (
        utterance,
        heard.filter {
          let middle = ($0.startSeconds + $0.endSeconds) / 2
          return middle >= utterance.startSeconds && middle <= utterance.endSeconds
        }
      )
    }
  }
}
