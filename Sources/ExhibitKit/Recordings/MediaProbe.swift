import CAVFormat
import Foundation

/// Reads a recording's container, duration, streams and tags in-process with libavformat.
///
/// libavformat is guarded so no file can fool or stop a scan:
/// - only regular files are opened (`lstat` first: a FIFO would block, a device or folder fails);
/// - the container is detected from the first bytes by us (the EBML magic of Matroska/WebM,
///   an ISO base media box of QuickTime/MP4) and libavformat is told which demuxer to use, so
///   a text file named `.webm` that is really an ffconcat list or an HLS playlist is refused
///   before it can open anything else;
/// - only the `file` protocol, with `format_whitelist` and `protocol_whitelist` set on the
///   context as well;
/// - bounded probe size and analyse duration, a cap on streams, and an interrupt callback with
///   a deadline (`AVIOInterruptCB`), so a pathological file cannot hang the scan.
///
/// The duration comes from the header when it has one. A file without one (a browser's
/// MediaRecorder writes none) is read to its last packets, never estimated from the bit rate.
/// A file with one is read from a few seconds before its end, to see that the packets reach
/// it, unless its structure accounts for exactly its bytes (``ContainerExtent``): a file
/// cut short, or one still being written, is always read.
public struct MediaProbe: Sendable {
  /// How many bytes libavformat may read to find the streams.
  public var probeSize: Int64 = 8 << 20
  /// How much of the timeline libavformat may analyse, in microseconds.
  public var analyzeDuration: Int64 = 5_000_000
  /// How long one file may take, in seconds, before it is abandoned.
  public var deadlineSeconds: Double = 20
  /// The most streams a recording may declare.
  public var maximumStreams: Int32 = 64

  /// A probe with the default limits.
  public init() {}

  /// Probes one file.
  ///
  /// - Parameter path: The recording.
  /// - Returns: What it holds.
  /// - Throws: ``ProbeError`` naming the file and the reason (not a regular file, not a
  ///   recognised container, unreadable, stopped at the deadline), or ``MediaLibraryError``
  ///   when libavformat cannot be loaded.
  public func probe(_ path: String) throws -> MediaInfo {
    _ = try LibAV.load()
    try Self.requireRegularFile(path)
    let (format, extent) = try detectFormat(path)
    let context = try FormatContext(path: path, format: format, probe: self)
    return try context.read(complete: extent == .complete, medialess: extent == .noMediaData)
  }

  /// Refuses anything but a regular file, without following a final symbolic link.
  static func requireRegularFile(_ path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw ProbeError(path: path, reason: String(cString: strerror(errno)))
    }
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: kind = "a folder"
    case S_IFIFO: kind = "a FIFO (named pipe)"
    case S_IFLNK: kind = "a symbolic link"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a regular file"
    }
    throw ProbeError(path: path, reason: "\(kind), not a recording file")
  }

  /// How much of a recording its structure accounts for (``ContainerExtent``).
  enum Extent: Equatable {
    /// Every byte, media included: the declared duration is believed.
    case complete
    /// Not known to be whole: the packets are read to see where they end.
    case unknown
    /// An MP4 whose boxes hold no media data at all.
    case noMediaData
  }

  /// Detects the container from the file's first bytes and checks it against the whitelist.
  /// - Returns: The demuxer, and how complete the file is (``ContainerExtent``).
  func detectFormat(_ path: String) throws -> (UnsafePointer<AVInputFormat>, Extent) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { throw ProbeError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else {
      throw ProbeError(path: path, reason: count == 0 ? "empty file" : String(cString: strerror(errno)))
    }
    let head = Array(buffer.prefix(count))
    guard let name = Self.containerName(head), let format = LibAV.loaded.findInputFormat(name) else {
      throw ProbeError(
        path: path,
        reason: "not a WebM, Matroska or MP4 recording (\(Self.describeHead(head))); refused")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return (format, .unknown) }
    let size = Int64(status.st_size)
    if ContainerExtent.isComplete(container: name, head: head, descriptor: descriptor, size: size) {
      return (format, .complete)
    }
    if name == "mov", ContainerExtent.lacksMediaData(descriptor: descriptor, size: size) {
      return (format, .noMediaData)
    }
    return (format, .unknown)
  }

  /// The demuxer for a file's signature: the EBML magic of Matroska and WebM, or an ISO base
  /// media box (`ftyp`, `moov`, `mdat`, ...) of MP4 and QuickTime. Checking these few bytes
  /// ourselves, rather than asking every libavformat prober, is both faster and stricter: a
  /// playlist or concat list can never be taken for something that opens other files.
  static func containerName(_ head: [UInt8]) -> String? {
    if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "matroska" }
    if head.count >= 8 {
      let box = String(decoding: head[4..<8], as: UTF8.self)
      if ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"].contains(box) { return "mov" }
    }
    return nil
  }

  /// A few words on what a refused file starts with.
  private static func describeHead(_ head: [UInt8]) -> String {
    let printable = head.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    guard printable else { return "unrecognised binary data" }
    let line = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
    return "text starting \"\(line.prefix(40))\""
  }

}

