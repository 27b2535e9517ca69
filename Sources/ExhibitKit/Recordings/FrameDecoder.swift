import CAVFormat
import Foundation

/// Decodes the frame a recording shows at a second, in-process: libavformat reads the file under
/// the probe's guards (a regular file, a container recognised from its first bytes, the `file`
/// protocol only, a deadline), libavcodec decodes the video from the key frame before the second,
/// libswscale converts the frame to RGB and libavcodec's PNG encoder writes it at the recording's
/// size. No ffmpeg process is started.
///
/// The frame shown at a second is the last one whose time is at or before it (the first frame for
/// a second before any). A second before zero or past the recording's end, a recording without a
/// video stream, and a file whose frames cannot be decoded are errors naming the file.
public struct FrameDecoder: Sendable {
  /// How long one frame may take, in seconds, before the file is given up.
  public var deadlineSeconds: Double = 20
  /// The largest width or height decoded, in pixels: a header may declare anything.
  public var largestSide: Int32 = 16_384

  /// A decoder with the default limits.
  public init() {}

  // Long: open, find the stream, seek, decode up to the second, then convert and encode; each step's failure is named.
  /// The frame `path` shows at `seconds`.
  ///
  /// - Parameters:
  ///   - path: The recording.
  ///   - seconds: The second, from the start of the recording.
  ///   - durationSeconds: The recording's duration as catalogued, when the header may not say it.
  /// - Returns: The frame as PNG.
  /// - Throws: ``ProbeError`` naming the file and the reason, or ``MediaLibraryError`` when a
  ///   library cannot be loaded.
  public func frame(of path: String, atSeconds seconds: Double, durationSeconds: Double? = nil) throws
    -> StillFrame
  {
    let libraries = try FrameLibraries.load()
    guard seconds.isFinite, seconds >= 0 else {
      throw ProbeError(path: path, reason: "\(seconds) is not a second of a recording")
    }
    let file = try FormatContext.guarded(path, deadlineSeconds: deadlineSeconds)
    guard let context = file.opened else { throw ProbeError(path: path, reason: "not open") }
    let index = libraries.findBestStream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard index >= 0, let stream = context.pointee.streams[Int(index)] else {
      throw ProbeError(path: path, reason: "has no video stream, so it has no frames to show")
    }
    let declared =
      context.pointee.duration > 0 && context.pointee.duration != exhibit_av_nopts_value()
      ? Double(context.pointee.duration) / Double(AV_TIME_BASE) : nil
    if let end = durationSeconds ?? declared, seconds > end {
      throw ProbeError(path: path, reason: Self.pastTheEnd(seconds, end: end))
    }
    let decoder = try VideoDecoder(stream: stream, path: path, libraries: libraries, largestSide: largestSide)
    let timeBase = stream.pointee.time_base
    let unit = timeBase.den > 0 && timeBase.num > 0 ? Double(timeBase.num) / Double(timeBase.den) : 0.001
    // Back to the key frame at or before the second; a file without an index is read from its start.
    _ = libraries.seekFrame(context, index, Int64(seconds / unit), AVSEEK_FLAG_BACKWARD)
    let shown = try decoder.frame(at: seconds, unit: unit, from: context, stream: index, file: file)
    if durationSeconds == nil, declared == nil, shown.reachedEnd,
      shown.seconds + Self.frameSeconds(stream.pointee) < seconds
    {
      throw ProbeError(path: path, reason: Self.pastTheEnd(seconds, end: shown.seconds))
    }
    let png = try decoder.png(of: shown.frame)
    return StillFrame(
      png: png, width: Int(shown.frame.pointee.width), height: Int(shown.frame.pointee.height),
      shownFromSeconds: max(0, shown.seconds))
  }

  /// The frame `path` shows at `seconds`, decoded in the probe box's helpers when one is
  /// configured (``ProbeBox``: a decoder crash or stall stops a helper, not this process), else here.
  /// - Throws: As ``frame(of:atSeconds:durationSeconds:)``, and the box's ``ProbeError`` when a
  ///   helper gave up or died.
  public func boxedFrame(of path: String, atSeconds seconds: Double, durationSeconds: Double? = nil) throws
    -> StillFrame
  {
    guard let box = ProbeBox.shared else {
      return try frame(of: path, atSeconds: seconds, durationSeconds: durationSeconds)
    }
    return try box.frame(path, atSeconds: seconds, durationSeconds: durationSeconds)
  }

  private static func pastTheEnd(_ seconds: Double, end: Double) -> String {
    "\(SegmentTime.text(seconds)) s is past the end of the recording (\(SegmentTime.text(end)) s)"
  }

  /// How long one frame is shown, from the stream's average rate (a 25th of a second without one).
  private static func frameSeconds(_ stream: AVStream) -> Double {
    let rate = stream.avg_frame_rate
    return rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : 0.04
  }
}
