/// A catalogued recording as a model names it: its SHA-256, which is its identity (links, bags
/// and the media route find it by it), and the path it is catalogued at, which is what people
/// read. A page links to `/recordings/<sha256>` without asking the database which file a path is.
///
/// It has no JSON form of its own: each model writes the part its JSON has always carried (most
/// write the path under `recording`; a suggestion writes both).
public struct RecordingRef: Sendable, Hashable {
  /// The recording's SHA-256, 64 lowercase hex digits.
  public let sha256: String
  /// Its absolute path, where it was catalogued (or last seen).
  public let path: String

  /// A reference from its parts.
  public init(sha256: String, path: String) {
    self.sha256 = sha256
    self.path = path
  }
}
