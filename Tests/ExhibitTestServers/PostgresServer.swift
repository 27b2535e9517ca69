import ExhibitPostgres
import Foundation

/// A real PostgreSQL cluster for a test, from Debian's postgresql package: made in a temporary
/// folder by `Scripts/pg_test_server.py`, listening on 127.0.0.1 with a port of its own and on a
/// Unix socket in the folder, run as `postgres` when the tests run as root. It has three roles
/// with one password: `exhibit_admin` (superuser), `exhibit_owner` (owns the database `exhibit`
/// and its schema) and `exhibit_app` (the application's). `stop()` ends it and removes it all.
public final class PostgresServer: @unchecked Sendable {
  public static let password = "exhibit-test-password"
  public let port: Int
  public let folder: URL
  private let process: Process

  /// Starts a cluster; fails when it cannot be made or does not answer within a minute.
  public init() throws {
    folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("exhibit-pg-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    port = try ObjectStoreServer.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", ObjectStoreServer.script("pg_test_server.py"), folder.path, String(port)]
    let log = folder.appendingPathComponent("launcher.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if text.contains("ready\n") { return }
      if !process.isRunning { throw ServerError("PostgreSQL did not start: \(text.suffix(2000))") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    stop()
    throw ServerError("PostgreSQL did not start within 60 s")
  }

  /// The URL of the database as `role` (over TCP, the password from the URL).
  public func url(role: String = "exhibit_app", database: String = "exhibit") -> String {
    "postgres://\(role):\(Self.password)@127.0.0.1:\(port)/\(database)"
  }

  /// The database's location as `role`, over TCP or over the Unix socket.
  public func location(role: String = "exhibit_app", socket: Bool = false) throws -> PostgresLocation {
    if socket {
      return try PostgresLocation(
        url: "postgres://\(role)@/exhibit?host=\(folder.path)&port=\(port)",
        environment: ["PGPASSWORD": Self.password])
    }
    return try PostgresLocation(url: url(role: role), environment: [:])
  }

  /// Makes a new database owned by `exhibit_owner`, for a test that needs one of its own: empty,
  /// or a copy of `template` (a tenth of the time migrating an empty one takes).
  /// - Returns: Its name.
  public func makeDatabase(copying template: String? = nil) throws -> String {
    let name = "exhibit_\(UUID().uuidString.prefix(8).lowercased())"
    try psql(
      "CREATE DATABASE \(name)\(template.map { " TEMPLATE \($0)" } ?? "") OWNER exhibit_owner",
      "REVOKE ALL ON DATABASE \(name) FROM PUBLIC", "GRANT CONNECT ON DATABASE \(name) TO exhibit_app")
    return name
  }

  /// Closes `database` to connections, so it can be copied by ``makeDatabase(copying:)`` at any
  /// time (PostgreSQL copies only a database nobody is connected to).
  public func closeToConnections(_ database: String) throws {
    try psql("ALTER DATABASE \(database) WITH ALLOW_CONNECTIONS false")
  }

  /// Runs statements as the superuser with psql, each in its own transaction.
  /// - Returns: psql's output.
  @discardableResult
  public func psql(database: String = "postgres", _ statements: String...) throws -> String {
    let psql = Process()
    psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    psql.arguments =
      [
        "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U",
        "exhibit_admin", "-d", database,
      ] + statements.flatMap { ["-c", $0] }
    var environment = ProcessInfo.processInfo.environment
    environment["PGPASSWORD"] = Self.password
    environment["PATH"] = (environment["PATH"] ?? "/usr/bin") + ":" + Self.binaries
    psql.environment = environment
    let output = Pipe()
    psql.standardOutput = output
    psql.standardError = output
    try psql.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    psql.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard psql.terminationStatus == 0 else { throw ServerError("psql: \(text)") }
    return text
  }

  /// Restarts the server as an administrator would: a fast shutdown, which ends every session
  /// and its open transaction, then a start on the same data; returns once it answers again.
  public func restart() throws {
    let log = folder.appendingPathComponent("launcher.log")
    let before = Self.restarts(in: log)
    kill(process.processIdentifier, SIGUSR1)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if Self.restarts(in: log) > before { return }
      guard process.isRunning else { throw ServerError("PostgreSQL's launcher ended during a restart") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw ServerError("PostgreSQL did not come back within 60 s")
  }

  private static func restarts(in log: URL) -> Int {
    ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "restarted\n").count - 1
  }

  /// Stops the cluster at once (it is thrown away) and removes its folder.
  public func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The folder of the newest installed PostgreSQL's programs.
  private static var binaries: String {
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let newest = versions.compactMap(Int.init).max() ?? 15
    return "/usr/lib/postgresql/\(newest)/bin"
  }

  deinit { stop() }
}
