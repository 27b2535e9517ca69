import Foundation
import Synchronization

/// Runs libavformat in helper processes (`exhibit probe-helper`) that a wall-clock deadline can
/// stop for good.
///
/// libavformat's interrupt callback is asked only when it reads, so a file whose header makes it
/// compute for minutes (a Matroska file with 100,000 tags) cannot be stopped from inside; a
/// crash inside it would take the whole catalogue down. Each probe is sent to a helper; when no
/// answer comes within the deadline the helper is killed (SIGKILL) and the file is named as
/// failed, and a helper that dies takes only its file with it. Helpers are kept for the next
/// file, one per core at most (``HelperPool``); a catalogue keeps only as many as its files pay
/// for (``helpers(forReading:cores:)``), since each opens libavformat's hundred and more
/// libraries. A helper says when it has opened them, and the catalogue hashes files until then. Still frames are decoded there too (``frame(_:atSeconds:durationSeconds:)``):
/// libavcodec meets a recording's pictures only then, so a stream built to crash or stall the
/// decoder stops a helper, never the command or the web server that asked.
public final class ProbeBox: Sendable {
  /// The box the catalogue uses, when a binary that can be a helper is configured; nil probes in
  /// process (tests, and code that links ExhibitKit without such a binary).
  public static var shared: ProbeBox? { configured.withLock { $0 } }
  private static let configured = Mutex<ProbeBox?>(nil)

  /// Makes `executable` (run as `executable probe-helper`) the helpers of every catalogue.
  public static func configure(executable: String, deadlineSeconds: Double) {
    configured.withLock { $0 = ProbeBox(executable: executable, deadlineSeconds: deadlineSeconds) }
  }

