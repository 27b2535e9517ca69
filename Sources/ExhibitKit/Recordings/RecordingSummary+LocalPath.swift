import Foundation

extension RecordingSummary {
  /// A local path to the recording's bytes: its catalogued path while the file is there, else a
  /// copy `localCopy` fetches by SHA-256 (a team's recordings live in the evidence store).
  /// - Throws: ``ProbeError`` naming the catalogued path when the file is gone and there is no
  ///   store to fetch it from, or the store's error.
  func localPath(_ localCopy: RecordingFrame.LocalCopy?) throws -> String {
    guard !FileManager.default.fileExists(atPath: path) else { return path }
    guard let localCopy, let sha256 else {
      throw ProbeError(path: path, reason: "the file is not there (moved or deleted since it was catalogued)")
    }
    return try localCopy(sha256, .recording, size)
  }
}
