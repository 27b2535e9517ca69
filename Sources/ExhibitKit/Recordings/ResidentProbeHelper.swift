import Foundation

/// A probe helper kept warm between commands: a process that has opened libavformat and the
/// hundred and more libraries behind it once, listens on a Unix socket in a folder only its user
/// can open, and forks a fresh helper (``ProbeHelper``) for every connection.
///
/// A catalogue's helpers used to open those libraries for every command, about 50 ms of
/// processor time before the first file could be probed. A helper forked from the resident one
/// has them open already and answers its first probe a millisecond after the connection. Each
/// command still has helpers of its own: a file that crashes or stalls libavformat takes one
/// forked helper with it, never the resident process, which reads no file itself.
///
/// The resident helper serves only commands that would have started the same helper: the same
/// executable file (path, inode, size and modification time), the same mount and user
/// namespaces, and the same values of the variables a helper reads (``environmentNames``);
/// each such set has a socket of its own (``socketPath(executable:environment:)``). It stops
/// once no connection has come for its idle time and no helper of its is alive.
public enum ResidentProbeHelper {
  /// The line the resident helper writes on its standard output once it listens.
  static let listeningLine = "listening"

  /// The line that starts the one the resident helper writes to a connection whose helper ended
  /// (`ended signal 9`, `ended status 1`).
  static let endedPrefix = "ended "

  /// The variables a helper reads: commands that differ in one of them are served by different
  /// resident helpers.
  static let environmentNames = [
    "EXHIBIT_LIBAVFORMAT", "EXHIBIT_LIBAVCODEC", "EXHIBIT_LIBAVUTIL", "EXHIBIT_LIBSWSCALE",
    "EXHIBIT_LIBSPHINXBASE", "EXHIBIT_LIBPOCKETSPHINX", "EXHIBIT_SPEECH_MODEL", "EXHIBIT_SPOTTING_THRESHOLD",
    "EXHIBIT_PROBE_SECONDS", "LD_LIBRARY_PATH", "LD_PRELOAD",
  ]

