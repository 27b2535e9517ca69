import ExhibitKit
import Foundation

/// Writes a recording's still frame as a PNG file, decoding it from the catalogued path or, when
/// the file is gone and an evidence store is open, from a copy fetched beside the PNG.
enum StillFrameFile {
  /// Decodes the frame `recording` shows at `seconds` and writes it to `out` (atomically).
  /// - Returns: The frame.
  /// - Throws: ``ProbeError`` naming the recording and the reason, or the store's error; no file is
  ///   written then.
  static func write(
    _ recording: RecordingSummary, atSeconds seconds: Double, to out: String, storage: (any EvidenceStorage)?
  ) throws -> StillFrame {
    let folder = (out as NSString).deletingLastPathComponent
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: folder.isEmpty ? "." : folder) }
    defer { fetched?.remove() }
    var localCopy: RecordingFrame.LocalCopy?
    if let fetched { localCopy = { try fetched.copy($0, $1, size: $2) } }
    // Decoded in a helper (the probe box), so a stream built to crash the decoder stops only it.
    ProbeDeadline.boxProbes()
    let frame = try RecordingFrame.frame(of: recording, atSeconds: seconds, localCopy: localCopy)
    try Data(frame.png).write(to: URL(fileURLWithPath: out), options: .atomic)
    return frame
  }
}
