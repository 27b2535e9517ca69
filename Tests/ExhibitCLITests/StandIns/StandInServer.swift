import Foundation
import Testing

/// A stand-in tracker (a Python script beside this file, written from the tracker's REST
/// reference) on 127.0.0.1: started with its arguments, it prints its port; it stops when this is
/// freed (its standard input closes).
final class StandInServer {
  let url: String
  private let process: Process
  private let input = Pipe()

  init(script: String, arguments: [String]) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(script).path
    process.arguments = ["python3", path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(line) else { throw StandInFailed(script: script, said: line) }
    url = "http://127.0.0.1:\(port)"
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Asks the stand-in's control path (`close/1`, `limit`); its JSON answer.
  @discardableResult
  func control(_ path: String) throws -> [String: Any] {
    let result = try Python.run(
      "import urllib.request, sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
      ["\(url)/_control/\(path)"])
    #expect(result.0 == 0, "\(result.1)")
    return (try? JSONSerialization.jsonObject(with: Data(result.1.utf8))) as? [String: Any] ?? [:]
  }
}

/// A stand-in did not start.
struct StandInFailed: Error, CustomStringConvertible {
  let script: String
  let said: String
  var description: String { "the stand-in \(script) did not start: \(said)" }
}
