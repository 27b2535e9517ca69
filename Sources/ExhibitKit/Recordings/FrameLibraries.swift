import CAVFormat
import Foundation

/// The functions a still frame needs beyond the probe's: libavcodec's decoders and PNG encoder,
/// libavutil's frames and libswscale's conversion to RGB, opened (like ``LibAV``) on first use, so
/// only `frame` and the commands that draw frames load libswscale.
struct FrameLibraries: @unchecked Sendable {
  let findBestStream: exhibit_av_find_best_stream_fn
  let seekFrame: exhibit_av_seek_frame_fn
  let findDecoder: exhibit_avcodec_find_decoder_fn
  let findEncoder: exhibit_avcodec_find_encoder_fn
  let allocCodecContext: exhibit_avcodec_alloc_context3_fn
  let freeCodecContext: exhibit_avcodec_free_context_fn
  let parametersToContext: exhibit_avcodec_parameters_to_context_fn
  let openCodec: exhibit_avcodec_open2_fn
  let sendPacket: exhibit_avcodec_send_packet_fn
  let receiveFrame: exhibit_avcodec_receive_frame_fn
  let sendFrame: exhibit_avcodec_send_frame_fn
  let receivePacket: exhibit_avcodec_receive_packet_fn
  let frameAlloc: exhibit_av_frame_alloc_fn
  let frameFree: exhibit_av_frame_free_fn
  let frameGetBuffer: exhibit_av_frame_get_buffer_fn
  let frameRef: exhibit_av_frame_ref_fn
  let frameUnref: exhibit_av_frame_unref_fn
  let scaleContext: exhibit_sws_getContext_fn
  let scale: exhibit_sws_scale_fn
  let freeScaleContext: exhibit_sws_freeContext_fn
  let coefficients: exhibit_sws_getCoefficients_fn
  let colourDetails: exhibit_sws_setColorspaceDetails_fn

  /// libswscale's file name, unless `EXHIBIT_LIBSWSCALE` names another.
  static var scaleLibraryName: String {
    ProcessInfo.processInfo.environment["EXHIBIT_LIBSWSCALE"] ?? "libswscale.so.\(LIBSWSCALE_VERSION_MAJOR)"
  }

  private static let shared: Result<FrameLibraries, MediaLibraryError> = {
    do {
      return .success(try FrameLibraries())
    } catch let error as MediaLibraryError {
      return .failure(error)
    } catch {
      return .failure(MediaLibraryError(library: scaleLibraryName, reason: "\(error)"))
    }
  }()

  /// Opens the libraries (and libavformat's, through ``LibAV``) unless that was done already.
  /// - Returns: The functions.
  /// - Throws: ``MediaLibraryError`` naming the library and what the loader said.
  static func load() throws -> FrameLibraries {
    _ = try LibAV.load()
    return try shared.get()
  }

  private init() throws {
    let names = LibAV.libraryNames
    let util = try LibAV.open(names.util)
    let codec = try LibAV.open(names.codec)
    let format = try LibAV.open(names.format)
    let scaler = try LibAV.open(Self.scaleLibraryName)
    findBestStream = try LibAV.function("av_find_best_stream", in: format, names.format)
    seekFrame = try LibAV.function("av_seek_frame", in: format, names.format)
    findDecoder = try LibAV.function("avcodec_find_decoder", in: codec, names.codec)
    findEncoder = try LibAV.function("avcodec_find_encoder", in: codec, names.codec)
    allocCodecContext = try LibAV.function("avcodec_alloc_context3", in: codec, names.codec)
    freeCodecContext = try LibAV.function("avcodec_free_context", in: codec, names.codec)
    parametersToContext = try LibAV.function("avcodec_parameters_to_context", in: codec, names.codec)
    openCodec = try LibAV.function("avcodec_open2", in: codec, names.codec)
    sendPacket = try LibAV.function("avcodec_send_packet", in: codec, names.codec)
    receiveFrame = try LibAV.function("avcodec_receive_frame", in: codec, names.codec)
    sendFrame = try LibAV.function("avcodec_send_frame", in: codec, names.codec)
    receivePacket = try LibAV.function("avcodec_receive_packet", in: codec, names.codec)
    frameAlloc = try LibAV.function("av_frame_alloc", in: util, names.util)
    frameFree = try LibAV.function("av_frame_free", in: util, names.util)
    frameGetBuffer = try LibAV.function("av_frame_get_buffer", in: util, names.util)
    frameRef = try LibAV.function("av_frame_ref", in: util, names.util)
    frameUnref = try LibAV.function("av_frame_unref", in: util, names.util)
    scaleContext = try LibAV.function("sws_getContext", in: scaler, Self.scaleLibraryName)
    scale = try LibAV.function("sws_scale", in: scaler, Self.scaleLibraryName)
    freeScaleContext = try LibAV.function("sws_freeContext", in: scaler, Self.scaleLibraryName)
    coefficients = try LibAV.function("sws_getCoefficients", in: scaler, Self.scaleLibraryName)
    colourDetails = try LibAV.function("sws_setColorspaceDetails", in: scaler, Self.scaleLibraryName)
  }
}
