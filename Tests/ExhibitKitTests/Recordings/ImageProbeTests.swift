import Foundation
import Testing

@testable import ExhibitKit

/// Screenshots are read from their own bytes, checked whole: every format's size, and the
/// damage each check exists for.
@Suite struct ImageProbeTests {
  static let media = Repository.root.appendingPathComponent("Tests/ExhibitKitTests/Fixtures/media")

  @Test(arguments: [
    ("still.jpg", "jpeg", "mjpeg", 48, 32), ("still-lossless.webp", "webp", "webp", 40, 30),
    ("still-lossy.webp", "webp", "webp", 36, 20),
  ])
  func readsEachFormatsSize(name: String, container: String, codec: String, width: Int, height: Int) throws {
    let info = try ImageProbe().probe(Self.media.appendingPathComponent(name).path)
    #expect(info.container == container && info.durationMilliseconds == nil)
    #expect(info.video?.codec == codec && info.video?.width == width && info.video?.height == height)
  }

  @Test func theSampleScreenshotIsAPNGOfItsSize() throws {
    let info = try ImageProbe().probe(
      Repository.root.appendingPathComponent("Media/native/checkbox/checkbox_iOS_TextSize200.png").path)
    #expect(info.container == "png" && info.video?.width == 390 && info.video?.height == 300)
  }

  @Test func damageIsNamed() throws {
    let png = try [UInt8](
      Data(
        contentsOf: Repository.root.appendingPathComponent(
          "Media/native/checkbox/checkbox_iOS_TextSize200.png")))
    let jpeg = try [UInt8](Data(contentsOf: Self.media.appendingPathComponent("still.jpg")))
    let webp = try [UInt8](Data(contentsOf: Self.media.appendingPathComponent("still-lossy.webp")))
    var flipped = png
    flipped[60] ^= 0x01
    let cases: [([UInt8], String)] = [
      (Array(png.prefix(png.count - 12)), "cut short"), (flipped, "does not match its CRC"),
      (Array(jpeg.prefix(jpeg.count - 2)), "does not end with its end-of-image marker"),
      (Array(webp.prefix(webp.count - 4)), "the WebP is cut short"), ([], "the file is empty"),
      (Array("plain text, not a picture".utf8), "not a PNG, JPEG or WebP image"),
    ]
    for (bytes, reason) in cases {
      #expect(throws: ProbeError.self) { try ImageProbe.read(bytes, path: "x") }
      do {
        _ = try ImageProbe.read(bytes, path: "x")
      } catch {
        #expect("\(error)".contains(reason), "\(reason): \(error)")
      }
    }
  }
}