  /// How long one recording may take to read: `$EXHIBIT_PROBE_SECONDS` (up to an hour), else 20.
  public static func deadlineSeconds(environment: [String: String]) -> Double {
    environment["EXHIBIT_PROBE_SECONDS"].flatMap(Double.init).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil }
      ?? 20
  }

  /// This process's executable, as the kernel knows it.
  public static var ownExecutable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// The wall-clock time one file may take, from the request to the answer.
  public let deadlineSeconds: Double
  /// The processor time one file may take: reading a recording waits on the disk, computing
  /// for seconds over a header is an attack.
  public static let cpuSeconds = 3.0
  private let executable: String
  private let helpers: HelperPool<Helper>

  init(executable: String, deadlineSeconds: Double) {
    self.executable = executable
    self.deadlineSeconds = deadlineSeconds
    helpers = HelperPool(limit: max(1, Self.maximumHelpers))
  }

  deinit {
    for helper in helpers.drain() { helper.stop() }
  }

  /// The most helpers alive at once: one per core. Each opens libavformat and the hundred and
  /// more libraries behind it (about 50 ms of processor time), so a catalogue that started a
  /// helper for every file asked while the first were still opening paid that again and again.
  public static var maximumHelpers: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Starts helpers, up to the most alive at once, in the background, so they open libavformat
  /// while the catalogue hashes the first files. A second call adds none.
  public func prestart(_ count: Int) {
    let executable = executable
    let more = helpers.reserve(count)
    guard more > 0 else { return }
    Thread.detachNewThread { [helpers] in
      for _ in 0..<more {
        guard let helper = try? Helper.start(executable) else {
          helpers.lost()
          continue
        }
        helpers.giveBack(helper)
      }
    }
  }

  /// Whether an idle helper has opened its libraries, so a probe asked now is answered without
  /// waiting for them.
  public var hasReadyHelper: Bool { helpers.hasIdle { $0.isReady() } }

  /// How many helpers a catalogue that reads `files` recordings should keep, on `cores` cores:
  /// one, and one more for every further ``filesPerHelper`` files. A helper's libraries cost
  /// about as much processor time as probing that many files, time the hashing would otherwise
  /// have had.
  public static func helpers(forReading files: Int, cores: Int) -> Int {
    max(1, min(cores, (files + filesPerHelper - 1) / filesPerHelper))
  }

  /// The files that pay for a helper of their own (about 50 ms of its libraries against
  /// 0.2 ms a probe, measured on the corpus).
  public static let filesPerHelper = 256

  /// Probes one file in a helper.
  /// - Parameters:
  ///   - path: The file.
  ///   - helpers: The most helpers probes like this one may keep alive at once (at most the
  ///     box's own limit); nil for the box's limit.
  /// - Returns: What libavformat read of the file.
  /// - Throws: ``ProbeError`` (the file's problem, the deadline, a helper that died) or
  ///   ``MediaLibraryError`` when the helper cannot load libavformat.
  func probe(_ path: String, helpers: Int? = nil) throws -> MediaInfo {
    switch try ask(path, prefix: "", cpuLimit: Self.cpuSeconds, helpers: helpers) {
    case .info(let info): return info
    case .frame, .heard: throw ProbeError(path: path, reason: "the probe helper answered with no probe")
    case .refused(let reason): throw ProbeError(path: path, reason: reason)
    case .library(let error): throw error
    }
  }

  /// The processor time one frame may take: decoding from the key frame before the second.
  public static let frameCPUSeconds = 10.0

  /// Decodes the frame `path` shows at `seconds` in a helper (``FrameDecoder``).
  /// - Throws: ``ProbeError`` (the file's problem, the deadline, a helper that died) or
  ///   ``MediaLibraryError`` when the helper cannot load a library.
  func frame(_ path: String, atSeconds seconds: Double, durationSeconds: Double?) throws -> StillFrame {
    let request = "F \(seconds) \(durationSeconds.map { String($0) } ?? "-") "
    switch try ask(path, prefix: request, cpuLimit: Self.frameCPUSeconds) {
    case .frame(let frame): return frame
    case .info, .heard: throw ProbeError(path: path, reason: "the probe helper answered with no frame")
    case .refused(let reason): throw ProbeError(path: path, reason: reason)
    case .library(let error): throw error
    }
  }

  /// Listens to `path` in a helper (``RecordingListener``), within the time its duration allows.
  /// - Throws: ``ProbeError`` (the file's problem, the deadline, a helper that died) or
  ///   ``MediaLibraryError`` when the helper cannot load a library or the model.
  func listen(_ path: String, vocabulary: ListeningVocabulary, durationSeconds: Double?) throws -> HeardTrack
  {
    let limit = RecordingListener.deadline(durationSeconds: durationSeconds, probeSeconds: deadlineSeconds)
    // The phrases travel before the path, in the bytes counted, a NUL between.
    let payload = vocabulary.phrases.joined(separator: "\n") + "\u{0}" + path
    switch try ask(payload, prefix: "L \(limit) ", cpuLimit: limit, deadline: limit, named: path) {
    case .heard(let track): return track
    case .info, .frame: throw ProbeError(path: path, reason: "the probe helper answered with no listening")
    case .refused(let reason): throw ProbeError(path: path, reason: reason)
    case .library(let error): throw error
    }
  }

  /// Sends one request to an idle helper (or a new one, or the next one free when as many are
  /// alive as may be) and returns its answer; a helper that gave no answer in time is stopped,
  /// the file named.
  private func ask(
    _ path: String, prefix: String, cpuLimit: Double, deadline: Double? = nil, named: String? = nil,
    helpers limit: Int? = nil
  ) throws -> Helper.Answer {
    let executable = executable
    let helper = try helpers.take(limit: limit) { try Helper.start(executable) }
    let answer: Helper.Answer
    do {
      answer = try helper.ask(path, prefix: prefix, deadline: deadline ?? deadlineSeconds, cpuLimit: cpuLimit)
    } catch let failure as Helper.Failure {
      helper.stop()
      helpers.lost()
      throw ProbeError(path: named ?? path, reason: failure.reason)
    }
    helpers.giveBack(helper)
    return answer
  }

  /// One helper process and the pipes to it.
  final class Helper: @unchecked Sendable {
    /// What a helper answered.
    enum Answer {
      case info(MediaInfo)
      case frame(StillFrame)
      case heard(HeardTrack)
      case refused(String)
      case library(MediaLibraryError)
    }

    /// Why there is no answer: the helper was stopped, or died.
    struct Failure: Error {
      let reason: String
    }

    let process: Process
    let input: FileHandle
    /// The answers' pipe, closed through its handle so that its descriptor is closed once: a
    /// second close, when the handle went away, could close a pipe another helper had just
    /// been given the same number for.
    private let outputHandle: FileHandle
    let output: Int32
    private var buffer: [UInt8] = []
    /// Whether the helper said it has opened its libraries (``ProbeHelper/readyLine``).
    private var ready = false

    private init(process: Process, input: FileHandle, output: FileHandle) {
      self.process = process
      self.input = input
      self.outputHandle = output
      self.output = output.fileDescriptor
    }

    static func start(_ executable: String) throws -> Helper {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["probe-helper"]
      let toHelper = Pipe()
      let fromHelper = Pipe()
      process.standardInput = toHelper
      process.standardOutput = fromHelper
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        throw ProbeError(
          path: executable, reason: "cannot start the probe helper: \(error.localizedDescription)")
      }
      return Helper(
        process: process, input: toHelper.fileHandleForWriting, output: fromHelper.fileHandleForReading)
    }

    /// Sends a path, waits up to `deadline` seconds for the answer line, or until the helper
    /// has spent `cpuLimit` seconds of processor time on it.
    /// A frame's request puts `F SECONDS DURATION ` (`-` for none) before the path's byte count.
    func ask(_ path: String, prefix: String = "", deadline: Double, cpuLimit: Double) throws -> Answer {
      let cpuAtStart = cpuSeconds()
      let bytes = Array(path.utf8)
      do {
        try input.write(contentsOf: Data("\(prefix)\(bytes.count)\n".utf8) + Data(bytes))
      } catch {
        throw Failure(reason: "the probe helper stopped before reading the file")
      }
      let limit = Date().addingTimeInterval(deadline)
      // What taking too long means: a header built to make libavformat compute, or, when
      // listening, audio that takes longer to hear than its length allows.
      let why =
        prefix.hasPrefix("L ")
        ? "hearing the recording takes longer than its length allows (a file built to make the decoder "
          + "compute, or a recording longer than its header says)"
        : "reading the file takes longer than any recording should (a header built to make libavformat compute)"
      while true {
        if let line = takeLine() {
          if !ready, line == ProbeHelper.readyLine {
            ready = true
            continue
          }
          return try Self.decode(line)
        }
        let left = limit.timeIntervalSinceNow
        if let start = cpuAtStart, let now = cpuSeconds(), now - start > cpuLimit {
          throw Failure(
            reason: "gave up after \(Self.seconds(cpuLimit)) s of processor time: \(why); it was stopped")
        }
        guard left > 0 else {
          throw Failure(reason: "gave up after \(Self.seconds(deadline)) s: \(why); it was stopped")
        }
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(min(left, 0.25) * 1000) + 1)
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0 else { continue }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          process.waitUntilExit()
          let how =
            process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
          throw Failure(reason: "libavformat stopped reading the file (its helper ended with \(how))")
        }
        buffer += chunk[..<count]
      }
    }

    /// The next whole line the helper wrote, without its newline.
    private func takeLine() -> [UInt8]? {
      guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
      let line = Array(buffer[..<newline])
      buffer.removeSubrange(...newline)
      return line
    }

    /// Whether the helper has said it is ready, reading what it wrote so far without waiting.
    func isReady() -> Bool {
      if ready { return true }
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return false }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      guard count > 0 else { return false }
      buffer += chunk[..<count]
      // Anything else it wrote stays for ``ask``, which reports it.
      guard buffer.starts(with: ProbeHelper.readyLine + [0x0A]) else { return false }
      buffer.removeFirst(ProbeHelper.readyLine.count + 1)
      ready = true
      return true
    }

    private static func decode(_ line: [UInt8]) throws -> Answer {
      guard let answer = try? JSONDecoder().decode(ProbeHelper.Answer.self, from: Data(line)) else {
        throw Failure(reason: "the probe helper answered something that is not its answer")
      }
      if let info = answer.info { return .info(info) }
      if let frame = answer.frame { return .frame(frame) }
      if let heard = answer.heard { return .heard(heard) }
      if let library = answer.library, let reason = answer.reason {
        return .library(MediaLibraryError(library: library, reason: reason))
      }
      return .refused(answer.reason ?? "refused")
    }

    /// The helper's user and system time so far, from its processor-time clock; nil when the
    /// clock cannot be read (the helper is gone). The clock is one system call; reading
    /// `/proc/PID/stat`, asked at least twice a probe, was a tenth of a catalogue's time outside
    /// hashing.
    private func cpuSeconds() -> Double? {
      var clock = clockid_t()
      guard clock_getcpuclockid(process.processIdentifier, &clock) == 0 else { return nil }
      var now = timespec()
      guard clock_gettime(clock, &now) == 0 else { return nil }
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func seconds(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Kills the helper and reaps it.
    func stop() {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      try? input.close()
      process.waitUntilExit()
      try? outputHandle.close()
    }
  }
}

