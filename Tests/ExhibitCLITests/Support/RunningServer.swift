import Foundation
import Testing

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

  /// Sends `signal` and waits for the server to end, woken by its termination rather than by
  /// polling; one still running after a minute is killed (`forced`), so a server that ignores
  /// the signal fails its test instead of hanging it.
  func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, forced: Bool) {
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    let started = Date()
    kill(process.processIdentifier, signal)
    // A server that ended before the handler was set never signals: it is no longer running.
    while process.isRunning, Date().timeIntervalSince(started) < 60 {
      _ = ended.wait(timeout: .now() + 1)
    }
    let forced = process.isRunning
    if forced { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process.terminationStatus, forced)
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

/// `exhibit serve` ended, or printed something else, before saying where it listens.
struct ServeFailed: Error, CustomStringConvertible {
  let output: String
  var description: String { "exhibit serve did not start: \(output)" }
}
