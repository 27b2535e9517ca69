/// The image formats a screenshot may be in. A screenshot is catalogued as a recording whose
/// container is the format's name, with one picture stream and no duration.
public enum ScreenshotFormat: String, Sendable, CaseIterable {
  case png
  case jpeg
  case webp

  /// File extensions read as screenshots.
  public static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp"]

  /// The codec name a stream row records, as ffprobe names it.
  public var codec: String {
    switch self {
    case .png: "png"
    case .jpeg: "mjpeg"
    case .webp: "webp"
    }
  }

  /// The HTTP content type.
  public var contentType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .webp: "image/webp"
    }
  }

  /// The format a stored container name stands for; nil for a video's container.
  public init?(container: String?) {
    guard let container, let format = ScreenshotFormat(rawValue: container) else { return nil }
    self = format
  }
}