/// The helper side of ``ProbeBox``: says it is ready once its libraries are open, then reads a
/// path (its byte count on a line, then its bytes) from standard input, probes it in this
/// process, writes one JSON line, and waits for the next.
public enum ProbeHelper {
  /// One answer: the file's `info`, or why it was refused, or the `library` that cannot load.
  struct Answer: Codable {
    var info: MediaInfo?
    var frame: StillFrame?
    var heard: HeardTrack?
    var reason: String?
    var library: String?
  }

  /// The line a helper writes once it has opened its libraries, before any answer.
  static let readyLine = Array("ready".utf8)

  /// Serves until standard input ends.
  public static func run(deadlineSeconds: Double) -> Int32 {
    // Opened before the first path arrives: the catalogue starts helpers ahead of their files,
    // and hashes files until one says it is ready.
    _ = try? LibAV.load()
    FileHandle.standardOutput.write(Data(readyLine + [0x0A]))
    var probe = MediaProbe()
    probe.deadlineSeconds = deadlineSeconds
    let encoder = JSONEncoder()
    var pending: [UInt8] = []
    // read(2) returns what the pipe holds; FileHandle's read(upToCount:) would wait for more.
    func fill() -> Bool {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        pending += chunk[..<count]
        return true
      }
    }
    func readExactly(_ count: Int) -> [UInt8]? {
      while pending.count < count {
        guard fill() else { return nil }
      }
      let taken = Array(pending[..<count])
      pending.removeFirst(count)
      return taken
    }
    func readLine() -> String? {
      while true {
        if let newline = pending.firstIndex(of: 0x0A) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeFirst(newline + 1)
          return line
        }
        guard fill() else { return nil }
      }
    }
    while let header = readLine(), let request = Request(header), request.count >= 0,
      request.count <= 1 << 16,
      let pathBytes = readExactly(request.count)
    {
      let path = String(decoding: pathBytes, as: UTF8.self)
      var answer = Answer()
      do {
        if let limit = request.listenSeconds {
          let parts = path.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
          let phrases = parts.count == 2 ? parts[0].split(separator: "\n").map(String.init) : []
          let listener = RecordingListener(vocabulary: ListeningVocabulary(phrases: phrases))
          // The request carries the time the file may take, which the decoder's deadline keeps to.
          answer.heard = try listener.listen(to: String(parts.last ?? ""), deadlineSeconds: limit)
        } else if let seconds = request.frameSeconds {
          var decoder = FrameDecoder()
          decoder.deadlineSeconds = deadlineSeconds
          answer.frame = try decoder.frame(of: path, atSeconds: seconds, durationSeconds: request.duration)
        } else {
          answer.info = try probe.probe(path)
        }
      } catch let error as MediaLibraryError {
        answer.library = error.library
        answer.reason = error.reason
      } catch let error as ProbeError {
        answer.reason = error.reason
      } catch {
        answer.reason = "\(error)"
      }
      guard var line = try? encoder.encode(answer) else { return 1 }
      line.append(0x0A)
      FileHandle.standardOutput.write(line)
    }
    return 0
  }
}

extension ProbeHelper {
  /// A request's line: the path's byte count, after `F SECONDS DURATION` for a frame.
  struct Request {
    let count: Int
    let frameSeconds: Double?
    let duration: Double?
    /// For listening (`L SECONDS COUNT`): the seconds the file may take.
    var listenSeconds: Double? = nil

    init?(_ line: String) {
      let words = line.split(separator: " ")
      if words.count == 3, words[0] == "L", let seconds = Double(words[1]), let count = Int(words[2]) {
        listenSeconds = seconds
        frameSeconds = nil
        duration = nil
        self.count = count
      } else if words.count == 4, words[0] == "F", let seconds = Double(words[1]), let count = Int(words[3]) {
        frameSeconds = seconds
        duration = Double(words[2])
        self.count = count
      } else if words.count == 1, let count = Int(words[0]) {
        frameSeconds = nil
        duration = nil
        self.count = count
      } else {
        return nil
      }
    }
  }
}
