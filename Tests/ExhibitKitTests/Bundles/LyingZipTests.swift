import Foundation
import Testing

@testable import ExhibitKit

/// Zips whose parts disagree about what they hold: every unzip tool reads something else, so
/// `verify` refuses each and says why. Each is an Exhibit zip with a few bytes changed.
@Suite struct LyingZipTests {
  static func zip() async throws -> (SampleWorkspace, String, Data) {
    let workspace = try await SampleWorkspace.judged()
    let path = try workspace.exportBundle(zip: true).path
    #expect(try BagVerifier.verify(path).valid)
    return (workspace, path, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func refusal(_ data: Data, at path: String) throws -> String {
    try data.write(to: URL(fileURLWithPath: path))
    do {
      let report = try BagVerifier.verify(path)
      return report.valid ? "valid" : report.problems.map(\.problem).joined(separator: "; ")
    } catch {
      return "\(error)"
    }
  }

  /// The offset of the end of central directory record.
  static func endRecord(_ data: Data) throws -> Int {
    try #require(
      stride(from: data.count - 22, through: 0, by: -1).first {
        data[$0] == 0x50 && data[$0 + 1] == 0x4b && data[$0 + 2] == 0x05 && data[$0 + 3] == 0x06
      })
  }

  @Test func anEndRecordCountingOneEntryLessIsRefused() async throws {
    let (workspace, path, original) = try await Self.zip()
    defer { withExtendedLifetime(workspace) {} }
    var data = original
    let end = try Self.endRecord(data)
    for field in [end + 8, end + 10] { data[field] -= 1 }
    #expect(try Self.refusal(data, at: path).contains("holds more than"))
  }

  @Test func aLocalHeaderNamingAnotherPathIsRefused() async throws {
    let (workspace, path, original) = try await Self.zip()
    defer { withExtendedLifetime(workspace) {} }
    var data = original
    let name = Array("native-checkbox-ios-2026-11-21/data/report.html".utf8)
    let local = try #require(
      data.indices.first { index in
        index + 30 + name.count <= data.count && data[index] == 0x50 && data[index + 1] == 0x4b
          && data[index + 2] == 0x03 && data[index + 3] == 0x04
          && Array(data[(index + 30)..<(index + 30 + name.count)]) == name
      })
    let evil = Array(("../../tmp/" + String(repeating: "x", count: name.count - 20) + "PWNED.html").utf8)
    #expect(evil.count == name.count)
    data.replaceSubrange((local + 30)..<(local + 30 + name.count), with: evil)
    let said = try Self.refusal(data, at: path)
    #expect(said.contains("its local header names") && said.contains("PWNED"))
  }

  @Test func trailingBytesAndBytesBetweenEntriesAreRefused() async throws {
    let (workspace, path, original) = try await Self.zip()
    defer { withExtendedLifetime(workspace) {} }
    #expect(
      try Self.refusal(original + Data("hidden".utf8), at: path).contains(
        "after the end of central directory"))
    // Bytes slipped in before the first entry shift everything: the offsets no longer tile the file.
    var shifted = Data("hidden".utf8) + original
    let end = try Self.endRecord(shifted)
    let start =
      UInt32(shifted[end + 16]) | UInt32(shifted[end + 17]) << 8 | UInt32(shifted[end + 18]) << 16
      | UInt32(shifted[end + 19]) << 24
    let moved = start + 6
    for (index, byte) in [moved & 0xff, moved >> 8 & 0xff, moved >> 16 & 0xff, moved >> 24].enumerated() {
      shifted[end + 16 + index] = UInt8(byte)
    }
    let said = try Self.refusal(shifted, at: path)
    #expect(said.contains("damaged local header") || said.contains("bytes no entry accounts for"), "\(said)")
  }
}
