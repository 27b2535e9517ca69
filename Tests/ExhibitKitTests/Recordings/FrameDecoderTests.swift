import Foundation
import Testing

@testable import ExhibitKit

/// The still frame of a recording, decoded in-process, checked against ffmpeg's own decoding of
/// the same frame, pixel by pixel.
@Suite struct FrameDecoderTests {
  private static func sample(_ relative: String) -> String {
    Repository.root.appendingPathComponent(relative).path
  }

  /// ffmpeg's RGB pixels of `path` (a PNG, or the frame of a recording shown at `seconds`).
  private static func ffmpegPixels(_ path: String, seconds: Double? = nil) throws -> [UInt8] {
    var arguments = ["ffmpeg", "-v", "error", "-i", path]
    if let seconds { arguments += ["-ss", String(seconds), "-frames:v", "1"] }
    arguments += ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    return try run(arguments)
  }

  private static func run(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
  }

  @Test(arguments: SampleWorkspace.samples)
  func theFrameIsFFmpegsFramePixelForPixel(relative: String) throws {
    let path = Self.sample(relative)
    let folder = try TemporaryFolder()
    let frame = try FrameDecoder().frame(of: path, atSeconds: 1.5)
    #expect(frame.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(frame.width == 320 && frame.height == 180)
    #expect(frame.shownFromSeconds <= 1.5 && frame.shownFromSeconds > 1.0)
    let written = try folder.write("frame.png", Data(frame.png))
    let ours = try Self.ffmpegPixels(written)
    let theirs = try Self.ffmpegPixels(path, seconds: frame.shownFromSeconds)
    #expect(ours.count == 320 * 180 * 3)
    #expect(ours == theirs)
  }

  @Test func aSecondBetweenFramesShowsTheEarlierOne() throws {
    let path = Self.sample(SampleWorkspace.samples[0])
    let early = try FrameDecoder().frame(of: path, atSeconds: 0)
    // The first frame is what shows before it (this one is timed 7 ms in).
    #expect(early.shownFromSeconds < 0.05)
    let later = try FrameDecoder().frame(of: path, atSeconds: 2)
    let justAfter = try FrameDecoder().frame(of: path, atSeconds: later.shownFromSeconds + 0.001)
    #expect(justAfter.shownFromSeconds == later.shownFromSeconds)
    #expect(justAfter.png == later.png)
  }

  @Test func aRecordingWithoutAHeaderDurationEndsAtItsLastFrame() throws {
    let path = Self.sample("Media/web/checkbox/checkbox_WindowsNvdaChrome.webm")
    let last = try FrameDecoder().frame(of: path, atSeconds: 4.5)
    #expect(last.width == 320)
    #expect(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: 60) }
  }

  @Test func aSecondPastTheEndOrBeforeTheStartIsAnErrorNamingTheFile() throws {
    let path = Self.sample(SampleWorkspace.samples[0])
    let past = try #require(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: 600) }
    #expect(past.path == path && past.reason.contains("past the end"))
    let catalogued = try #require(throws: ProbeError.self) {
      try FrameDecoder().frame(of: path, atSeconds: 3, durationSeconds: 2)
    }
    #expect(catalogued.reason.contains("past the end of the recording (2 s)"))
    #expect(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: -1) }
    #expect(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: .nan) }
  }

  @Test func aRecordingWithoutVideoHasNoFrame() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("voice.webm")
    _ = try Self.run([
      "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libopus", path,
    ])
    let error = try #require(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: 1) }
    #expect(error.reason.contains("has no video stream"))
  }

  @Test func framesThatDoNotDecodeAreAnError() throws {
    let folder = try TemporaryFolder()
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.sample(SampleWorkspace.samples[0]))))
    // Keep the header; every byte of media after it becomes noise.
    for index in stride(from: 600, to: bytes.count, by: 1) {
      bytes[index] = UInt8(truncatingIfNeeded: index &* 31)
    }
    let path = try folder.write("noise.webm", Data(bytes))
    #expect(throws: ProbeError.self) { try FrameDecoder().frame(of: path, atSeconds: 1) }
    let text = try folder.write("notes.webm", "not a recording")
    #expect(throws: ProbeError.self) { try FrameDecoder().frame(of: text, atSeconds: 0) }
  }
}
