/// A link Exhibit proposes, for an auditor to judge.
public struct Suggestion: Sendable, Equatable, Encodable {
  /// The recording; JSON carries its path and SHA-256 (`recording`, `recordingSha256`).
  public let recording: RecordingRef
  public let item: ItemKey
  public let fromSeconds: Double?
  public let toSeconds: Double?
  /// Why, in words: which cue said what, or which document named the recording.
  public let reason: String
  /// From 0 to 1: how sure the rule is that the link is right.
  public let confidence: Double
  /// The caption file the cue was read from.
  public var captionFile: String?
  /// Whether the cue is a phrase Exhibit heard (`exhibit listen`) in a recording without
  /// captions, not a caption: JSON says `heard: true` then.
  public let heard: Bool
  /// The link made when the suggestion was accepted.
  public var acceptedLink: Int64?
  /// Why accepting it was refused (the cue lies outside the recording, say); the rest are kept.
  public var refusal: String?

  private enum CodingKeys: String, CodingKey {
    case recording, recordingSHA256, item, fromSeconds, toSeconds, reason, confidence, captionFile,
      acceptedLink
    case refusal, heard
  }

  /// A suggestion, from a caption unless `heard`.
  public init(
    recording: RecordingRef, item: ItemKey, fromSeconds: Double?, toSeconds: Double?, reason: String,
    confidence: Double, captionFile: String? = nil, heard: Bool = false
  ) {
    self.recording = recording
    self.item = item
    self.fromSeconds = fromSeconds
    self.toSeconds = toSeconds
    self.reason = reason
    self.confidence = confidence
    self.captionFile = captionFile
    self.heard = heard
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(recording.path, forKey: .recording)
    try container.encode(recording.sha256, forKey: .recordingSHA256)
    try container.encode(item, forKey: .item)
    try container.encodeIfPresent(fromSeconds, forKey: .fromSeconds)
    try container.encodeIfPresent(toSeconds, forKey: .toSeconds)
    try container.encode(reason, forKey: .reason)
    try container.encode(confidence, forKey: .confidence)
    try container.encodeIfPresent(captionFile, forKey: .captionFile)
    try container.encodeIfPresent(acceptedLink, forKey: .acceptedLink)
    try container.encodeIfPresent(refusal, forKey: .refusal)
    if heard { try container.encode(true, forKey: .heard) }
  }
}
