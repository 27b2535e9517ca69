import Foundation
import Testing

/// The stand-in GitHub (`github_stand_in.py`, written from GitHub's REST reference), on 127.0.0.1:
/// started with the token it accepts and the one repository it holds; stopped when this is freed
/// (its standard input closes).
final class GitHubStandIn {
  let token = "ghp-stand-in-\(UUID().uuidString.prefix(8))"
  let repository = "acme/app"
  let url: String
  private let process: Process
  private let input = Pipe()

  init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("github_stand_in.py").path
    process.arguments = ["python3", script, token, repository]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(line) else { throw StandInFailed(said: line) }
    url = "http://127.0.0.1:\(port)"
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Asks the stand-in's control path (`close/1`, `limit?count=1&seconds=1`); its JSON answer.
  @discardableResult
  func control(_ path: String) throws -> [String: Any] {
    let result = try Python.run(
      "import urllib.request, sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
      ["\(url)/_control/\(path)"])
    #expect(result.0 == 0, "\(result.1)")
    return (try? JSONSerialization.jsonObject(with: Data(result.1.utf8))) as? [String: Any] ?? [:]
  }

  /// The issues it holds, by number, and the comments on them.
  func state() throws -> (
    issues: [String: [String: Any]], comments: [String: [String]], requests: [[String: Any]]
  ) {
    let state = try control("state")
    return (
      state["issues"] as? [String: [String: Any]] ?? [:], state["comments"] as? [String: [String]] ?? [:],
      state["requests"] as? [[String: Any]] ?? []
    )
  }

  /// The environment a command files with: the token, and the stand-in as GitHub's API.
  var arguments: [String] { ["--to", "github:\(repository)", "--api-url", url] }
}

/// The stand-in did not start.
struct StandInFailed: Error, CustomStringConvertible {
  let said: String
  var description: String { "the stand-in GitHub did not start: \(said)" }
}
