import Foundation
import Testing

@testable import ExhibitKit

/// A file's structure accounts for exactly its bytes only when its muxer finished writing it.
@Suite struct ContainerExtentTests {
  private static func bytes(_ relative: String) throws -> Data {
    try Data(contentsOf: Repository.root.appendingPathComponent(relative))
  }

  /// `isComplete` on `data` written to a file, as the probe asks it.
  private static func isComplete(_ data: Data, container: String) throws -> Bool {
    let folder = try TemporaryFolder()
    let path = try folder.write("recording", data)
    let descriptor = open(path, O_RDONLY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    return ContainerExtent.isComplete(
      container: container, head: Array(data.prefix(256)), descriptor: descriptor, size: Int64(data.count))
  }

  @Test func aFinishedWebMIsCompleteAndACutOrLengthenedOneIsNot() throws {
    let whole = try Self.bytes("Media/native/checkbox/checkboxVoiceOver.webm")
    #expect(try Self.isComplete(whole, container: "matroska"))
    #expect(try !Self.isComplete(whole.prefix(whole.count - 1), container: "matroska"))
    #expect(try !Self.isComplete(whole.prefix(whole.count / 2), container: "matroska"))
    #expect(try !Self.isComplete(whole + Data([0]), container: "matroska"))
  }

  @Test func aLiveWebMWithAnUnknownSegmentSizeIsNotComplete() throws {
    // The MediaRecorder-style sample declares no Segment size: it must be read to its end.
    let live = try Self.bytes("Media/web/checkbox/checkbox_WindowsNvdaChrome.webm")
    #expect(try !Self.isComplete(live, container: "matroska"))
  }

  @Test func mp4BoxesMustTileTheFileAndHoldAMovie() throws {
    let whole = try Self.bytes("Tests/ExhibitKitTests/Fixtures/media/audio-first.mp4")
    #expect(try Self.isComplete(whole, container: "mov"))
    #expect(try !Self.isComplete(whole.prefix(whole.count - 10), container: "mov"))
    #expect(try !Self.isComplete(whole + Data(count: 3), container: "mov"))
    // Boxes that tile the file but hold no `moov`: nothing says what the samples are.
    var box = Data([0, 0, 0, 16]) + Data("free".utf8) + Data(count: 8)
    #expect(try !Self.isComplete(box, container: "mov"))
    box = Data([0, 0, 0, 4]) + Data("moov".utf8)
    #expect(try !Self.isComplete(box, container: "mov"), "a box shorter than its header")
  }

  @Test func headersThatRunPastTheBytesHeldAreNotComplete() {
    #expect(!ContainerExtent.matroskaIsComplete([0x1A, 0x45, 0xDF, 0xA3, 0x84, 0, 0], size: 7))
    #expect(!ContainerExtent.matroskaIsComplete([0x1A, 0x45, 0xDF, 0xA3, 0x00], size: 5))
    // An EBML header of 0 bytes, then a Segment of 1 byte whose body is the file's last byte.
    #expect(
      ContainerExtent.matroskaIsComplete(
        [0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x81, 0], size: 11))
  }
}
