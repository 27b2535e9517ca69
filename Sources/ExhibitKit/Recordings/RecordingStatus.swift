/// How far a recording could be read when it was catalogued.
public enum RecordingStatus: String, Sendable, Codable, CaseIterable {
  /// Probed and hashed completely.
  case ok
  /// Readable, but the container ends early: some packets are missing.
  case truncated
  /// Not a recording libavformat can read; the reason is stored beside it.
  case error
}
