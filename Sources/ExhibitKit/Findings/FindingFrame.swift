/// The still frame a finding shows: a recording of its evidence at the start of the segment.
public struct FindingFrame: Sendable, Equatable, Encodable {
  /// The recording's SHA-256.
  public let sha256: String
  /// The recording's path, where it was catalogued.
  public let recording: String
  /// The second the frame is shown at.
  public let atSeconds: Double
  /// The evidence link the frame is taken from.
  public let link: Int64
}