/// The deadline an interrupt callback checks, shared with C through an opaque pointer.
final class Deadline {
  let limit: UInt64

  init(seconds: Double) {
    limit = Deadline.now() + UInt64(seconds * 1_000_000_000)
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  var passed: Bool { Deadline.now() > limit }
}

/// Owns one `AVFormatContext` (`avformat_open_input`), closed in `deinit`
/// (`avformat_close_input`). Not Sendable: one task opens, reads and frees it.
final class FormatContext {
  /// Opens `path` under the probe's guards (a regular file, a container recognised from its first
  /// bytes, the `file` protocol only) with `deadlineSeconds` for every call on it: how a frame and
  /// a recording's audio are decoded.
  /// - Throws: ``ProbeError`` naming the file and the reason.
  static func guarded(_ path: String, deadlineSeconds: Double) throws -> FormatContext {
    try MediaProbe.requireRegularFile(path)
    var probe = MediaProbe()
    probe.deadlineSeconds = deadlineSeconds
    let (format, _) = try probe.detectFormat(path)
    return try FormatContext(path: path, format: format, probe: probe)
  }

  private var context: UnsafeMutablePointer<AVFormatContext>?
  /// When the file's calls are given up; the interrupt callback reads it.
  let deadline: Deadline
  private let path: String

  init(path: String, format: UnsafePointer<AVInputFormat>, probe: MediaProbe) throws {
    self.path = path
    deadline = Deadline(seconds: probe.deadlineSeconds)
    guard let allocated = LibAV.loaded.allocContext() else {
      throw ProbeError(path: path, reason: "out of memory")
    }
    allocated.pointee.probesize = probe.probeSize
    allocated.pointee.max_analyze_duration = probe.analyzeDuration
    allocated.pointee.max_streams = probe.maximumStreams
    allocated.pointee.format_whitelist = LibAV.loaded.strdup("matroska,webm,mov,mp4,m4a,3gp,3g2,mj2")
    allocated.pointee.protocol_whitelist = LibAV.loaded.strdup("file")
    allocated.pointee.interrupt_callback = AVIOInterruptCB(
      callback: { opaque in
        guard let opaque else { return 0 }
        return Unmanaged<Deadline>.fromOpaque(opaque).takeUnretainedValue().passed ? 1 : 0
      }, opaque: Unmanaged.passUnretained(deadline).toOpaque())
    var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
    // On failure avformat_open_input frees the context and sets the pointer to NULL.
    let code = LibAV.loaded.openInput(&opened, "file:" + path, format, nil)
    guard code >= 0, let opened else {
      // libavformat answers a stream past `max_streams` with ENOMEM: say which limit it is.
      if code == -ENOMEM {
        throw ProbeError(
          path: path,
          reason:
            "declares more than \(probe.maximumStreams) streams, the most Exhibit reads in one recording")
      }
      throw ProbeError(path: path, reason: Self.describe(code, deadline: deadline))
    }
    context = opened
    // The header of a WebM or MP4 usually says everything; decoding frames to learn more
    // (avformat_find_stream_info) is the slowest part of a probe, so it runs only when needed.
    if Self.headerLacksParameters(opened) {
      let found = LibAV.loaded.findStreamInfo(opened, nil)
      guard found >= 0 else {
        throw ProbeError(path: path, reason: Self.describe(found, deadline: deadline))
      }
    }
  }

  deinit {
    LibAV.loaded.closeInput(&context)
  }

  /// The open context, for code that reads further than the probe (``FrameDecoder``).
  var opened: UnsafeMutablePointer<AVFormatContext>? { context }

  /// Whether some stream lacks its codec, a video its size, or an audio its rate or channels.
  private static func headerLacksParameters(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
    let count = Int(context.pointee.nb_streams)
    guard count > 0 else { return true }
    for index in 0..<count {
      guard let parameters = context.pointee.streams[index]?.pointee.codecpar.pointee else { return true }
      if parameters.codec_id == AV_CODEC_ID_NONE { return true }
      switch parameters.codec_type {
      case AVMEDIA_TYPE_VIDEO where parameters.width <= 0 || parameters.height <= 0: return true
      case AVMEDIA_TYPE_AUDIO where parameters.sample_rate <= 0 || parameters.ch_layout.nb_channels <= 0:
        return true
      default: continue
      }
    }
    return false
  }

