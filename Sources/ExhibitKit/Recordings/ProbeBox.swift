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
  /// - Parameters:
  ///   - executable: The binary.
  ///   - deadlineSeconds: How long one recording may take to read.
  ///   - residentIdleSeconds: When given, helpers are forked by a resident helper
  ///     (``ResidentProbeHelper``), started when none serves this binary and kept this long
  ///     after its last command; nil starts every helper from the binary.
  public static func configure(
    executable: String, deadlineSeconds: Double, residentIdleSeconds: Double? = nil
  ) {
    configured.withLock {
      $0 = ProbeBox(
        executable: executable, deadlineSeconds: deadlineSeconds, residentIdleSeconds: residentIdleSeconds)
    }
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
  /// How long a resident helper started by this box waits for the next command; nil for none.
  private let residentIdleSeconds: Double?
  private let helpers: HelperPool<Helper>

  init(executable: String, deadlineSeconds: Double, residentIdleSeconds: Double? = nil) {
    self.executable = executable
    self.deadlineSeconds = deadlineSeconds
    self.residentIdleSeconds = residentIdleSeconds
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
    let (executable, resident) = (executable, residentIdleSeconds)
    let more = helpers.reserve(count)
    guard more > 0 else { return }
    Thread.detachNewThread { [helpers] in
      for _ in 0..<more {
        guard let helper = try? Helper.start(executable, residentIdleSeconds: resident) else {
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

  /// How many helpers a catalogue that reads `files` recordings keeps with this box: one per
  /// core (up to one per file) when they are forked by the resident helper, whose helpers have
  /// their libraries open already and cost a fork each; else ``helpers(forReading:cores:)``.
  public func helpers(forReading files: Int, cores: Int) -> Int {
    residentIdleSeconds == nil
      ? Self.helpers(forReading: files, cores: cores) : max(1, min(cores, files))
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
    switch try ask(Self.absolute(path), prefix: "", cpuLimit: Self.cpuSeconds, named: path, helpers: helpers)
    {
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
    switch try ask(Self.absolute(path), prefix: request, cpuLimit: Self.frameCPUSeconds, named: path) {
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
    let payload = vocabulary.phrases.joined(separator: "\n") + "\u{0}" + Self.absolute(path)
    switch try ask(payload, prefix: "L \(limit) ", cpuLimit: limit, deadline: limit, named: path) {
    case .heard(let track): return track
    case .info, .frame: throw ProbeError(path: path, reason: "the probe helper answered with no listening")
    case .refused(let reason): throw ProbeError(path: path, reason: reason)
    case .library(let error): throw error
    }
  }

  /// `path` from the root: a helper forked by the resident helper works in another folder.
  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// Sends one request to an idle helper (or a new one, or the next one free when as many are
  /// alive as may be) and returns its answer; a helper that gave no answer in time is stopped,
  /// the file named.
  private func ask(
    _ path: String, prefix: String, cpuLimit: Double, deadline: Double? = nil, named: String? = nil,
    helpers limit: Int? = nil
  ) throws -> Helper.Answer {
    let (executable, resident) = (executable, residentIdleSeconds)
    let helper = try helpers.take(limit: limit) {
      try Helper.start(executable, residentIdleSeconds: resident)
    }
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
}
