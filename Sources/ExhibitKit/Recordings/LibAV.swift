import CAVFormat
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// libavformat, libavcodec and libavutil, opened the first time a command probes media.
///
/// Linking them would load them, and the hundred codec libraries Debian builds them with, into
/// every command, even `--help`. Instead the libraries are opened with `dlopen` and each function
/// the probe calls is looked up once; its type comes from the headers (`CAVFormat`), so every
/// call is still checked by the compiler. A library that is missing or is not the one the
/// headers describe is an error naming it, not a loader crash.
struct LibAV: @unchecked Sendable {
  let setLogLevel: exhibit_av_log_set_level_fn
  let findInputFormat: exhibit_av_find_input_format_fn
  let allocContext: exhibit_avformat_alloc_context_fn
  let strdup: exhibit_av_strdup_fn
  let openInput: exhibit_avformat_open_input_fn
  let findStreamInfo: exhibit_avformat_find_stream_info_fn
  let closeInput: exhibit_avformat_close_input_fn
  let seekFile: exhibit_avformat_seek_file_fn
  let doubleToRational: exhibit_av_d2q_fn
  let packetAlloc: exhibit_av_packet_alloc_fn
  let packetFree: exhibit_av_packet_free_fn
  let readFrame: exhibit_av_read_frame_fn
  let packetUnref: exhibit_av_packet_unref_fn
  let codecName: exhibit_avcodec_get_name_fn
  let dictionaryGet: exhibit_av_dict_get_fn
  let errorString: exhibit_av_strerror_fn
  let indexEntryCount: exhibit_avformat_index_get_entries_count_fn
  let indexEntry: exhibit_avformat_index_get_entry_fn

  /// The file names the headers were written for (`libavformat.so.59`), unless
  /// `EXHIBIT_LIBAVFORMAT`, `EXHIBIT_LIBAVCODEC` or `EXHIBIT_LIBAVUTIL` names another file.
  static var libraryNames: (format: String, codec: String, util: String) {
    let environment = ProcessInfo.processInfo.environment
    return (
      environment["EXHIBIT_LIBAVFORMAT"] ?? "libavformat.so.\(LIBAVFORMAT_VERSION_MAJOR)",
      environment["EXHIBIT_LIBAVCODEC"] ?? "libavcodec.so.\(LIBAVCODEC_VERSION_MAJOR)",
      environment["EXHIBIT_LIBAVUTIL"] ?? "libavutil.so.\(LIBAVUTIL_VERSION_MAJOR)"
    )
  }

  /// The libraries, opened once per process on first use.
  private static let shared: Result<LibAV, MediaLibraryError> = {
    defer { attempted.store(true, ordering: .releasing) }
    do {
      return .success(try LibAV())
    } catch let error as MediaLibraryError {
      return .failure(error)
    } catch {
      return .failure(MediaLibraryError(library: libraryNames.format, reason: "\(error)"))
    }
  }()

  /// Set once opening the libraries has been tried, whatever came of it.
  private static let attempted = Atomic<Bool>(false)

  /// Whether ``load()`` would return at once instead of waiting for the libraries to open.
  static var isSettled: Bool { attempted.load(ordering: .acquiring) }

  /// Opens the libraries unless that was done already.
  /// - Throws: ``MediaLibraryError`` naming the library and what the loader said.
  static func load() throws -> LibAV { try shared.get() }

  /// Starts opening the libraries on a thread of their own and returns at once. A catalogue
  /// hashes its first files meanwhile: opening libavformat and the hundred libraries behind it
  /// takes tens of milliseconds. Whoever calls ``load()`` next waits for that thread's result.
  /// Calls after the first do nothing.
  static func loadInBackground() {
    guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Thread.detachNewThread { _ = try? load() }
  }

  /// Set by the first ``loadInBackground()``.
  private static let started = Atomic<Bool>(false)

  /// The opened libraries. Call only after ``load()`` succeeded (the probe does).
  static var loaded: LibAV {
    guard case .success(let libraries) = shared else { preconditionFailure("LibAV.load() was not checked") }
    return libraries
  }

  private init() throws {
    let names = Self.libraryNames
    // Dependencies first, so each library finds the one it needs already open.
    let util = try Self.open(names.util)
    let codec = try Self.open(names.codec)
    let format = try Self.open(names.format)
    setLogLevel = try Self.function("av_log_set_level", in: util, names.util)
    strdup = try Self.function("av_strdup", in: util, names.util)
    doubleToRational = try Self.function("av_d2q", in: util, names.util)
    dictionaryGet = try Self.function("av_dict_get", in: util, names.util)
    errorString = try Self.function("av_strerror", in: util, names.util)
    packetAlloc = try Self.function("av_packet_alloc", in: codec, names.codec)
    packetFree = try Self.function("av_packet_free", in: codec, names.codec)
    packetUnref = try Self.function("av_packet_unref", in: codec, names.codec)
    codecName = try Self.function("avcodec_get_name", in: codec, names.codec)
    findInputFormat = try Self.function("av_find_input_format", in: format, names.format)
    allocContext = try Self.function("avformat_alloc_context", in: format, names.format)
    openInput = try Self.function("avformat_open_input", in: format, names.format)
    findStreamInfo = try Self.function("avformat_find_stream_info", in: format, names.format)
    closeInput = try Self.function("avformat_close_input", in: format, names.format)
    seekFile = try Self.function("avformat_seek_file", in: format, names.format)
    readFrame = try Self.function("av_read_frame", in: format, names.format)
    indexEntryCount = try Self.function("avformat_index_get_entries_count", in: format, names.format)
    indexEntry = try Self.function("avformat_index_get_entry", in: format, names.format)
    // libav's own messages would go to stderr; Exhibit reports problems itself, naming the file.
    setLogLevel(AV_LOG_QUIET)
  }

  /// Opens a library by file name, naming it and the loader's words when it cannot.
  /// - Returns: Its handle.
  /// - Throws: ``MediaLibraryError``.
  static func open(_ name: String) throws -> UnsafeMutableRawPointer {
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      throw MediaLibraryError(library: name, reason: lastLoaderError())
    }
    return handle
  }

  /// Looks up a function of an open library, as the type the headers give it.
  /// - Returns: The function.
  /// - Throws: ``MediaLibraryError`` naming the library and the missing function.
  static func function<T>(_ symbol: String, in library: UnsafeMutableRawPointer, _ name: String)
    throws -> T
  {
    _ = dlerror()
    guard let address = dlsym(library, symbol) else {
      throw MediaLibraryError(library: name, reason: "it has no function \(symbol): \(lastLoaderError())")
    }
    return unsafeBitCast(address, to: T.self)
  }

  private static func lastLoaderError() -> String {
    dlerror().map { String(cString: $0) } ?? "the loader gave no reason"
  }
}

/// libavformat (or a library it needs) could not be opened when media had to be probed.
public struct MediaLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The library's file name or path.
  public let library: String
  /// What the loader said.
  public let reason: String

  public var description: String {
    "cannot load \(library), which reading recordings needs: \(reason); install it with "
      + "`apt-get install libavformat59` (or run `make setup`); commands that read no media still work"
  }
}
