import Crypto
import Foundation
import Testing

@testable import ExhibitKit

/// Files a bag must not hide: a name that is not UTF-8 (no manifest can list it) and the NFD
/// spelling of a listed NFC name (another file on disk, equal as a Swift string). Names are
/// compared as the bytes the file system holds, as bagit-python does.
@Suite struct InvisibleExtrasTests {
  static let nfc = "caf\u{E9}.txt"
  static let nfd = "cafe\u{301}.txt"

  /// A one-file bag written by hand: `data/café.txt` (NFC), listed in the payload manifest.
  static func bag() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("extras-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
    let content = Data("evidence\n".utf8)
    try content.write(to: URL(fileURLWithPath: root + "/data/" + nfc))
    let digest = SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined()
    try "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n".write(
      toFile: root + "/bagit.txt", atomically: true, encoding: .utf8)
    try "\(digest)  data/\(nfc)\n".write(
      toFile: root + "/manifest-sha256.txt", atomically: true, encoding: .utf8)
    #expect(try BagVerifier.verify(root).valid)
    return root
  }

  @Test func anNFDTwinOfAListedNameIsAnExtra() throws {
    let root = try Self.bag()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(Self.nfc == Self.nfd, "Swift compares them as equal; the file system does not")
    #expect(
      FileManager.default.createFile(atPath: root + "/data/" + Self.nfd, contents: Data("forged\n".utf8)))
    let report = try BagVerifier.verify(root)
    #expect(!report.valid)
    #expect(
      report.problems.contains {
        $0.problem.contains("extra: not in manifest-sha256.txt") && $0.problem.contains("NFC")
      })
  }

  @Test func aNameThatIsNotUTF8IsAnExtra() throws {
    let root = try Self.bag()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = Array((root + "/data/report").utf8) + [0xFF] + Array(".html".utf8) + [0]
    let descriptor = try #require(
      path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { open($0, O_CREAT | O_WRONLY, 0o644) }
      })
    #expect(descriptor >= 0)
    close(descriptor)
    let report = try BagVerifier.verify(root)
    #expect(report.problems.contains { $0.problem.contains("not UTF-8") && $0.path.hasPrefix("data/report") })
  }
}
