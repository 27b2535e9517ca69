import Foundation
import Testing

@testable import ExhibitKit

/// Every real recording in `../shared/corpus` reads as ffprobe reads it; skipped without it.
@Suite(.enabled(if: Repository.corpus != nil, "../shared/corpus is absent"))
struct CorpusProbeTests {
  static var recordings: [String] {
    guard let corpus = Repository.corpus,
      let walker = FileManager.default.enumerator(atPath: corpus.appendingPathComponent("media").path)
    else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".webm") }.sorted()
      .map { corpus.appendingPathComponent("media").appendingPathComponent($0).path }
  }

  @Test func everyCorpusRecordingMatchesFFprobe() throws {
    let recordings = Self.recordings
    #expect(recordings.count == 8)
    for path in recordings {
      let info = try MediaProbe().probe(path)
      let reference = try FFprobe(path)
      let expected = try #require(reference.formatDuration)
      #expect(abs(Double(info.durationMilliseconds ?? 0) - expected * 1000) <= 1, "\(path)")
      let video = reference.streams.first { $0["codec_type"] as? String == "video" }
      let audio = reference.streams.first { $0["codec_type"] as? String == "audio" }
      #expect(info.video?.codec == video?["codec_name"] as? String, "\(path)")
      #expect(info.video?.width == video?["width"] as? Int, "\(path)")
      #expect(info.video?.height == video?["height"] as? Int, "\(path)")
      #expect(info.audio?.codec == audio?["codec_name"] as? String, "\(path)")
      #expect(info.audio?.channels == audio?["channels"] as? Int, "\(path)")
      #expect(!info.truncated, "\(path)")
      #expect(info.tags == reference.tags, "\(path)")
    }
  }
}
