import CAVFormat
import CPocketSphinx
import Foundation

/// The functions listening needs beyond a still frame's: libswresample, to bring a recording's
/// audio to 16 kHz mono, and pocketsphinx with sphinxbase, to find speech in it and spot phrases.
/// Opened (like ``LibAV``) on first use, so only `listen` and the helpers it starts load them.
struct SpeechLibraries: @unchecked Sendable {
  let resamplerAlloc: exhibit_swr_alloc_set_opts2_fn
  let resamplerInit: exhibit_swr_init_fn
  let resample: exhibit_swr_convert_fn
  let resamplerFree: exhibit_swr_free_fn
  let defaultLayout: exhibit_av_channel_layout_default_fn
  let arguments: exhibit_ps_args_fn
  let parseArguments: exhibit_cmd_ln_parse_r_fn
  let freeArguments: exhibit_cmd_ln_free_r_fn
  let decoderInit: exhibit_ps_init_fn
  let decoderFree: exhibit_ps_free_fn
  let addWord: exhibit_ps_add_word_fn
  let lookupWord: exhibit_ps_lookup_word_fn
  let setKeywordSearch: exhibit_ps_set_kws_fn
  let setSearch: exhibit_ps_set_search_fn
  let startStream: exhibit_ps_start_stream_fn
  let startUtterance: exhibit_ps_start_utt_fn
  let endUtterance: exhibit_ps_end_utt_fn
  let processRaw: exhibit_ps_process_raw_fn
  let inSpeech: exhibit_ps_get_in_speech_fn
  let segments: exhibit_ps_seg_iter_fn
  let nextSegment: exhibit_ps_seg_next_fn
  let segmentWord: exhibit_ps_seg_word_fn
  let segmentFrames: exhibit_ps_seg_frames_fn
  let segmentProbability: exhibit_ps_seg_prob_fn
  let logMath: exhibit_ps_get_logmath_fn
  let logMathExp: exhibit_logmath_exp_fn
  let free: exhibit_free_fn

  /// The recogniser's library file names, unless `EXHIBIT_LIBPOCKETSPHINX` names another.
  static var recogniserLibraryNames: (sphinxbase: String, pocketsphinx: String) {
    (
      ProcessInfo.processInfo.environment["EXHIBIT_LIBSPHINXBASE"] ?? "libsphinxbase.so.3",
      ProcessInfo.processInfo.environment["EXHIBIT_LIBPOCKETSPHINX"] ?? "libpocketsphinx.so.3"
    )
  }

  /// libswresample's file name.
  static var resamplerLibraryName: String { "libswresample.so.\(LIBSWRESAMPLE_VERSION_MAJOR)" }

  private static let shared: Result<SpeechLibraries, MediaLibraryError> = {
    do {
      return .success(try SpeechLibraries())
    } catch let error as MediaLibraryError {
      return .failure(error)
    } catch {
      return .failure(MediaLibraryError(library: recogniserLibraryNames.pocketsphinx, reason: "\(error)"))
    }
  }()

  /// Opens the libraries (and the frame decoder's, through ``FrameLibraries``) unless that was done.
  /// - Returns: The functions.
  /// - Throws: ``MediaLibraryError`` naming the library and what the loader said.
  static func load() throws -> SpeechLibraries {
    _ = try FrameLibraries.load()
    return try shared.get()
  }

  private init() throws {
    let util = try LibAV.open(LibAV.libraryNames.util)
    let resampler = try LibAV.open(Self.resamplerLibraryName)
    let names = Self.recogniserLibraryNames
    let base = try LibAV.open(names.sphinxbase)
    let recogniser = try LibAV.open(names.pocketsphinx)
    let libc = try LibAV.open("libc.so.6")
    let swr = Self.resamplerLibraryName
    resamplerAlloc = try LibAV.function("swr_alloc_set_opts2", in: resampler, swr)
    resamplerInit = try LibAV.function("swr_init", in: resampler, swr)
    resample = try LibAV.function("swr_convert", in: resampler, swr)
    resamplerFree = try LibAV.function("swr_free", in: resampler, swr)
    defaultLayout = try LibAV.function("av_channel_layout_default", in: util, LibAV.libraryNames.util)
    arguments = try LibAV.function("ps_args", in: recogniser, names.pocketsphinx)
    parseArguments = try LibAV.function("cmd_ln_parse_r", in: base, names.sphinxbase)
    freeArguments = try LibAV.function("cmd_ln_free_r", in: base, names.sphinxbase)
    decoderInit = try LibAV.function("ps_init", in: recogniser, names.pocketsphinx)
    decoderFree = try LibAV.function("ps_free", in: recogniser, names.pocketsphinx)
    addWord = try LibAV.function("ps_add_word", in: recogniser, names.pocketsphinx)
    lookupWord = try LibAV.function("ps_lookup_word", in: recogniser, names.pocketsphinx)
    setKeywordSearch = try LibAV.function("ps_set_kws", in: recogniser, names.pocketsphinx)
    setSearch = try LibAV.function("ps_set_search", in: recogniser, names.pocketsphinx)
    startStream = try LibAV.function("ps_start_stream", in: recogniser, names.pocketsphinx)
    startUtterance = try LibAV.function("ps_start_utt", in: recogniser, names.pocketsphinx)
    endUtterance = try LibAV.function("ps_end_utt", in: recogniser, names.pocketsphinx)
    processRaw = try LibAV.function("ps_process_raw", in: recogniser, names.pocketsphinx)
    inSpeech = try LibAV.function("ps_get_in_speech", in: recogniser, names.pocketsphinx)
    segments = try LibAV.function("ps_seg_iter", in: recogniser, names.pocketsphinx)
    nextSegment = try LibAV.function("ps_seg_next", in: recogniser, names.pocketsphinx)
    segmentWord = try LibAV.function("ps_seg_word", in: recogniser, names.pocketsphinx)
    segmentFrames = try LibAV.function("ps_seg_frames", in: recogniser, names.pocketsphinx)
    segmentProbability = try LibAV.function("ps_seg_prob", in: recogniser, names.pocketsphinx)
    logMath = try LibAV.function("ps_get_logmath", in: recogniser, names.pocketsphinx)
    logMathExp = try LibAV.function("logmath_exp", in: base, names.sphinxbase)
    free = try LibAV.function("free", in: libc, "libc.so.6")
  }
}