  // Long: the header, the sample table, then the packets, each step deciding whether the next is needed.
  /// What the open file holds.
  /// - Parameters:
  ///   - complete: Whether the file's structure accounts for all its bytes, so a declared
  ///     duration needs no check against the last packets.
  ///   - medialess: Whether the file's structure holds no media data at all (an MP4 with a
  ///     `moov` and no `mdat`): it is truncated to nothing, whatever its header declares.
  /// - Returns: The container, streams, duration, tags, and whether the file was cut short.
  /// - Throws: ``ProbeError`` when packet times are past any recording or the deadline passed.
  func read(complete: Bool, medialess: Bool = false) throws -> MediaInfo {
    guard let context else { throw ProbeError(path: path, reason: "not open") }
    let format = context.pointee
    var info = MediaInfo(
      container: format.iformat.map { String(cString: $0.pointee.name) } ?? "unknown",
      durationMilliseconds: nil, durationSource: nil,
      bitRate: format.bit_rate > 0 ? Int(format.bit_rate) : nil,
      tags: Self.dictionary(format.metadata), streams: [], truncated: false, truncationReason: nil)
    for index in 0..<Int(format.nb_streams) {
      guard let stream = format.streams[index] else { continue }
      info.streams.append(Self.stream(stream.pointee, index: index))
    }
    let headerDuration =
      format.duration != exhibit_av_nopts_value() && format.duration > 0 ? format.duration : nil
    if let headerDuration {
      guard let milliseconds = MediaProbe.milliseconds(Double(headerDuration) / Double(AV_TIME_BASE)) else {
        throw ProbeError(path: path, reason: "the header declares a duration past any real recording")
      }
      info.durationMilliseconds = milliseconds
      info.durationSource = "container"
    }
    // Its sample tables point into bytes that are not there: whatever libavformat would read at
    // those offsets is not media.
    if medialess {
      info.truncated = true
      info.truncationReason =
        "no media packets: the file holds a header declaring \(info.durationMilliseconds ?? 0) ms and no media data box"
      info.durationMilliseconds = 0
      info.durationSource = "packets"
      return try finish(info)
    }
    // A complete file with a header duration and frame rate is not read further. With a header
    // duration only the last seconds are read, to see that the packets reach it (a cut file
    // does not). Without one, every packet is read to find the last.
    // An MP4 whose boxes tile the file can still list samples past its end: they are not media.
    if complete, info.container.hasPrefix("mov"), let cut = Self.samplesPastEnd(context, path: path) {
      (info.truncated, info.truncationReason) = (true, cut)
      return try finish(info)
    }
    let videoIndex = info.video?.index
    if complete, headerDuration != nil, videoIndex.map({ info.streams[$0].frameRate != nil }) ?? true {
      return try finish(info)
    }
    var scan: PacketScan
    if let headerDuration, seekNearEnd(context, duration: headerDuration) {
      scan = scanPackets(context, videoIndex: videoIndex)
      scan.startMilliseconds = nil
      // Nothing (or too little) after the seek: the file is cut, and where its media really
      // ends is found by reading it from the start.
      if Self.fallsShort(scan, declared: info.durationMilliseconds), seekToStart(context) {
        scan = scanPackets(context, videoIndex: videoIndex)
      }
    } else {
      scan = scanPackets(context, videoIndex: videoIndex)
    }
    if let outOfRange = scan.outOfRange { throw ProbeError(path: path, reason: outOfRange) }
    if let videoIndex, info.streams[videoIndex].frameRate == nil, let rate = scan.videoFrameRate {
      info.streams[videoIndex].frameRate = rate
    }
    if headerDuration == nil, let end = scan.endMilliseconds {
      info.durationMilliseconds = end - (scan.startMilliseconds ?? 0)
      info.durationSource = "packets"
    }
    if let declared = info.durationMilliseconds, headerDuration != nil,
      Self.fallsShort(scan, declared: declared)
    {
      // The header's duration is a promise the packets must keep: the duration stored is what
      // is there, so no segment past it can be judged.
      let end = scan.endMilliseconds ?? 0
      info.truncated = true
      info.truncationReason =
        scan.failure.map { "\($0); media ends at \(end) ms of a declared \(declared) ms" }
        ?? (scan.endMilliseconds == nil
          ? "no media packets: the file holds a header declaring \(declared) ms and nothing after it"
          : "packets end at \(end) ms of a declared \(declared) ms")
      info.durationMilliseconds = end
      info.durationSource = "packets"
    } else if let failure = scan.failure {
      info.truncated = true
      info.truncationReason = failure
    }
    return try finish(info)
  }

