import Foundation

/// Runs the built `exhibit` binary in a temporary workspace, as a user would.
final class CLIWorkspace {
  let root: URL
  var environment: [String: String]

  /// The repository, for its sample `Criteria/` and `Media/`.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `../shared/corpus/magentaA11y` beside the repository, or nil when absent (tests then skip).
  static var corpus: URL? {
    let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaA11y")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The `exhibit` binary the tests run: the one in the folder `EXHIBIT_TEST_BINARIES` names
  /// (`make test` names the release build's, the binaries as `make install` installs them), or
  /// else the one built beside the test bundle.
  static let binary: URL = {
    if let folder = ProcessInfo.processInfo.environment["EXHIBIT_TEST_BINARIES"], !folder.isEmpty {
      let binaries = URL(fileURLWithPath: folder, relativeTo: repository)
      return binaries.appendingPathComponent("exhibit").standardizedFileURL
    }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("exhibit")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return repository.appendingPathComponent(".build/debug/exhibit")
  }()

  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Whether the process ended by SIGKILL.
    var killed = false

    /// stdout parsed as JSON.
    func json() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }
  }

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "EXHIBIT_DB")
    environment["EXHIBIT_AUDITOR"] = "test-auditor"
    environment.removeValue(forKey: "EXHIBIT_MEDIA")
    self.environment = environment
    if TeamCatalogue.isOn { try TeamCatalogue.attach(self) }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  func path(_ name: String) -> String { root.appendingPathComponent(name).path }

  /// `exhibit users add NAME --role ROLE`, the password typed on standard input.
  /// - Returns: The command's exit status.
  @discardableResult
  func addAccount(_ name: String, role: String, password: String) throws -> Int32 {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = ["users", "add", name, "--role", role]
    process.currentDirectoryURL = root
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("\(password)\n".utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @discardableResult
  func write(_ name: String, _ data: Data) throws -> String {
    let url = root.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    return url.path
  }

  /// Starts `exhibit ARGUMENTS` in the workspace folder.
  func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.currentDirectoryURL = root
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return (process, stdout, stderr)
  }

  /// Waits for a started process and collects what it printed.
  func finish(_ started: (Process, Pipe, Pipe)) -> Result { Self.collect(started) }

  /// Waits for any started process and collects what it printed. Both pipes are read at once,
  /// stderr on a thread of its own: read one after the other, a child that fills the other pipe
  /// (64 KiB of warnings) would wait for a reader forever, and so would the test.
  static func collect(_ started: (Process, Pipe, Pipe)) -> Result {
    let (process, stdout, stderr) = started
    let errors = ErrorsRead()
    let reader = Thread { errors.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = errors.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self),
      killed: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
  }

  /// Runs `exhibit ARGUMENTS` to completion.
  @discardableResult
  func run(_ arguments: String...) throws -> Result {
    finish(try start(arguments))
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> Result {
    finish(try start(arguments))
  }
}

/// What a process wrote to stderr, read on a thread of its own and handed over once it ends.
private final class ErrorsRead: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func set(_ read: Data) {
    data = read
    done.signal()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
