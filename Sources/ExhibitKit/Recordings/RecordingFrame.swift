import ExhibitModel
import Foundation

/// The still frame of a catalogued recording at a second: decoded from the file at its catalogued
/// path, or, where that file is gone (a team's recordings live in the evidence store), from a
/// local copy of its bytes.
public enum RecordingFrame {
  /// Fetches a stored object to a local file and returns its path (``FetchedEvidence/copy(_:_:size:)``).
  public typealias LocalCopy = @Sendable (String, StoredObjectKind, Int64?) throws -> String

  /// The frame `recording` shows at `seconds`.
  ///
  /// - Parameters:
  ///   - recording: The catalogued recording.
  ///   - seconds: The second.
  ///   - localCopy: Where its bytes can be fetched when the file is not at its path.
  ///   - decoder: The decoder and its limits.
  /// - Returns: The frame as PNG.
  /// - Throws: ``ProbeError`` naming the recording's path and the reason (a screenshot, no video, a
  ///   second past the end, frames that do not decode, a file that is gone), or the store's error.
  public static func frame(
    of recording: RecordingSummary, atSeconds seconds: Double, localCopy: LocalCopy? = nil,
    decoder: FrameDecoder = FrameDecoder()
  ) throws -> StillFrame {
    if let end = recording.durationSeconds, seconds > end {
      throw ProbeError(
        path: recording.path,
        reason: "\(SegmentTime.text(seconds)) s is past the end of the recording (\(SegmentTime.text(end)) s)"
      )
    }
    let path = try recording.localPath(localCopy)
    do {
      return try decoder.boxedFrame(of: path, atSeconds: seconds, durationSeconds: recording.durationSeconds)
    } catch let error as ProbeError where path != recording.path {
      throw ProbeError(path: recording.path, reason: error.reason)
    }
  }
}
