import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `exhibit serve` as a user starts it: the `listening on` line, real connections on 127.0.0.1,
/// a clean stop on SIGTERM and SIGINT, a refusal to listen publicly without accounts, and the
/// whole web workspace used in headless Chromium.
@Suite(.serialized) struct ServeCommandTests {
  /// A running `exhibit serve`, stopped when the test is done with it.
  final class RunningServer {
    let process: Process
    let base: String
    private let stdout: Pipe
    private let stderr: Pipe

    init(_ workspace: CLIWorkspace, _ arguments: [String] = []) throws {
      let started = try workspace.start(["serve", "--port", "0"] + arguments)
      process = started.0
      stdout = started.1
      stderr = started.2
      var line = Data()
      let handle = stdout.fileHandleForReading
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline, !line.contains(UInt8(ascii: "\n")) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        line += chunk
      }
      let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.hasPrefix("listening on http://127.0.0.1:") else {
        process.terminate()
        throw ServeFailed(
          output: text + String(decoding: started.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
      }
      base = String(text.dropFirst("listening on ".count))
    }

    /// What the server wrote on stderr, once it has stopped.
    var errorOutput: String {
      process.isRunning
        ? "" : String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Sends a signal and waits up to 10 s for the server to exit.
    func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, seconds: Double) {
      let started = Date()
      kill(process.processIdentifier, signal)
      while process.isRunning && Date().timeIntervalSince(started) < 10 { usleep(20_000) }
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      return (process.terminationStatus, Date().timeIntervalSince(started))
    }

    deinit {
      if process.isRunning { process.terminate() }
    }
  }

  struct ServeFailed: Error, CustomStringConvertible {
    let output: String
    var description: String { "exhibit serve did not start: \(output)" }
  }

  static func workspace() throws -> CLIWorkspace {
    let workspace = try EvidenceCommandTests.workspace()
    return workspace
  }

  static func fetch(_ url: String) async throws -> (Int, String) {
    let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func servesOnLoopbackAndStopsCleanly(signal: Int32) async throws {
    let workspace = try Self.workspace()
    let server = try RunningServer(workspace)
    let (status, page) = try await Self.fetch(server.base + "/components/native/checkbox")
    #expect(status == 200)
    #expect(page.contains("test-auditor"), "on loopback the visitor is the local auditor")
    let stopped = server.stop(signal)
    #expect(stopped.status == 0)
    #expect(stopped.seconds < 5)
  }

  @Test func refusesAFolderWithNoWorkspace() throws {
    let workspace = try CLIWorkspace()
    let result = try workspace.run("serve", "--port", "0")
    #expect(result.status == 1)
    #expect(result.stderr.contains("exhibit init"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite")))
  }

  @Test func refusesAPublicAddressWithoutAccounts() throws {
    let workspace = try Self.workspace()
    let result = try workspace.run("serve", "--host", "0.0.0.0", "--port", "0")
    #expect(result.status == 1)
    #expect(result.stderr.contains("refusing to listen on 0.0.0.0 without accounts"))
    #expect(!result.stdout.contains("listening"))
  }

  /// Signs in, judges, retracts, searches, exports and verifies in headless Chromium, with
  /// axe-core on every page; screenshots land in `.build/screenshots/web` (not committed).
  @Test func theWebWorkspaceWorksInABrowser() throws {
    let workspace = try Self.workspace()
    // A session whose name says nothing, for the overview's list and the attribution form.
    let sample = try Data(
      contentsOf: URL(fileURLWithPath: workspace.path("Media/native/checkbox/checkboxVoiceOver.webm")))
    try workspace.write("Media/inbox/session-0412.webm", sample + Data(count: 4))
    #expect(try workspace.run("catalog").status == 0)
    let password = "e2e password that is long"
    for (name, role) in [("auditor-e2e", "auditor"), ("reviewer-e2e", "reviewer")] {
      #expect(try workspace.addAccount(name, role: role, password: password) == 0)
    }
    let server = try RunningServer(workspace, ["--accounts"])
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/web").path
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = [
      "python3", CLIWorkspace.repository.appendingPathComponent("Scripts/check_web.py").path, server.base,
      CLIWorkspace.binary.path, workspace.root.path, screenshots,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["EXHIBIT_E2E_PASSWORD"] = password
    check.environment = environment
    let output = Pipe()
    check.standardOutput = output
    check.standardError = output
    try check.run()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    #expect(check.terminationStatus == 0, "\(report)")
    for name in ["overview", "component", "recording", "overview-unattributed", "recording-attributed"] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"))
    }
  }
}
