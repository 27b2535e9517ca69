import Foundation
import Testing

/// The resident probe helper: a catalogue leaves one behind, the next command's helpers are
/// forked from it, it never holds the pipes of the command that started it, a helper that dies
/// or stalls takes only its file, and it stops by itself once idle.
@Suite struct ResidentProbeHelperTests {
  /// A workspace whose commands share a resident helper no other test's do: the helpers'
  /// variables name the resident helper, and the probe deadline is one of them.
  static func privateWorkspace(idleSeconds: String = "30") throws -> (CLIWorkspace, marker: String) {
    let workspace = try CLIWorkspace.withMedia()
    let marker = "19.\(UInt32.random(in: 100_000...999_999))"
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = marker
    workspace.environment["EXHIBIT_PROBE_RESIDENT"] = idleSeconds
    return (workspace, marker)
  }

  /// Another workspace (with a team catalogue of its own in the team pass) whose commands are
  /// served by the same resident helper as `workspace`'s.
  static func sameHelpers(as workspace: CLIWorkspace) throws -> CLIWorkspace {
    let other = try CLIWorkspace.withMedia()
    for name in ["EXHIBIT_PROBE_SECONDS", "EXHIBIT_PROBE_RESIDENT"] {
      other.environment[name] = workspace.environment[name]
    }
    return other
  }

  /// The resident helpers whose environment carries `marker` as the probe deadline (not the
  /// helpers they forked, which share their command line until they end).
  static func residents(marked marker: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    let marked = entries.compactMap(Int32.init).filter { pid in
      guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
        let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("probe-helper") && words.contains("--resident")
        && variables.contains("EXHIBIT_PROBE_SECONDS=\(marker)")
    }
    // A helper that ended while it was looked at has no parent to read: it is not resident.
    return marked.filter { pid in parent(of: pid).map { !marked.contains($0) } ?? false }
  }

  /// A process's parent (`/proc/PID/stat`'s fourth field, after the parenthesised name); nil
  /// once the process is gone.
  static func parent(of pid: Int32) -> Int32? {
    guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
      let close = stat.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    return fields.count > 1 ? Int32(String(decoding: fields[1], as: UTF8.self)) : nil
  }

  /// What a workspace's catalogue holds of each recording, by file name.
  static func statuses(_ workspace: CLIWorkspace) throws -> [String: String] {
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    var statuses: [String: String] = [:]
    for recording in list {
      let path = try #require(recording["path"] as? String)
      statuses[URL(fileURLWithPath: path).lastPathComponent] =
        "\(recording["status"] ?? "")"
        + " \(recording["duration_seconds"] ?? "") \(recording["video_codec"] ?? "") \(recording["sha256"] ?? "")"
    }
    return statuses
  }

  @Test func aSecondCatalogueIsProbedByTheHelperTheFirstLeft() throws {
    let (first, marker) = try Self.privateWorkspace()
    // Collected to the end of its output: a resident helper holding the command's pipes would
    // keep this waiting until it stopped, and it would not be found alive below.
    #expect(try first.run("catalog").status == 0)
    let started = Self.residents(marked: marker)
    #expect(started.count == 1, "resident helpers: \(started)")
    defer { for pid in started { kill(pid, SIGKILL) } }

    // Another workspace, another folder: its relative paths reach the helper from the root.
    let second = try Self.sameHelpers(as: first)
    #expect(try second.run("catalog").status == 0)
    #expect(Self.residents(marked: marker) == started)

    let boxedAlone = try Self.sameHelpers(as: first)
    boxedAlone.environment["EXHIBIT_PROBE_RESIDENT"] = "0"
    #expect(try boxedAlone.run("catalog").status == 0)
    #expect(Self.residents(marked: marker) == started)
    let expected = try Self.statuses(boxedAlone)
    #expect(expected.count == 4 && expected.values.allSatisfy { $0.hasPrefix("ok ") }, "\(expected)")
    #expect(try Self.statuses(first) == expected)
    #expect(try Self.statuses(second) == expected)
  }

  /// The variables a resident helper may be started with: the helpers' own and the runtime's.
  static let startingNames: Set<String> = [
    "EXHIBIT_LIBAVFORMAT", "EXHIBIT_LIBAVCODEC", "EXHIBIT_LIBAVUTIL", "EXHIBIT_LIBSWSCALE",
    "EXHIBIT_LIBSPHINXBASE", "EXHIBIT_LIBPOCKETSPHINX", "EXHIBIT_SPEECH_MODEL", "EXHIBIT_SPOTTING_THRESHOLD",
    "EXHIBIT_PROBE_SECONDS", "LD_LIBRARY_PATH", "LD_PRELOAD", "PATH", "HOME", "TMPDIR", "LANG", "LC_ALL",
  ]

