import Foundation

/// The server's diagnostics, on stderr: stdout carries only the `listening on` line.
enum ServerLog {
  /// Writes `exhibit serve: MESSAGE` on stderr.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("exhibit serve: \(message)\n".utf8))
  }
}
