import Crypto
import ExhibitModel
import Foundation
import Synchronization

extension ResidentProbeHelper {
  /// A connection to a helper forked by the resident helper: the socket, and the helper's process.
  struct Connection {
    let socket: Int32
    let pid: pid_t
  }

  /// A helper of the resident helper for `executable`, started when none listens; nil when none
  /// can be had (the catalogue then starts a helper of its own).
  /// - Parameters:
  ///   - executable: The binary that is a helper as `executable probe-helper`.
  ///   - idleSeconds: How long a resident helper started now waits for the next command.
  ///   - environment: This process's environment (the resident helper's is the same where it
  ///     matters: ``environmentNames``).
  /// - Returns: The connection to a helper that has said it is ready, or nil.
  static func helper(
    of executable: String, idleSeconds: Double, environment: [String: String]
  ) -> Connection? {
    guard let path = socketPath(executable: executable, environment: environment) else { return nil }
    // One thread at a time: two helpers asked at once would otherwise each start a resident one.
    return starting.withLock { _ in
      if let connection = connect(path) { return connection }
      guard start(executable, socketPath: path, idleSeconds: idleSeconds, environment: environment) else {
        return nil
      }
      return connect(path)
    }
  }

  private static let starting = Mutex(())

  /// The socket of the resident helper that serves this process: in a folder of the user's
  /// own (`$XDG_RUNTIME_DIR/exhibit`, else `/tmp/exhibit-UID`, made with mode 0700 and refused
  /// unless it is a folder only the user can open), named by a digest of the executable file,
  /// the namespaces and the helper's variables.
  static func socketPath(executable: String, environment: [String: String]) -> String? {
    var file = stat()
    guard stat(executable, &file) == 0, let folder = privateFolder(environment: environment) else {
      return nil
    }
    var identity = [
      executable, "\(file.st_dev)", "\(file.st_ino)", "\(file.st_size)",
      "\(file.st_mtim.tv_sec).\(file.st_mtim.tv_nsec)",
    ]
    for namespace in ["mnt", "user"] {
      identity.append(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\(namespace)")) ?? "")
    }
    for name in environmentNames { identity.append("\(name)=\(environment[name] ?? "\u{0}")") }
    let digest = SHA256.hash(data: Data(identity.joined(separator: "\n").utf8))
    let path = "\(folder)/probe-\(String(Array(digest).hexString.prefix(24))).sock"
    // A Unix socket's name is at most 107 bytes; the temporary name adds the process id.
    return path.utf8.count + 12 < 108 ? path : nil
  }

  /// The folder for the user's resident helpers, made when missing; nil unless it is a folder
  /// the user owns and no one else may open.
  static func privateFolder(environment: [String: String]) -> String? {
    let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let folder = base.map { "\($0)/exhibit" } ?? "/tmp/exhibit-\(getuid())"
    _ = mkdir(folder, 0o700)
    var status = stat()
    guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
      status.st_mode & 0o077 == 0
    else { return nil }
    return folder
  }

  /// Connects to the resident helper at `path` and waits for its helper to say it is ready
  /// (`ready PID`).
  static func connect(_ path: String) -> Connection? {
    guard var address = SocketAddress(path) else { return nil }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    guard address.withPointer({ Glibc.connect(descriptor, $0, $1) }) == 0,
      let line = readLine(descriptor, seconds: 5), line.hasPrefix("ready "),
      let pid = pid_t(line.dropFirst("ready ".count)), pid > 0
    else {
      close(descriptor)
      return nil
    }
    return Connection(socket: descriptor, pid: pid)
  }

  /// Starts a resident helper listening at `socketPath`, with only the variables of
  /// `environment` a helper needs (``startingEnvironment(_:)``), and waits until it listens (it
  /// opens libavformat first: about 50 ms).
  private static func start(
    _ executable: String, socketPath: String, idleSeconds: Double, environment: [String: String]
  ) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.environment = startingEnvironment(environment)
    process.arguments = ["probe-helper", "--resident", socketPath, "--idle-seconds", String(idleSeconds)]
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    defer { try? output.fileHandleForReading.close() }
    try? output.fileHandleForWriting.close()
    return readLine(output.fileHandleForReading.fileDescriptor, seconds: 20) == listeningLine
  }

  /// The first line `descriptor` gives within `seconds`, read a byte at a time so that nothing
  /// after it is taken; nil at its end or the deadline.
  private static func readLine(_ descriptor: Int32, seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    var line: [UInt8] = []
    while line.count < 4096 {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&watched, 1, Int32(left * 1000) + 1)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return nil }
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return nil }
      if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return nil
  }
}

/// A Unix socket's address.
struct SocketAddress {
  private var storage = sockaddr_un()

  /// The address of the socket named `path`; nil when the name is too long.
  init?(_ path: String) {
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: storage.sun_path)
    guard bytes.count < capacity else { return nil }
    storage.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &storage.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
  }

  /// Calls `body` with the address as a `sockaddr` and its length.
  mutating func withPointer<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    return withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
  }
}
