import Foundation
import Testing

/// Python, for checking Exhibit's output with other projects' tools, driving a browser, making
/// hostile files and forging what a user's tools could forge.
enum Python {
  /// Starts `python3 ARGUMENTS` (a script's path or `-c`, then its arguments).
  static func start(
    _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
  ) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return (process, stdout, stderr)
  }

  /// Runs `python3 ARGUMENTS` to its end; stdout and stderr are read together.
  static func run(
    _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
  ) throws -> CLIWorkspace.Result {
    CLIWorkspace.collect(try start(arguments, in: folder, environment: environment))
  }

  /// Runs a script given as text, returning its status and everything it printed.
  static func run(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
    let result = try run(["-c", script] + arguments)
    return (result.status, result.stdout + result.stderr)
  }

  /// Runs SQL on a database behind Exhibit's back, as anyone with the file could.
  static func forge(_ database: String, _ script: String) throws {
    let result = try run(
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
      [database, script])
    #expect(result.0 == 0, "\(result.1)")
  }

  /// A script of the repository's `Scripts/` folder.
  static func script(_ name: String) -> String {
    CLIWorkspace.repository.appendingPathComponent("Scripts/\(name)").path
  }
}
