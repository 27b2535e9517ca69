/// A link Exhibit proposes, for an auditor to judge.
public struct Suggestion: Sendable, Equatable, Encodable {
  public let recording: String
  public let recordingSHA256: String
  public let item: String
  public let fromSeconds: Double?
  public let toSeconds: Double?
  /// Why, in words: which cue said what, or which document named the recording.
  public let reason: String
  /// From 0 to 1: how sure the rule is that the link is right.
  public let confidence: Double
  /// The caption file the cue was read from.
  public var captionFile: String?
  /// The link made when the suggestion was accepted.
  public var acceptedLink: Int64?
  /// Why accepting it was refused (the cue lies outside the recording, say); the rest are kept.
  public var refusal: String?
}
