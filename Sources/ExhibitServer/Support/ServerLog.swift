import Foundation
import NIOConcurrencyHelpers

/// The server's diagnostics, on stderr: stdout carries only the `listening on` line. At most
/// ``linesPerMinute`` lines a minute are written, so that a client cannot fill the log; the next
/// line after a quiet spell says how many were held back.
enum ServerLog {
  static let linesPerMinute = 20
  private static let window = NIOLockedValueBox<(start: Date, written: Int, suppressed: Int)>(
    (.distantPast, 0, 0))

  /// Writes `exhibit serve: MESSAGE` on stderr, unless this minute's lines are spent.
  static func error(_ message: String, now: Date = Date()) {
    let line: String? = window.withLockedValue { window in
      if now.timeIntervalSince(window.start) >= 60 {
        let held = window.suppressed
        window = (now, 0, 0)
        if held > 0 {
          window.written = 1
          return
            "exhibit serve: (\(held) more lines held back in the last minute)\nexhibit serve: \(message)\n"
        }
      }
      guard window.written < linesPerMinute else {
        window.suppressed += 1
        return nil
      }
      window.written += 1
      return "exhibit serve: \(message)\n"
    }
    if let line { FileHandle.standardError.write(Data(line.utf8)) }
  }
}
