import CAVFormat

/// Owns one video decoder (`avcodec_open2`) for ``FrameDecoder``, freed in `deinit`, with the
/// frames it decodes into. Not Sendable: one call makes, uses and frees it.
final class VideoDecoder {
  /// A decoded frame, the time it starts to be shown, and whether the file ended after it.
  struct Shown {
    let frame: UnsafeMutablePointer<AVFrame>
    let seconds: Double
    let reachedEnd: Bool
  }

  private let libraries: FrameLibraries
  private let path: String
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private var decoded: UnsafeMutablePointer<AVFrame>?
  private var kept: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?

  init(stream: UnsafeMutablePointer<AVStream>, path: String, libraries: FrameLibraries, largestSide: Int32)
    throws
  {
    self.libraries = libraries
    self.path = path
    let parameters = stream.pointee.codecpar.pointee
    guard parameters.width > 0, parameters.height > 0,
      parameters.width <= largestSide, parameters.height <= largestSide
    else {
      throw ProbeError(
        path: path,
        reason:
          "its video declares a size of \(parameters.width)×\(parameters.height), which Exhibit does not decode"
      )
    }
    guard let decoder = libraries.findDecoder(parameters.codec_id) else {
      let name = LibAV.loaded.codecName(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
      throw ProbeError(path: path, reason: "its video codec (\(name)) has no decoder here")
    }
    codec = libraries.allocCodecContext(decoder)
    decoded = libraries.frameAlloc()
    kept = libraries.frameAlloc()
    packet = LibAV.loaded.packetAlloc()
    guard let codec, decoded != nil, kept != nil, packet != nil else {
      throw ProbeError(path: path, reason: "out of memory")
    }
    guard libraries.parametersToContext(codec, stream.pointee.codecpar) >= 0,
      libraries.openCodec(codec, decoder, nil) >= 0
    else {
      throw ProbeError(path: path, reason: "its video decoder would not open")
    }
  }

  deinit {
    libraries.freeCodecContext(&codec)
    libraries.frameFree(&decoded)
    libraries.frameFree(&kept)
    LibAV.loaded.packetFree(&packet)
  }

  // Long: one loop over packets, each decoded frame either kept (at or before the second) or ending the search.
  /// Decodes `stream`'s packets from where `context` stands until a frame after `seconds`,
  /// keeping the last one at or before it (or the first, when every frame is later).
  ///
  /// - Returns: The frame shown at `seconds`.
  /// - Throws: ``ProbeError`` when no frame decodes or the deadline passes.
  func frame(
    at seconds: Double, unit: Double, from context: UnsafeMutablePointer<AVFormatContext>, stream: Int32,
    file: FormatContext
  ) throws -> Shown {
    guard let codec, let decoded, let kept, let packet else {
      throw ProbeError(path: path, reason: "not open")
    }
    var keptSeconds: Double?
    var reachedEnd = false
    var done = false
    // Takes every frame the decoder has ready; false once a frame after the second was seen.
    func drain() {
      while !done, libraries.receiveFrame(codec, decoded) == 0 {
        defer { libraries.frameUnref(decoded) }
        let time = decoded.pointee.best_effort_timestamp
        let frameSeconds = time == exhibit_av_nopts_value() ? (keptSeconds ?? 0) : Double(time) * unit
        // Half a millisecond of slack: a second typed to the millisecond names the frame at it.
        if keptSeconds == nil || frameSeconds <= seconds + 0.0005 {
          libraries.frameUnref(kept)
          guard libraries.frameRef(kept, decoded) >= 0 else { continue }
          keptSeconds = frameSeconds
        }
        if frameSeconds > seconds + 0.0005 { done = true }
      }
    }
    while !done {
      if file.deadline.passed {
        throw ProbeError(path: path, reason: "gave up decoding after the deadline")
      }
      let read = LibAV.loaded.readFrame(context, packet)
      if read < 0 {
        // The end of the file (or of what can be read): the decoder gives up the frames it holds.
        _ = libraries.sendPacket(codec, nil)
        drain()
        reachedEnd = !done
        break
      }
      defer { LibAV.loaded.packetUnref(packet) }
      guard packet.pointee.stream_index == stream else { continue }
      // A damaged packet is skipped; a frame after it may still decode.
      _ = libraries.sendPacket(codec, packet)
      drain()
    }
    guard let keptSeconds else {
      throw ProbeError(path: path, reason: "no frame of its video could be decoded")
    }
    return Shown(frame: kept, seconds: keptSeconds, reachedEnd: reachedEnd)
  }

  /// `frame` converted to RGB and written as PNG at its own size.
  ///
  /// - Returns: The PNG file's bytes.
  /// - Throws: ``ProbeError`` when the conversion or the encoder fails.
  func png(of frame: UnsafeMutablePointer<AVFrame>) throws -> [UInt8] {
    let width = frame.pointee.width
    let height = frame.pointee.height
    var rgb = libraries.frameAlloc()
    defer { libraries.frameFree(&rgb) }
    guard let rgb else { throw ProbeError(path: path, reason: "out of memory") }
    rgb.pointee.width = width
    rgb.pointee.height = height
    rgb.pointee.format = AV_PIX_FMT_RGB24.rawValue
    guard libraries.frameGetBuffer(rgb, 0) >= 0,
      let scaler = libraries.scaleContext(
        width, height, AVPixelFormat(rawValue: frame.pointee.format), width, height, AV_PIX_FMT_RGB24,
        SWS_BILINEAR, nil, nil, nil)
    else {
      throw ProbeError(path: path, reason: "its frame's pixel format cannot be converted to RGB")
    }
    defer { libraries.freeScaleContext(scaler) }
    _ = exhibit_scale_colours(libraries.coefficients, libraries.colourDetails, scaler, frame)
    guard exhibit_scale_frame(libraries.scale, scaler, frame, rgb) == height else {
      throw ProbeError(path: path, reason: "its frame could not be converted to RGB")
    }
    guard let encoder = libraries.findEncoder(AV_CODEC_ID_PNG) else {
      throw ProbeError(path: path, reason: "libavcodec here has no PNG encoder")
    }
    var context = libraries.allocCodecContext(encoder)
    defer { libraries.freeCodecContext(&context) }
    guard let context, let packet else { throw ProbeError(path: path, reason: "out of memory") }
    context.pointee.width = width
    context.pointee.height = height
    context.pointee.pix_fmt = AV_PIX_FMT_RGB24
    context.pointee.time_base = AVRational(num: 1, den: 25)
    rgb.pointee.pts = 0
    guard libraries.openCodec(context, encoder, nil) >= 0, libraries.sendFrame(context, rgb) >= 0,
      libraries.receivePacket(context, packet) >= 0, let data = packet.pointee.data
    else {
      throw ProbeError(path: path, reason: "its frame could not be written as PNG")
    }
    defer { LibAV.loaded.packetUnref(packet) }
    return Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)))
  }
}