  /// Nothing else of the command's environment (in the team pass, the bucket's keys and the
  /// database's address among it) stays in the resident helper.
  @Test func theResidentHelperKeepsNoneOfTheCommandsOtherVariables() throws {
    let (workspace, marker) = try Self.privateWorkspace()
    let secret = "kept-\(UInt32.random(in: 100_000...999_999))"
    workspace.environment["EXHIBIT_TEST_UNRELATED"] = secret
    #expect(try workspace.run("catalog").status == 0)
    let started = Self.residents(marked: marker)
    #expect(started.count == 1, "resident helpers: \(started)")
    defer { for pid in started { kill(pid, SIGKILL) } }
    for pid in started {
      let environment = try #require(FileManager.default.contents(atPath: "/proc/\(pid)/environ"))
      let names = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        .map { String($0.prefix { $0 != "=" }) }
      #expect(names.contains("EXHIBIT_PROBE_SECONDS") && names.contains("PATH"), "\(names)")
      #expect(Set(names).isSubset(of: Self.startingNames), "\(names)")
      #expect(!String(decoding: environment, as: UTF8.self).contains(secret))
    }
    #expect(try Self.statuses(workspace).values.allSatisfy { $0.hasPrefix("ok ") })
  }

  @Test func aHelperThatStallsTakesOnlyItsFileAndTheResidentOneServesOn() throws {
    let (workspace, marker) = try Self.privateWorkspace()
    try HostileMedia.make("tag-bomb", workspace.path("Media/bomb/tags.webm"), 100_000)
    // The deadline is the marker's 19 s and more: the processor-time limit (3 s) stops the
    // helper first, by its process id, which this command learned from the helper itself.
    let stalled = try workspace.run("catalog")
    #expect(stalled.status == 1)
    #expect(stalled.stderr.contains("tags.webm: gave up after 3 s of processor time"), "\(stalled.stderr)")
    let resident = Self.residents(marked: marker)
    #expect(resident.count == 1)
    defer { for pid in resident { kill(pid, SIGKILL) } }
    try FileManager.default.removeItem(atPath: workspace.path("Media/bomb"))
    let again = try Self.sameHelpers(as: workspace)
    #expect(try again.run("catalog").status == 0)
    #expect(try Self.statuses(again).values.allSatisfy { $0.hasPrefix("ok ") })
    #expect(Self.residents(marked: marker) == resident)
  }

  @Test func aResidentHelperStopsOnceIdleAndTakesItsSocketAway() throws {
    let (workspace, marker) = try Self.privateWorkspace(idleSeconds: "1")
    #expect(try workspace.run("catalog").status == 0)
    let resident = try #require(Self.residents(marked: marker).first)
    let socket = try #require(Self.socketPath(of: resident))
    #expect(FileManager.default.fileExists(atPath: socket))
    // Another process's end has no signal to await here: its /proc entry is looked at, with a
    // deadline well past its second of idleness.
    let deadline = Date().addingTimeInterval(20)
    while FileManager.default.fileExists(atPath: "/proc/\(resident)/cmdline"), Date() < deadline {
      usleep(50_000)
    }
    #expect(Self.residents(marked: marker).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: socket))
  }

  /// A helper that dies on its own (here by a signal sent from outside) is reported on its
  /// connection by the resident helper, which serves the next connection.
  @Test func theResidentHelperSaysHowAHelperEnded() throws {
    let workspace = try CLIWorkspace()
    let socket = workspace.path("resident.sock")
    let started = try workspace.start(["probe-helper", "--resident", socket, "--idle-seconds", "5"])
    defer { started.0.terminate() }
    let listening = started.1.fileHandleForReading.readDataToEndOfFile()
    #expect(String(decoding: listening, as: UTF8.self) == "listening\n")
    for signal in [SIGTERM, SIGKILL] {
      let connection = try Self.connect(socket)
      defer { close(connection) }
      let ready = Self.lines(connection, until: { $0.hasPrefix("ready ") })
      let pid = try #require(ready.last.flatMap { Int32($0.dropFirst("ready ".count)) })
      #expect(kill(pid, signal) == 0)
      let rest = Self.lines(connection, until: { _ in false })
      #expect(rest.contains("ended signal \(signal)"), "\(rest)")
    }
  }

  /// The socket a resident helper was started to listen on.
  static func socketPath(of pid: Int32) -> String? {
    guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
    let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    guard let flag = words.firstIndex(of: "--resident"), flag + 1 < words.count else { return nil }
    return words[flag + 1]
  }

  static func connect(_ path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8) + [0])
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(connected == 0, "connect: \(String(cString: strerror(errno)))")
    return descriptor
  }

  /// The lines read from `descriptor` until one `stop` accepts, or its end.
  static func lines(_ descriptor: Int32, until stop: (String) -> Bool) -> [String] {
    var lines: [String] = []
    var current: [UInt8] = []
    var byte: UInt8 = 0
    while read(descriptor, &byte, 1) == 1 {
      guard byte == 0x0A else {
        current.append(byte)
        continue
      }
      lines.append(String(decoding: current, as: UTF8.self))
      current = []
      if stop(lines[lines.count - 1]) { break }
    }
    return lines
  }
}
