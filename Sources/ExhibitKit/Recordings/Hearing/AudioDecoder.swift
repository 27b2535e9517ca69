import CAVFormat
import Foundation

/// Decodes a recording's audio in-process and hands it on as 16 kHz mono 16-bit samples, the
/// speech recogniser's input: libavformat reads the file under the probe's guards (a regular
/// file, a container recognised from its first bytes, the `file` protocol only, a deadline),
/// libavcodec decodes the first audio stream and libswresample converts it. Not Sendable: one
/// call makes, uses and frees it.
final class AudioDecoder {
  /// The rate the recogniser's model was trained at.
  static let sampleRate: Int32 = 16_000

  private let libraries: FrameLibraries
  private let speech: SpeechLibraries
  private let path: String
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private var decoded: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var resampler: OpaquePointer?
  private var output = [Int16](repeating: 0, count: 65_536)

  init(path: String) throws {
    libraries = try FrameLibraries.load()
    speech = try SpeechLibraries.load()
    self.path = path
  }

  deinit {
    libraries.freeCodecContext(&codec)
    libraries.frameFree(&decoded)
    LibAV.loaded.packetFree(&packet)
    speech.resamplerFree(&resampler)
  }

  // Long: open, find and open the audio decoder, then one loop over packets, each frame resampled and handed on.
  /// Decodes the whole of `path`'s first audio stream, calling `take` with each run of samples.
  ///
  /// - Parameters:
  ///   - deadlineSeconds: How long the file may take.
  ///   - take: Given each run of 16 kHz mono samples, in order.
  /// - Returns: The seconds of audio decoded.
  /// - Throws: ``ProbeError`` naming the file and the reason (no audio, no decoder, the deadline).
  func decode(deadlineSeconds: Double, _ take: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Double {
    let file = try FormatContext.guarded(path, deadlineSeconds: deadlineSeconds)
    guard let context = file.opened else { throw ProbeError(path: path, reason: "not open") }
    let index = libraries.findBestStream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    guard index >= 0, let stream = context.pointee.streams[Int(index)] else {
      throw ProbeError(path: path, reason: "has no audio stream, so there is nothing to hear")
    }
    try openDecoder(stream)
    guard let codec, let decoded, let packet else { throw ProbeError(path: path, reason: "out of memory") }
    var samples = 0
    func drain() throws {
      while libraries.receiveFrame(codec, decoded) == 0 {
        defer { libraries.frameUnref(decoded) }
        samples += try convert(decoded, take)
      }
    }
    while true {
      if file.deadline.passed {
        throw ProbeError(path: path, reason: "gave up decoding its audio after the deadline")
      }
      let read = LibAV.loaded.readFrame(context, packet)
      if read < 0 { break }
      defer { LibAV.loaded.packetUnref(packet) }
      guard packet.pointee.stream_index == index else { continue }
      // A damaged packet is skipped; the audio after it may still decode.
      _ = libraries.sendPacket(codec, packet)
      try drain()
    }
    _ = libraries.sendPacket(codec, nil)
    try drain()
    samples += try convert(nil, take)
    return Double(samples) / Double(Self.sampleRate)
  }

  private func openDecoder(_ stream: UnsafeMutablePointer<AVStream>) throws {
    let parameters = stream.pointee.codecpar.pointee
    guard let decoder = libraries.findDecoder(parameters.codec_id) else {
      let name = LibAV.loaded.codecName(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
      throw ProbeError(path: path, reason: "its audio codec (\(name)) has no decoder here")
    }
    codec = libraries.allocCodecContext(decoder)
    decoded = libraries.frameAlloc()
    packet = LibAV.loaded.packetAlloc()
    guard let codec, decoded != nil, packet != nil else {
      throw ProbeError(path: path, reason: "out of memory")
    }
    guard libraries.parametersToContext(codec, stream.pointee.codecpar) >= 0,
      libraries.openCodec(codec, decoder, nil) >= 0
    else {
      throw ProbeError(path: path, reason: "its audio decoder would not open")
    }
  }

  /// Resamples one frame (nil: what the resampler still holds) and hands the samples on.
  /// - Returns: How many samples were handed on.
  private func convert(
    _ frame: UnsafeMutablePointer<AVFrame>?, _ take: (UnsafeBufferPointer<Int16>) throws -> Void
  )
    throws -> Int
  {
    if let frame, resampler == nil { try openResampler(for: frame) }
    guard let resampler else { return 0 }
    if let frame {
      // A frame twice the buffer's worth of samples at 16 kHz gets room for them.
      let needed =
        Int(frame.pointee.nb_samples) * Int(Self.sampleRate) / max(1, Int(frame.pointee.sample_rate)) + 256
      if needed > output.count { output = [Int16](repeating: 0, count: needed) }
    }
    var handed = 0
    while true {
      let count = output.withUnsafeMutableBufferPointer { buffer in
        exhibit_resample_frame(speech.resample, resampler, buffer.baseAddress, Int32(buffer.count), frame)
      }
      guard count > 0 else { break }
      try output.withUnsafeBufferPointer { try take(UnsafeBufferPointer(rebasing: $0[..<Int(count)])) }
      handed += Int(count)
      // A frame is taken whole in one call; only a flush may need several.
      if frame != nil { break }
    }
    return handed
  }

  private func openResampler(for frame: UnsafeMutablePointer<AVFrame>) throws {
    var mono = AVChannelLayout()
    speech.defaultLayout(&mono, 1)
    var input = frame.pointee.ch_layout
    if input.order == AV_CHANNEL_ORDER_UNSPEC || input.nb_channels <= 0 {
      speech.defaultLayout(&input, max(1, frame.pointee.ch_layout.nb_channels))
    }
    guard frame.pointee.sample_rate > 0,
      speech.resamplerAlloc(
        &resampler, &mono, AV_SAMPLE_FMT_S16, Self.sampleRate, &input,
        AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate, 0, nil) >= 0,
      speech.resamplerInit(resampler) >= 0
    else {
      throw ProbeError(path: path, reason: "its audio (\(frame.pointee.sample_rate) Hz) cannot be resampled")
    }
  }
}
