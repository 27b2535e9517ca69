import Foundation
import Testing

/// A recording is `ok` only when its packets reach the duration its header declares; a cut one
/// is `truncated` with the duration actually there, and no verdict may rest on seconds it lacks.
@Suite struct TruncatedRecordingTests {
  static let sample = "Media/native/checkbox/checkboxVoiceOver.webm"

  /// The sample cut after its first 1,500 and 20,000 bytes, and as an MP4 whose `moov` box
  /// describes samples no `mdat` box holds.
  static func workspace() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.withMedia()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path(sample)))
    try workspace.write("Media/cut/header-only.webm", bytes.prefix(1500))
    try workspace.write("Media/cut/first-seconds.webm", bytes.prefix(20_000))
    let mp4 = workspace.path("whole.mp4")
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    ffmpeg.arguments = ["-loglevel", "error", "-y", "-i", workspace.path(sample), "-c", "copy", mp4]
    try ffmpeg.run()
    ffmpeg.waitUntilExit()
    #expect(ffmpeg.terminationStatus == 0)
    try workspace.write(
      "Media/cut/no-media-data.mp4", try Self.withoutMediaData(Data(contentsOf: URL(fileURLWithPath: mp4))))
    try workspace.write(
      "Media/cut/samples-past-end.mp4",
      try Self.withHalfItsMediaData(Data(contentsOf: URL(fileURLWithPath: mp4))))
    try workspace.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    return workspace
  }

  /// The MP4's top-level boxes but its `mdat`.
  static func withoutMediaData(_ data: Data) throws -> Data {
    try rewritingBoxes(data) { type, box in type == "mdat" ? [] : box }
  }

  /// The MP4 with its `mdat` box cut to the first half of its bytes and its size said so: the
  /// boxes still tile the file, but the sample table lists samples past its end.
  static func withHalfItsMediaData(_ data: Data) throws -> Data {
    try rewritingBoxes(data) { type, box in
      guard type == "mdat" else { return box }
      let payload = (box.count - 8) / 2
      return withUnsafeBytes(of: UInt32(payload + 8).bigEndian) { Array($0) } + Array(box[4..<8 + payload])
    }
  }

  /// The MP4's top-level boxes, each (its type and its bytes) replaced by what `rewrite` makes.
  static func rewritingBoxes(_ data: Data, _ rewrite: (String, [UInt8]) -> [UInt8]) throws -> Data {
    let bytes = [UInt8](data)
    var kept = Data()
    var offset = 0
    while offset + 8 <= bytes.count {
      let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      try #require(size >= 8 && offset + size <= bytes.count)
      kept.append(contentsOf: rewrite(type, Array(bytes[offset..<offset + size])))
      offset += size
    }
    return kept
  }

  @Test func cutFilesAreTruncatedWithTheDurationThatIsThere() throws {
    let workspace = try Self.workspace()
    let result = try workspace.run("catalog")
    #expect(result.status == 0, "\(result.stderr)")
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    func recording(_ name: String) -> [String: Any]? {
      list.first { ($0["path"] as? String)?.hasSuffix(name) == true }
    }
    #expect(recording("checkboxVoiceOver.webm")?["status"] as? String == "ok")
    for name in ["header-only.webm", "no-media-data.mp4"] {
      #expect(recording(name)?["status"] as? String == "truncated", "\(name)")
      #expect(recording(name)?["duration_seconds"] as? Double == 0, "\(name)")
      #expect(result.stderr.contains("\(name): truncated: no media packets"), "\(name)")
    }
    // Boxes that tile the file are not enough: the samples listed must be in it.
    #expect(recording("samples-past-end.mp4")?["status"] as? String == "truncated")
    #expect(
      result.stderr.contains("samples-past-end.mp4: truncated: its sample table lists"), "\(result.stderr)")
    let partial = try #require(recording("first-seconds.webm"))
    #expect(partial["status"] as? String == "truncated")
    // The media's own duration: what the cut file still holds of the 11.9 s recording.
    let duration = try #require(partial["duration_seconds"] as? Double)
    #expect(duration > 1 && duration < 7)
  }

  @Test func noVerdictRestsOnSecondsARecordingLacks() throws {
    let workspace = try Self.workspace()
    try workspace.run("catalog")
    let beyond = try workspace.run(
      "link", workspace.path("Media/cut/first-seconds.webm"), "native/checkbox#screenreader.role",
      "--verdict", "pass",
      "--from", "0.4", "--to", "7.2")
    #expect(beyond.status != 0)
    #expect(beyond.stderr.contains("lies outside the recording"))
    let empty = try workspace.run(
      "link", workspace.path("Media/cut/header-only.webm"), "native/checkbox#screenreader.role", "--verdict",
      "pass")
    #expect(empty.status != 0)
    #expect(empty.stderr.contains("truncated before its first frame"))
    let within = try workspace.run(
      "link", workspace.path("Media/cut/first-seconds.webm"), "native/checkbox#screenreader.role",
      "--verdict", "pass",
      "--from", "0.4", "--to", "1.0")
    #expect(within.status == 0, "\(within.stderr)")
  }
}