  /// Why an MP4's sample table is cut: the first sample the demuxer's index places past the end
  /// of the file; nil when every sample is in it.
  static func samplesPastEnd(_ context: UnsafeMutablePointer<AVFormatContext>, path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let fileSize = Int64(status.st_size)
    let library = LibAV.loaded
    for index in 0..<Int(context.pointee.nb_streams) {
      guard let stream = context.pointee.streams[index] else { continue }
      let count = library.indexEntryCount(stream)
      for entry in 0..<max(count, 0) {
        guard let found = library.indexEntry(stream, entry) else { continue }
        let size = exhibit_index_entry_size(found)
        let (end, overflow) = found.pointee.pos.addingReportingOverflow(size)
        if found.pointee.pos < 0 || overflow || end > fileSize {
          return
            "its sample table lists \(size) bytes at offset \(found.pointee.pos), past the file's \(fileSize) bytes"
        }
      }
    }
    return nil
  }

  /// How far before the declared end the last packet may stop and the file still be whole: the
  /// last frame's or audio packet's length when the container does not state it.
  static let endTolerance = 250

  /// Whether the packets read stop short of `declared` milliseconds (or none were read).
  private static func fallsShort(_ scan: PacketScan, declared: Int?) -> Bool {
    guard let declared else { return false }
    guard let end = scan.endMilliseconds else { return true }
    return end + endTolerance < declared
  }

  /// Seeks back to the first packet, to read a cut file from its start.
  private func seekToStart(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
    LibAV.loaded.seekFile(context, -1, Int64.min, 0, 0, 0) >= 0
  }

  /// The bit rate from the file's size when the header gave none, and the deadline's check.
  private func finish(_ info: MediaInfo) throws -> MediaInfo {
    var info = info
    if info.bitRate == nil, let duration = info.durationMilliseconds, duration > 0 {
      var status = stat()
      if stat(path, &status) == 0 {
        let (bits, overflow) = Int64(status.st_size).multipliedReportingOverflow(by: 8000)
        if !overflow { info.bitRate = Int(bits / Int64(duration)) }
      }
    }
    if deadline.passed { throw ProbeError(path: path, reason: "gave up after the probe deadline") }
    return info
  }

  /// Seeks every stream to a few seconds before the declared end, from the file's index.
  /// - Returns: Whether the seek worked; without an index the caller reads from the start.
  private func seekNearEnd(_ context: UnsafeMutablePointer<AVFormatContext>, duration: Int64) -> Bool {
    let target = max(0, duration - 3 * Int64(AV_TIME_BASE))
    guard target > 0 else { return false }
    return LibAV.loaded.seekFile(context, -1, Int64.min, target, target, 0) >= 0
  }

  /// What reading packet headers found.
  private struct PacketScan {
    var startMilliseconds: Int?
    var endMilliseconds: Int?
    var failure: String?
    /// Why the packet times cannot be a recording's, when they cannot.
    var outOfRange: String?
    var videoFrames = 0
    var videoFirst: Double?
    var videoLast: Double?

    /// The video's average frame rate over the packets read, as a fraction.
    var videoFrameRate: String? {
      guard videoFrames > 1, let first = videoFirst, let last = videoLast, last > first else { return nil }
      let rate = LibAV.loaded.doubleToRational(Double(videoFrames - 1) / (last - first), 1_001_000)
      return rate.den > 0 && rate.num > 0 ? "\(rate.num)/\(rate.den)" : nil
    }
  }

