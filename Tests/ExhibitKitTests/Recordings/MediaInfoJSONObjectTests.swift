import Foundation
import Testing

@testable import ExhibitKit

/// A helper's answer read through `JSONSerialization` is what `JSONDecoder` reads of it.
@Suite struct MediaInfoJSONObjectTests {
  static func object(_ info: MediaInfo) throws -> [String: Any] {
    let data = try JSONEncoder().encode(info)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// `info` as a helper writes it, read back by `JSONDecoder` and by the fast reader.
  static func roundTrips(_ info: MediaInfo) throws {
    var text: [UInt8] = []
    info.appendJSON(to: &text)
    #expect(
      try JSONDecoder().decode(MediaInfo.self, from: Data(text)) == info,
      "\(String(decoding: text, as: UTF8.self))")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
    #expect(MediaInfo(jsonObject: object) == info)
  }

  @Test(arguments: SampleWorkspace.samples)
  func aProbedSampleReadsAsJSONDecoderReadsIt(relative: String) throws {
    let info = try MediaProbe().probe(Repository.root.appendingPathComponent(relative).path)
    #expect(MediaInfo(jsonObject: try Self.object(info)) == info)
    try Self.roundTrips(info)
  }

  @Test func absentFieldsStayAbsentAndEveryFieldIsRead() throws {
    let bare = MediaInfo(
      container: "matroska,webm", durationMilliseconds: nil, durationSource: nil, bitRate: nil, tags: [:],
      streams: [MediaInfo.Stream(index: 0, kind: "data", codec: "none")], truncated: false,
      truncationReason: nil)
    #expect(MediaInfo(jsonObject: try Self.object(bare)) == bare)
    try Self.roundTrips(bare)
    let full = MediaInfo(
      container: "mov,mp4,m4a,3gp,3g2,mj2", durationMilliseconds: 0, durationSource: "packets", bitRate: 1,
      tags: ["title": "caf\u{e9} \"quoted\" \\ /", "encoder": "", "note": "line\nbreak\ttab\u{1}"],
      streams: [
        MediaInfo.Stream(
          index: 0, kind: "video", codec: "h264", width: 1, height: 2, frameRate: "30000/1001",
          sampleRate: nil,
          channels: nil, bitRate: 3, language: "und"),
        MediaInfo.Stream(
          index: 1, kind: "audio", codec: "aac", width: nil, height: nil, frameRate: nil, sampleRate: 48000,
          channels: 1, bitRate: nil, language: nil),
      ],
      truncated: true, truncationReason: "packets end at 0 ms of a declared 5 ms")
    #expect(MediaInfo(jsonObject: try Self.object(full)) == full)
    try Self.roundTrips(full)
  }

  @Test func aFieldOfAnotherTypeIsLeftToJSONDecoder() throws {
    var object = try Self.object(
      MediaInfo(
        container: "matroska,webm", durationMilliseconds: 5, durationSource: "container", bitRate: nil,
        tags: [:],
        streams: [], truncated: false, truncationReason: nil))
    object["durationMilliseconds"] = "5"
    #expect(MediaInfo(jsonObject: object) == nil)
    object["durationMilliseconds"] = 5
    object["tags"] = ["title": 7]
    #expect(MediaInfo(jsonObject: object) == nil)
  }
}
