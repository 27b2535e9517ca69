import Foundation

extension ProbeBox {
  /// One helper process, and the pipes (or the resident helper's connection) to it.
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

    /// Where the helper's process came from.
    private enum Origin {
      /// Started by this command, which reaps it.
      case started(Process)
      /// Forked by the resident helper, which reaps it and says how it ended on the connection.
      case resident
    }

    private let origin: Origin
    let pid: pid_t
    let input: FileHandle
    /// The answers' pipe, closed through its handle so that its descriptor is closed once: a
    /// second close, when the handle went away, could close a pipe another helper had just
    /// been given the same number for. Nil for a resident helper's connection, whose one socket
    /// is `input` too.
    private let outputHandle: FileHandle?
    let output: Int32
    private var buffer: [UInt8] = []
    /// Whether the helper said it has opened its libraries (``ProbeHelper/readyLine``).
    private var ready = false
    /// How the helper ended, once known.
    private var ended: String?

    private init(process: Process, input: FileHandle, output: FileHandle) {
      origin = .started(process)
      pid = process.processIdentifier
      self.input = input
      self.outputHandle = output
      self.output = output.fileDescriptor
    }

    private init(resident connection: ResidentProbeHelper.Connection) {
      origin = .resident
      pid = connection.pid
      input = FileHandle(fileDescriptor: connection.socket, closeOnDealloc: true)
      outputHandle = nil
      output = connection.socket
      // The connection returns once the helper has said so.
      ready = true
    }

    /// A helper forked by the resident helper when `residentIdleSeconds` is given and one can
    /// be had; else one started from `executable`.
    static func start(_ executable: String, residentIdleSeconds: Double? = nil) throws -> Helper {
      if let idle = residentIdleSeconds,
        let connection = ResidentProbeHelper.helper(
          of: executable, idleSeconds: idle, environment: ProcessInfo.processInfo.environment)
      {
        return Helper(resident: connection)
      }
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
          // The resident helper's word on how its helper ended, after an empty line.
          if line.isEmpty { continue }
          if line.starts(with: ResidentProbeHelper.endedPrefix.utf8) {
            ended = String(
              decoding: line.dropFirst(ResidentProbeHelper.endedPrefix.utf8.count), as: UTF8.self)
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
          throw Failure(reason: "libavformat stopped reading the file (its helper ended with \(endedHow()))")
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

    /// How the helper ended, once its answers' pipe or connection has.
    private func endedHow() -> String {
      switch origin {
      case .started(let process):
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
          ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
      case .resident:
        if ended == nil { ended = "an end the resident helper did not report" }
        return ended ?? ""
      }
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
      if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let info = (object["info"] as? [String: Any]).flatMap(MediaInfo.init(jsonObject:))
      {
        return .info(info)
      }
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
      guard clock_getcpuclockid(pid, &clock) == 0 else { return nil }
      var now = timespec()
      guard clock_gettime(clock, &now) == 0 else { return nil }
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func seconds(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Kills the helper and reaps it (its own command's), or leaves it to the resident helper
    /// to reap.
    func stop() {
      switch origin {
      case .started(let process):
        if process.isRunning { kill(pid, SIGKILL) }
        try? input.close()
        process.waitUntilExit()
        try? outputHandle?.close()
      case .resident:
        // Its end, once reported, frees its process id for reuse: no signal after it.
        if ended == nil { kill(pid, SIGKILL) }
        try? input.close()
      }
    }
  }
}
