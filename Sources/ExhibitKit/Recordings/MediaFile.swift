/// A file on disk that holds catalogued bytes: a recording or one of its caption tracks, as a
/// server hands it out by SHA-256 instead of by a path from a request.
public struct MediaFile: Sendable, Equatable {
  /// Where the bytes are (absolute).
  public let path: String
  /// Its size when catalogued.
  public let size: Int64
  /// Its modification time when catalogued, in nanoseconds since 1970.
  public let modificationNanoseconds: Int64
  /// The container libavformat named (`matroska,webm`, `mov,mp4,m4a,3gp,3g2,mj2`), or nil for a caption.
  public let container: String?
  /// The caption track's language, if it has one.
  public let language: String?
  /// A caption file's SHA-256 (a recording's is the one it was asked for by).
  public let sha256: String?
  /// The file's inode and device when catalogued (0 where not recorded): a file put in its
  /// place since, or a link to another, is not the file catalogued.
  public var inode: Int64 = 0
  public var device: Int64 = 0

  /// A file as catalogued.
  public init(
    path: String, size: Int64, modificationNanoseconds: Int64, container: String?, language: String?,
    sha256: String? = nil
  ) {
    self.sha256 = sha256
    self.path = path
    self.size = size
    self.modificationNanoseconds = modificationNanoseconds
    self.container = container
    self.language = language
  }
}
