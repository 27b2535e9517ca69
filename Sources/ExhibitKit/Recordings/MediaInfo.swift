/// What libavformat read from a recording, copied out before the context is freed.
public struct MediaInfo: Sendable, Equatable, Codable {
  /// One elementary stream.
  public struct Stream: Sendable, Equatable, Codable {
    public var index: Int
    /// `video`, `audio`, `subtitle`, `data`, `attachment` or `other`.
    public var kind: String
    /// The codec's short name, e.g. `vp9`, `opus`, `h264`, `aac`.
    public var codec: String
    public var width: Int?
    public var height: Int?
    /// Average frames per second as a fraction, e.g. `30000/1001` (ffprobe's `avg_frame_rate`):
    /// the container's own figure, else measured over the packets read.
    public var frameRate: String?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitRate: Int?
    public var language: String?
  }

  /// The container as libavformat names it, e.g. `matroska,webm` or `mov,mp4,m4a,3gp,3g2,mj2`.
  public var container: String
  /// The duration in milliseconds.
  public var durationMilliseconds: Int?
  /// Where the duration came from: `container` (the header) or `packets` (the last packets,
  /// for files written without one, as a browser's MediaRecorder writes them).
  public var durationSource: String?
  public var bitRate: Int?
  /// Container tags, keys as written (e.g. `COM.ANDROID.VERSION`).
  public var tags: [String: String]
  public var streams: [Stream]
  /// Whether the file ends before its own header says it should, or its last packets are cut.
  public var truncated: Bool
  /// Why it looks truncated, when it does.
  public var truncationReason: String?

  /// The first video stream, wherever it is in the file.
  public var video: Stream? { streams.first { $0.kind == "video" } }
  /// The first audio stream, wherever it is in the file.
  public var audio: Stream? { streams.first { $0.kind == "audio" } }
}

/// Why a file could not be probed, in words a user can act on.
public struct ProbeError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