  /// The variables a resident helper is started with: the helpers' own (``environmentNames``)
  /// and the few the runtime reads. Nothing else of the command's environment (a team's bucket
  /// keys or database password among it) stays in a process that outlives the command.
  static let startingNames: Set<String> = Set(
    environmentNames + ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL"])

  /// `environment` with only ``startingNames``.
  static func startingEnvironment(_ environment: [String: String]) -> [String: String] {
    environment.filter { startingNames.contains($0.key) }
  }

  /// How long a resident helper waits for a connection before it stops:
  /// `$EXHIBIT_PROBE_RESIDENT` seconds (up to an hour; `0` keeps none), else 60; nil when none
  /// is to be kept.
  public static func idleSeconds(environment: [String: String]) -> Double? {
    guard let given = environment["EXHIBIT_PROBE_RESIDENT"] else { return 60 }
    guard let seconds = Double(given), seconds > 0, seconds <= 3600 else { return nil }
    return seconds
  }

  // MARK: The resident process

  /// Serves connections on `socketPath` until none has come for `idleSeconds` and no helper it
  /// forked is alive. Writes ``listeningLine`` on standard output once it listens, then points
  /// standard output at `/dev/null`, so the command that started it reads to its end.
  /// - Returns: The process's exit status: 0 after its idle time, 2 when it cannot serve.
  public static func serve(socketPath: String, idleSeconds: Double, deadlineSeconds: Double) -> Int32 {
    // Its own session, away from the terminal's signals, holding no folder and no descriptor
    // it was given but its standard three: a pipe it kept open would keep its reader waiting.
    closeInheritedDescriptors()
    _ = setsid()
    _ = chdir("/")
    // Nor the signal mask of the thread that started it: a command run from a test harness
    // passes one that blocks SIGTERM, which its helpers would keep.
    var none = sigset_t()
    sigemptyset(&none)
    sigprocmask(SIG_SETMASK, &none, nil)
    signal(SIGPIPE, SIG_IGN)
    // Opened once, before any fork: every helper forked later has them open.
    _ = try? LibAV.load()
    // fork copies only the calling thread; a second thread's locks would stay held forever.
    guard threadCount() == 1, let listener = listen(at: socketPath) else {
      quietStandardOutput()
      return 2
    }
    FileHandle.standardOutput.write(Data((listeningLine + "\n").utf8))
    quietStandardOutput()
    var helpers = ResidentHelperTable()
    var lastActivity = Date()
    while true {
      var watched = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
      watched += helpers.lifelines.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let waitMilliseconds =
        helpers.isEmpty ? Int32(max(0, idleSeconds + lastActivity.timeIntervalSinceNow) * 1000) + 1 : -1
      let ready = poll(&watched, nfds_t(watched.count), waitMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        if helpers.isEmpty, lastActivity.timeIntervalSinceNow <= -idleSeconds { break }
        continue
      }
      for entry in watched.dropFirst() where entry.revents != 0 {
        helpers.reap(lifeline: entry.fd)
        lastActivity = Date()
      }
      if watched[0].revents & Int16(POLLIN) != 0 {
        let connection = accept(listener.descriptor, nil, nil)
        guard connection >= 0 else { continue }
        lastActivity = Date()
        fork(connection, listener: listener.descriptor, helpers: &helpers, deadlineSeconds: deadlineSeconds)
      }
    }
    listener.remove()
    return 0
  }

  /// Forks a helper for `connection`: in the child, the connection becomes its standard input
  /// and output and every other descriptor of the resident process is closed; the parent keeps
  /// the connection (to say how the helper ended) and the read end of a pipe only the child
  /// holds open (its lifeline: it reports the child's end without a signal handler).
  private static func fork(
    _ connection: Int32, listener: Int32, helpers: inout ResidentHelperTable, deadlineSeconds: Double
  ) {
    var lifeline: [Int32] = [0, 0]
    guard pipe(&lifeline) == 0 else {
      close(connection)
      return
    }
    let child = Glibc.fork()
    if child == 0 {
      _ = dup2(connection, STDIN_FILENO)
      _ = dup2(connection, STDOUT_FILENO)
      for descriptor in [listener, connection, lifeline[0]] + helpers.descriptors { close(descriptor) }
      signal(SIGPIPE, SIG_DFL)
      // lifeline[1] stays open until this process ends.
      exit(ProbeHelper.run(deadlineSeconds: deadlineSeconds, announcing: getpid()))
    }
    close(lifeline[1])
    guard child > 0 else {
      close(lifeline[0])
      close(connection)
      return
    }
    helpers.add(pid: child, connection: connection, lifeline: lifeline[0])
  }

  /// A listening socket at its path.
  private struct Listener {
    let descriptor: Int32
    let path: String
    let identity: (dev_t, ino_t)

    /// Removes the socket's name, unless another resident helper has taken it since.
    func remove() {
      var status = stat()
      if lstat(path, &status) == 0, status.st_dev == identity.0, status.st_ino == identity.1 {
        unlink(path)
      }
      close(descriptor)
    }
  }

  /// Binds a socket under a name of its own and renames it to `path`, so two resident helpers
  /// started at once never serve half a name: the later rename wins, the other idles out.
  private static func listen(at path: String) -> Listener? {
    let temporary = "\(path).\(getpid())"
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    unlink(temporary)
    var status = stat()
    guard bind(descriptor, to: temporary), Glibc.listen(descriptor, 64) == 0,
      lstat(temporary, &status) == 0, rename(temporary, path) == 0
    else {
      unlink(temporary)
      close(descriptor)
      return nil
    }
    return Listener(descriptor: descriptor, path: path, identity: (status.st_dev, status.st_ino))
  }

  /// Binds `descriptor` to the Unix socket name `path`.
  private static func bind(_ descriptor: Int32, to path: String) -> Bool {
    guard var address = SocketAddress(path) else { return false }
    return address.withPointer { Glibc.bind(descriptor, $0, $1) } == 0
  }

  /// How many threads this process runs (`/proc/self/task`).
  private static func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count ?? Int.max
  }

  /// Closes every descriptor above standard error (`/proc/self/fd`).
  private static func closeInheritedDescriptors() {
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > STDERR_FILENO { close(descriptor) }
  }

  /// Points standard output at `/dev/null`: the pipe the starting command reads ends here.
  private static func quietStandardOutput() {
    let null = open("/dev/null", O_WRONLY)
    guard null >= 0 else { return }
    _ = dup2(null, STDOUT_FILENO)
    close(null)
  }
}

/// The helpers a resident helper forked and has not yet seen end.
struct ResidentHelperTable {
  private var entries: [(pid: pid_t, connection: Int32, lifeline: Int32)] = []

  var isEmpty: Bool { entries.isEmpty }
  /// The read ends of the helpers' lifelines, to poll: each reports its helper's end.
  var lifelines: [Int32] { entries.map(\.lifeline) }
  /// Every descriptor held for the helpers, for a new child to close.
  var descriptors: [Int32] { entries.flatMap { [$0.connection, $0.lifeline] } }

  mutating func add(pid: pid_t, connection: Int32, lifeline: Int32) {
    entries.append((pid, connection, lifeline))
  }

  /// Waits for the helper whose lifeline ended, tells its connection how it ended, and lets go
  /// of both.
  mutating func reap(lifeline: Int32) {
    guard let index = entries.firstIndex(where: { $0.lifeline == lifeline }) else { return }
    let entry = entries.remove(at: index)
    var status: Int32 = 0
    while waitpid(entry.pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    let how = signal == 0 ? "status \((status >> 8) & 0xff)" : "signal \(signal)"
    let line = "\n\(ResidentProbeHelper.endedPrefix)\(how)\n"
    _ = line.withCString { write(entry.connection, $0, strlen($0)) }
    close(entry.connection)
    close(entry.lifeline)
  }
}