  /// Reads packet headers (`av_read_frame`) to the end, keeping the earliest start, the latest
  /// end, and the video stream's packet times.
  private func scanPackets(_ context: UnsafeMutablePointer<AVFormatContext>, videoIndex: Int?) -> PacketScan {
    var scan = PacketScan()
    guard let packet = LibAV.loaded.packetAlloc() else {
      scan.failure = "out of memory"
      return scan
    }
    var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
    defer { LibAV.loaded.packetFree(&packetPointer) }
    while true {
      let code = LibAV.loaded.readFrame(context, packet)
      if code == exhibit_averror_eof() { break }
      if code < 0 {
        scan.failure = "stopped reading: \(Self.describe(code, deadline: deadline))"
        return scan
      }
      defer { LibAV.loaded.packetUnref(packet) }
      let streamIndex = Int(packet.pointee.stream_index)
      guard let stream = context.pointee.streams[streamIndex] else { continue }
      let base = stream.pointee.time_base
      guard base.den != 0 else { continue }
      let timestamp = packet.pointee.pts != exhibit_av_nopts_value() ? packet.pointee.pts : packet.pointee.dts
      guard timestamp != exhibit_av_nopts_value() else { continue }
      // Times come from the file: every conversion is checked, and a time no recording can have
      // makes the file an error rather than a trap.
      let (endTimestamp, overflow) = timestamp.addingReportingOverflow(max(packet.pointee.duration, 0))
      let seconds = Double(timestamp) * Double(base.num) / Double(base.den)
      guard !overflow, let startMilliseconds = MediaProbe.milliseconds(seconds),
        let endMilliseconds = MediaProbe.milliseconds(
          Double(endTimestamp) * Double(base.num) / Double(base.den))
      else {
        scan.outOfRange =
          "a packet of stream \(streamIndex) is timed at \(timestamp) × \(base.num)/\(base.den) s, "
          + "past any real recording"
        return scan
      }
      scan.startMilliseconds = min(scan.startMilliseconds ?? startMilliseconds, startMilliseconds)
      scan.endMilliseconds = max(scan.endMilliseconds ?? endMilliseconds, endMilliseconds)
      if streamIndex == videoIndex {
        scan.videoFrames += 1
        scan.videoFirst = min(scan.videoFirst ?? seconds, seconds)
        scan.videoLast = max(scan.videoLast ?? seconds, seconds)
      }
    }
    return scan
  }

  private static func stream(_ stream: AVStream, index: Int) -> MediaInfo.Stream {
    let parameters = stream.codecpar.pointee
    let kind: String
    switch parameters.codec_type {
    case AVMEDIA_TYPE_VIDEO: kind = "video"
    case AVMEDIA_TYPE_AUDIO: kind = "audio"
    case AVMEDIA_TYPE_SUBTITLE: kind = "subtitle"
    case AVMEDIA_TYPE_DATA: kind = "data"
    case AVMEDIA_TYPE_ATTACHMENT: kind = "attachment"
    default: kind = "other"
    }
    let tags = dictionary(stream.metadata)
    var result = MediaInfo.Stream(
      index: index, kind: kind,
      codec: LibAV.loaded.codecName(parameters.codec_id).map { String(cString: $0) } ?? "unknown",
      bitRate: parameters.bit_rate > 0 ? Int(parameters.bit_rate) : nil,
      language: tags["language"] ?? tags["LANGUAGE"])
    if kind == "video" {
      result.width = Int(parameters.width)
      result.height = Int(parameters.height)
      let rate =
        stream.avg_frame_rate.den != 0 && stream.avg_frame_rate.num != 0
        ? stream.avg_frame_rate : stream.r_frame_rate
      if rate.den != 0 && rate.num != 0 { result.frameRate = "\(rate.num)/\(rate.den)" }
    } else if kind == "audio" {
      result.sampleRate = Int(parameters.sample_rate)
      result.channels = Int(parameters.ch_layout.nb_channels)
    }
    return result
  }

  /// Copies an `AVDictionary` (`av_dict_get` with `AV_DICT_IGNORE_SUFFIX`).
  private static func dictionary(_ dictionary: OpaquePointer?) -> [String: String] {
    var result: [String: String] = [:]
    var entry: UnsafeMutablePointer<AVDictionaryEntry>?
    while let next = LibAV.loaded.dictionaryGet(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
      result[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
      entry = next
    }
    return result
  }

  /// `av_strerror`, or a note that the deadline stopped the call.
  static func describe(_ code: Int32, deadline: Deadline) -> String {
    if code == exhibit_averror_exit() || deadline.passed { return "gave up after the probe deadline" }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = LibAV.loaded.errorString(code, &buffer, buffer.count)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return code == exhibit_averror_invaliddata() ? "invalid or damaged data (\(message))" : message
  }
}

extension MediaProbe {
  /// The longest time, in milliseconds, a packet may be timed at (about 31,700 years): any
  /// later is no recording, and converting it could overflow.
  public static let latestMilliseconds = 1e15

  /// Seconds as whole milliseconds, nil when they are not finite or past ``latestMilliseconds``.
  static func milliseconds(_ seconds: Double) -> Int? {
    let value = (seconds * 1000).rounded()
    guard value.isFinite, abs(value) <= latestMilliseconds else { return nil }
    return Int(value)
  }
}
