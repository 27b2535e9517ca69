/// The picture a recording shows at a second, as a PNG image at the recording's size.
public struct StillFrame: Sendable, Equatable, Codable {
  /// The PNG file's bytes.
  public let png: [UInt8]
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  /// When the frame starts to be shown, in seconds: at or before the second asked for.
  public let shownFromSeconds: Double

  /// A frame, as ``FrameDecoder`` makes it.
  public init(png: [UInt8], width: Int, height: Int, shownFromSeconds: Double) {
    self.png = png
    self.width = width
    self.height = height
    self.shownFromSeconds = shownFromSeconds
  }
}
