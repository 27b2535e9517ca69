import Foundation
import Testing

@testable import ExhibitKit

@Suite struct MediaProbeTests {

  private static func sample(_ relative: String) -> String {
    Repository.root.appendingPathComponent(relative).path
  }

  @Test(arguments: SampleWorkspace.samples)
  func matchesFFprobeOnTheSampleRecordings(relative: String) throws {
    let path = Self.sample(relative)
    let info = try MediaProbe().probe(path)
    let reference = try FFprobe(path, packets: true)
    #expect(info.container == "matroska,webm")
    #expect(!info.truncated)
    let duration = try #require(info.durationMilliseconds)
    if let expected = reference.formatDuration {
      #expect(
        abs(Double(duration) - expected * 1000) <= 1, "duration \(duration) ms vs ffprobe \(expected) s")
      #expect(info.durationSource == "container")
    } else {
      // No container duration: ours comes from the packets and must match their true end.
      let end = try #require(reference.lastPacketEnd)
      #expect(info.durationSource == "packets")
      #expect(abs(Double(duration) - end * 1000) <= 8, "duration \(duration) ms vs last packet \(end) s")
    }
    #expect(info.video?.codec == "vp9")
    #expect(info.video?.width == 320 && info.video?.height == 180)
    #expect(info.audio?.codec == "opus")
    #expect(info.audio?.sampleRate == 48000 && info.audio?.channels == 1)
    #expect(info.streams.count == reference.streams.count)
  }

  @Test func theMediaRecorderStyleFileHasNoHeaderDuration() throws {
    let path = Self.sample("Media/web/checkbox/checkbox_WindowsNvdaChrome.webm")
    #expect(try FFprobe(path).formatDuration == nil)
    let info = try MediaProbe().probe(path)
    #expect(info.durationSource == "packets")
    #expect((info.durationMilliseconds ?? 0) > 4000)
  }

  @Test func containerTagsAreRead() throws {
    let info = try MediaProbe().probe(Self.sample("Media/native/checkbox/checkboxVoiceOver.webm"))
    #expect(info.tags["COM.APPLE.QUICKTIME.AUTHOR"] == "ReplayKitRecording")
    let android = try MediaProbe().probe(Self.sample("Media/native/checkbox/checkbox_AndroidTalkback.webm"))
    #expect(android.tags["COM.ANDROID.VERSION"] == "14")
  }

  @Test func audioFirstMP4FindsTheVideoWhereverItIs() throws {
    let path = Repository.root.appendingPathComponent("Tests/ExhibitKitTests/Fixtures/media/audio-first.mp4")
      .path
    let info = try MediaProbe().probe(path)
    #expect(info.container == "mov,mp4,m4a,3gp,3g2,mj2")
    #expect(info.streams.first?.kind == "audio")
    #expect(info.video?.index == 1 && info.video?.codec == "h264")
    #expect(info.video?.width == 64 && info.video?.height == 36)
    #expect(abs(Double(info.durationMilliseconds ?? 0) - (try FFprobe(path).formatDuration ?? 0) * 1000) <= 1)
  }

  @Test func aTruncatedRecordingIsNoticed() throws {
    let folder = try TemporaryFolder()
    let bytes = try Data(
      contentsOf: URL(fileURLWithPath: Self.sample("Media/native/checkbox/checkboxVoiceOver.webm")))
    let path = try folder.write("cut.webm", bytes.prefix(bytes.count / 2))
    let info = try MediaProbe().probe(path)
    #expect(info.truncated)
    #expect(info.truncationReason != nil)
  }

  // MARK: - Bad input

  private func refusal(_ path: String) -> ProbeError? {
    do {
      _ = try MediaProbe().probe(path)
      Issue.record("\(path) was probed, expected a refusal")
      return nil
    } catch let error as ProbeError {
      #expect(error.path == path)
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test func emptyRandomAndTextFilesAreRefused() throws {
    let folder = try TemporaryFolder()
    #expect(refusal(try folder.write("empty.webm", Data()))?.reason == "empty file")
    var generator = SystemRandomNumberGenerator()
    let random = Data((0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) })
    #expect(refusal(try folder.write("random.webm", random)) != nil)
    #expect(refusal(try folder.write("notes.webm", "just some text\n")) != nil)
  }

  @Test func playlistsNamedWebmOpenNothingElse() throws {
    let folder = try TemporaryFolder()
    let secret = try folder.write(
      "secret.webm", try Data(contentsOf: URL(fileURLWithPath: Self.sample(SampleWorkspace.samples[0]))))
    let concat = try folder.write("concat.webm", "ffconcat version 1.0\nfile '\(secret)'\n")
    #expect(refusal(concat)?.reason.contains("refused") == true)
    let hls = try folder.write(
      "list.webm", "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://\(secret)\n#EXT-X-ENDLIST\n")
    #expect(refusal(hls) != nil)
  }

  @Test func fifoFolderAndDanglingLinkAreRefusedWithoutBlocking() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.path("pipe.webm")
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(refusal(fifo)?.reason.contains("FIFO") == true)
    let directory = folder.path("folder.webm")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect(refusal(directory)?.reason.contains("folder") == true)
    let link = folder.path("dangling.webm")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path("nowhere.webm"))
    #expect(refusal(link) != nil)
    #expect(refusal(folder.path("missing.webm"))?.reason.contains("No such file") == true)
  }
}
