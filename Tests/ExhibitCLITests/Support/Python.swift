import Foundation
import Testing

/// Python, for checking Exhibit's output with other projects' tools and forging what a user's
/// tools could forge.
enum Python {
  static func run(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  static func forge(_ database: String, _ script: String) throws {
    let result = try run(
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
      [database, script])
    #expect(result.0 == 0, "\(result.1)")
  }
}
