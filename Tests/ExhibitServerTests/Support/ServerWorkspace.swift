import ExhibitKit
import ExhibitServer
import Foundation
import HummingbirdTesting
import Testing

/// A sample workspace made as a user makes one (`exhibit init`, `criteria import`, `catalog`
/// with the real binary, real recordings and a real database in a temporary folder), served by
/// a ``WebServer`` the tests drive through Hummingbird's router tester.
///
/// The sample is built once per test process (``template``) and each test gets a copy of its
/// folder, database included. The copy's database names the template's recordings, which no test
/// changes; a test that changes a recording or a caption after the workspace is made asks for a
/// workspace of its own (`fresh: true`, or `prepare`).
final class ServerWorkspace: @unchecked Sendable {
  let root: URL
  let databasePath: String
  /// The folder the database's recording paths are in: the template's, for a copy.
  let recordedRoot: URL

  /// The repository, for its sample `Criteria/` and `Media/`.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

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

  /// The iOS VoiceOver recording of the sample checkbox.
  static let voiceOverPath = "Media/native/checkbox/checkboxVoiceOver.webm"
  static let roleItem = "native/checkbox#screenreader.role"

  /// The sample workspace, made once per test process and left as it was made.
  private static let template = Result { () throws -> ServerWorkspace in
    try ServerWorkspace(fresh: true)
  }

  /// A copy of the sample workspace, or, with `fresh` or a `prepare` that may change `Media/`
  /// first, a workspace made for this test alone.
  init(fresh: Bool = false, prepare: ((URL) throws -> Void)? = nil) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-serve-\(UUID().uuidString)")
    databasePath = root.appendingPathComponent("Database/exhibit.sqlite").path
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    if !fresh && prepare == nil {
      let template = try Self.template.get()
      recordedRoot = template.root
      for folder in ["Media", "Criteria"] {
        try FileManager.default.copyItem(
          at: template.root.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
      }
      // The database with its log and signing key; the shared-memory file is made anew.
      let database = root.appendingPathComponent("Database")
      try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
      let templateDatabase = template.root.appendingPathComponent("Database")
      for name in try FileManager.default.contentsOfDirectory(atPath: templateDatabase.path)
      where !name.hasSuffix("-shm") {
        try FileManager.default.copyItem(
          at: templateDatabase.appendingPathComponent(name), to: database.appendingPathComponent(name))
      }
      return
    }
    recordedRoot = root
    for folder in ["Media", "Criteria"] {
      try FileManager.default.copyItem(
        at: Self.repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
    }
    try prepare?(root)
    try run("init")
    try run("criteria", "import", "Criteria")
    try run("catalog", "Media")
  }

  /// `../shared/corpus/magentaA11y` beside the repository, or nil when absent (tests then skip).
  static var corpus: URL? {
    let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaA11y")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// A workspace of the real MagentaA11y documents and recordings, catalogued where they are.
  init(corpus: URL) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-serve-\(UUID().uuidString)")
    recordedRoot = root
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    databasePath = root.appendingPathComponent("Database/exhibit.sqlite").path
    try run("init")
    try run("criteria", "import", corpus.appendingPathComponent("documentation").path)
    try run("catalog", corpus.appendingPathComponent("media").path)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Runs `exhibit ARGUMENTS` on the workspace's database, requiring success unless told
  /// otherwise.
  @discardableResult
  func run(_ arguments: String..., input: String? = nil, mayFail: Bool = false) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    // A copy's commands run from the template's folder, where its database's paths are, on the
    // copy's database.
    process.currentDirectoryURL = recordedRoot
    var environment = ProcessInfo.processInfo.environment
    environment["EXHIBIT_DB"] = databasePath
    environment["EXHIBIT_AUDITOR"] = "cli-auditor"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let stdin = Pipe()
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    if !mayFail && process.terminationStatus != 0 {
      throw WorkspaceCommandFailed(arguments: arguments, output: text)
    }
    return (process.terminationStatus, text)
  }

  /// The SHA-256 of a recording at a workspace path.
  func sha256(of path: String) throws -> String {
    let store = try Store.open(at: databasePath, access: .read)
    defer { try? store.close() }
    return try #require(try store.recordingSHA256(atPath: recordedRoot.appendingPathComponent(path).path))
  }

  /// Settings for serving the workspace: loopback as `local-auditor`, or with accounts.
  func settings(accounts: Bool = false) -> ServerSettings {
    var settings = ServerSettings(
      host: "127.0.0.1", port: 0, databasePath: databasePath,
      mode: accounts ? .accounts : .loopback(actor: "local-auditor"))
    settings.passwordHasher = PasswordHasher(cost: 4)
    settings.signInDelay = 0.05
    return settings
  }

  /// Adds an account through ExhibitKit, with a quick bcrypt.
  func addAccount(_ name: String, role: AccountRole, password: String = "a long enough password") async throws
  {
    let hash = try await PasswordHasher(cost: 4).hash(password)
    let store = try Store.open(at: databasePath, access: .write)
    defer { try? store.close() }
    try store.addAccount(name: name, role: role, passwordHash: hash, actor: "test")
  }

  /// Opens the database to look at what a request left there.
  func store() throws -> Store {
    try Store.open(at: databasePath, access: .read)
  }

  /// Serves the workspace to `test` through the router, without sockets.
  func serve<Value: Sendable>(
    accounts: Bool = false, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    try await serve(settings(accounts: accounts), test)
  }

  /// Serves the workspace with these settings to a test client.
  func serve<Value: Sendable>(
    _ settings: ServerSettings, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    try await serve(settings, over: .router) { client, _ in try await test(client) }
  }

  /// How a test's requests reach the server.
  enum Transport: String, CaseIterable, Sendable {
    /// Straight to the router, without sockets.
    case router
    /// Over a loopback socket, through the connection's whole pipeline (``MediaFastPath`` too).
    case live
  }

  /// Serves the workspace with these settings over `transport` to a test that also sees the
  /// server.
  func serve<Value: Sendable>(
    _ settings: ServerSettings, over transport: Transport,
    _ test: @Sendable (any TestClientProtocol, WebServer) async throws -> Value
  ) async throws -> Value {
    var settings = settings
    // Over a socket, an idle connection is closed after the idle timeout: in a full test run,
    // whose other tests keep the cores busy, a test may wait longer than that between requests.
    // A test that sets a timeout of its own keeps it.
    if transport == .live, settings.idleTimeout == ServerSettings.defaultIdleTimeout {
      settings.idleTimeout = .seconds(300)
    }
    let server = try WebServer(settings: settings)
    let application = server.application()
    do {
      let value = try await application.test(transport == .live ? .live : .router) {
        try await test($0, server)
      }
      try await server.shutdown()
      return value
    } catch {
      try? await server.shutdown()
      throw error
    }
  }
}

/// A set-up command that failed, with what it printed.
struct WorkspaceCommandFailed: Error, CustomStringConvertible {
  let arguments: [String]
  let output: String
  var description: String { "exhibit \(arguments.joined(separator: " ")) failed: \(output)" }
}
