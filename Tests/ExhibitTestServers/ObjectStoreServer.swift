import ExhibitObjectStore
import Foundation

/// A real S3-compatible server for a test: nanio (from PyPI, which checks every signature),
/// started on 127.0.0.1 with a port of its own and a data folder in a temporary directory, with
/// one bucket made; `stop()` ends it and removes the folder.
public final class ObjectStoreServer: @unchecked Sendable {
  public static let accessKeyID = "exhibit-test-key"
  public static let secretAccessKey = "exhibit-test-secret-0123456789"
  public let port: Int
  public let bucket: String
  public let folder: URL
  private let process: Process

  /// Starts a server holding `bucket`; fails when nanio cannot be started or does not answer.
  public init(bucket: String = "evidence") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-s3-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("data/\(bucket)"), withIntermediateDirectories: true)
    self.bucket = bucket
    port = try Self.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.script("s3_test_server.py"), folder.appendingPathComponent("data").path, String(port),
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["NANIO_ACCESS_KEY"] = Self.accessKeyID
    environment["NANIO_SECRET_KEY"] = Self.secretAccessKey
    process.environment = environment
    let log = folder.appendingPathComponent("nanio.log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try waitUntilListening(log: log)
  }

  /// The endpoint's URL, as AWS_ENDPOINT_URL gives it.
  public var endpointURL: String { "http://127.0.0.1:\(port)" }

  /// The endpoint's URL as the client reads it.
  public var endpoint: S3Endpoint {
    S3Endpoint(scheme: "http", host: "127.0.0.1", port: port, pathStyle: true)
  }

  /// A configuration for the bucket (under `prefix`) with the server's key, or another secret.
  public func configuration(prefix: String = "", secret: String = ObjectStoreServer.secretAccessKey)
    -> S3Configuration
  {
    var configuration = S3Configuration(
      location: S3Location(bucket: bucket, prefix: prefix), endpoint: endpoint,
      region: "us-east-1",
      credentials: S3Credentials(accessKeyID: Self.accessKeyID, secretAccessKey: secret))
    configuration.retryDelays = [.milliseconds(50), .milliseconds(100)]
    return configuration
  }

  /// The variables a command reads to reach this server.
  public var environment: [String: String] {
    [
      "AWS_ACCESS_KEY_ID": Self.accessKeyID, "AWS_SECRET_ACCESS_KEY": Self.secretAccessKey,
      "AWS_REGION": "us-east-1", "AWS_ENDPOINT_URL": endpointURL,
    ]
  }

  /// The file nanio keeps an object's bytes in.
  public func storedFile(_ key: String) -> URL {
    folder.appendingPathComponent("data/\(bucket)/\(key)")
  }

  /// Ends the server at once (its objects are plain files, nothing is lost) and removes them.
  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The path of one of the repository's scripts.
  public static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scripts/\(name)").path
  }

  deinit { stop() }

  private func waitUntilListening(log: URL) throws {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if !process.isRunning {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw ServerError("nanio stopped at start: \(text.suffix(2000))")
      }
      if Self.accepts(port: port) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    stop()
    throw ServerError("nanio did not listen on 127.0.0.1:\(port) within 30 s")
  }

  public static func accepts(port: Int) -> Bool {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  /// A port the kernel picks among the free ones.
  public static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else { throw ServerError("no free port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A test server that could not be started.
public struct ServerError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
