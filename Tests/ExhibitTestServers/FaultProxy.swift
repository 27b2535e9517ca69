import ExhibitObjectStore
import Foundation

/// Scripts/s3_fault_proxy.py in front of a test's object store: answers 500s, refuses writes or
/// stalls, as `mode` says, and forwards the rest.
public final class FaultProxy: @unchecked Sendable {
  public let port: Int
  private let process: Process

  public init(before server: ObjectStoreServer, mode: String, count: Int = 0) throws {
    port = try ObjectStoreServer.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", ObjectStoreServer.script("s3_fault_proxy.py"), String(port), String(server.port), mode,
      String(count),
    ]
    try process.run()
    let deadline = Date().addingTimeInterval(15)
    while !ObjectStoreServer.accepts(port: port) {
      guard Date() < deadline, process.isRunning else { throw ServerError("the fault proxy did not start") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The proxy's endpoint, for a client to reach the store through it.
  public var endpoint: S3Endpoint {
    S3Endpoint(scheme: "http", host: "127.0.0.1", port: port, pathStyle: true)
  }

  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  deinit { stop() }
}
