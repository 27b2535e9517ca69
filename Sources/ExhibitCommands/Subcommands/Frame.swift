import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit frame RECORDING --at SECONDS --out FILE.png`
struct Frame: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "frame",
    abstract: "Write the frame a recording shows at a second as a PNG image.",
    discussion: """
      The frame is decoded in-process (libavcodec) from the key frame before the second and \
      written at the recording's size. The recording is its path or a SHA-256 prefix (8 hex \
      digits or more). With an evidence store (--media), a recording no longer on disk is read \
      from the store. A second past the end, a recording without video and frames that do not \
      decode are errors; no file is written then.
      """)
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var media: MediaOptions
  @Argument(help: "The recording: its path, or a prefix of its SHA-256.")
  var recording: String
  @Option(
    help: "The second: seconds (2.5 or 2,5) or minutes:seconds (0:02.5).",
    transform: { try SegmentTime.seconds($0) })
  var at: Double
  @Option(help: "The PNG file to write (replaced if it exists).")
  var out: String

  func validate() throws {
    guard out.lowercased().hasSuffix(".png") else {
      throw ValidationError("--out names a PNG file: end it in .png")
    }
  }

  func body(with opener: any CatalogueOpener) async throws {
    let reference = recording
    let detail = try await opener.withCatalogue(url: global.databasePath) { catalogue in
      try await catalogue.recordingDetail(
        reference, currentDirectory: FileManager.default.currentDirectoryPath)
    }
    let command = self
    try await media.withStorage { storage in try command.write(detail.recording, storage: storage) }
  }

  /// Decodes the frame (from a copy fetched from `storage` when the file is gone) and writes it.
  private func write(_ recording: RecordingSummary, storage: (any EvidenceStorage)?) throws {
    try report(
      StillFrameFile.write(recording, atSeconds: at, to: out, storage: storage), recording: recording)
  }

  private func report(_ frame: StillFrame, recording: RecordingSummary) throws {
    let path = URL(fileURLWithPath: out).standardizedFileURL.path
    if output.json {
      try Console.json(
        FrameReport(
          path: path, recording: recording.path, sha256: recording.sha256, atSeconds: at,
          shownFromSeconds: frame.shownFromSeconds, width: frame.width, height: frame.height,
          bytes: frame.png.count))
      return
    }
    Console.out(
      "\(path): \(frame.width)×\(frame.height), the frame shown from \(SegmentTime.text(frame.shownFromSeconds)) s "
        + "of \(recording.path)")
  }
}

/// What `frame --json` prints.
private struct FrameReport: Encodable {
  let path: String
  let recording: String
  let sha256: String?
  let atSeconds: Double
  let shownFromSeconds: Double
  let width: Int
  let height: Int
  let bytes: Int
}
