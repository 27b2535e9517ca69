/// What a verdict rests on.
public enum EvidenceKind: String, Sendable, Equatable, Codable, CaseIterable {
  /// A video recording, or seconds of it.
  case recording
  /// A still image (PNG, JPEG or WebP), catalogued like a recording and linked whole.
  case screenshot
  /// No file: the auditor's note says what was observed, on a platform they name.
  case observation

  /// The kind of a link to a recording stored with `container`, or of a link with no recording.
  init(recordingContainer container: String?, hasRecording: Bool) {
    if !hasRecording {
      self = .observation
    } else if ScreenshotFormat(container: container) != nil {
      self = .screenshot
    } else {
      self = .recording
    }
  }
}
