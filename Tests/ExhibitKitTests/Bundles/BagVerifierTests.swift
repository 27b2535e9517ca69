import Foundation
import Testing

@testable import ExhibitKit

/// Each way a bag can be wrong is caught and named, in folders and in zips.
@Suite struct BagVerifierTests {
  /// A fresh bag of the sample evidence, and its workspace (kept alive with it).
  static func bag() async throws -> (SampleWorkspace, String) {
    let workspace = try await SampleWorkspace.judged()
    return (workspace, try workspace.exportBundle().path)
  }

  static func problems(_ path: String) throws -> [BagReport.Problem] { try BagVerifier.verify(path).problems }

  @Test(arguments: [
    "data/recordings/checkboxVoiceOver.webm", "data/report.html", "data/manifest.json",
    "data/recordings/checkboxVoiceOver-en-US.vtt", "bag-info.txt", "bagit.txt", "manifest-sha256.txt",
  ])
  func oneFlippedByteIsCaughtAndNamed(file: String) async throws {
    let (workspace, bag) = try await Self.bag()
    try Bytes.flip(bag + "/" + file, at: 3)
    let problems = try Self.problems(bag)
    #expect(problems.contains { $0.path == file && $0.problem.hasPrefix("altered") }, "\(problems)")
    _ = workspace
  }

  @Test func missingExtraAndUnsafeFilesAreNamed() async throws {
    let (workspace, bag) = try await Self.bag()
    try FileManager.default.removeItem(atPath: bag + "/data/criteria.feature")
    try Data("x".utf8).write(to: URL(fileURLWithPath: bag + "/data/stowaway.txt"))
    try Data("x".utf8).write(to: URL(fileURLWithPath: bag + "/notes.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: bag + "/data/link.webm", withDestinationPath: "/etc/passwd")
    let problems = try Self.problems(bag)
    #expect(problems.contains { $0.path == "data/criteria.feature" && $0.problem.hasPrefix("missing") })
    #expect(problems.contains { $0.path == "data/stowaway.txt" && $0.problem.hasPrefix("extra") })
    #expect(problems.contains { $0.path == "notes.txt" && $0.problem.hasPrefix("extra") })
    #expect(problems.contains { $0.path == "data/link.webm" && $0.problem.contains("symbolic link") })
    #expect(problems.contains { $0.path == "bag-info.txt" && $0.problem.contains("Payload-Oxum") })
    _ = workspace
  }

  @Test func unsafeAndDuplicateManifestLinesAreNamed() async throws {
    let (workspace, bag) = try await Self.bag()
    let manifest = bag + "/manifest-sha256.txt"
    var text = try String(contentsOfFile: manifest, encoding: .utf8)
    let first = try #require(text.split(separator: "\n").first)
    text += "\(first)\n"
    text += String(repeating: "0", count: 64) + "  data/../../outside.txt\n"
    text += String(repeating: "0", count: 64) + "  /etc/passwd\n"
    text += "not a manifest line\n"
    try text.write(toFile: manifest, atomically: true, encoding: .utf8)
    let problems = try Self.problems(bag)
    #expect(problems.contains { $0.path == "data/../../outside.txt" && $0.problem.contains("unsafe") })
    #expect(problems.contains { $0.path == "/etc/passwd" && $0.problem.contains("absolute") })
    #expect(problems.contains { $0.problem.contains("listed twice") })
    #expect(problems.contains { $0.path == "manifest-sha256.txt" && $0.problem.contains("line") })
    // The tag manifest notices the edited manifest too.
    #expect(problems.contains { $0.path == "manifest-sha256.txt" && $0.problem.hasPrefix("altered") })
    _ = workspace
  }

  @Test func aMissingDeclarationOrManifestIsNamed() async throws {
    let (workspace, bag) = try await Self.bag()
    try FileManager.default.removeItem(atPath: bag + "/bagit.txt")
    try FileManager.default.removeItem(atPath: bag + "/manifest-sha256.txt")
    let problems = try Self.problems(bag)
    #expect(problems.contains { $0.path == "bagit.txt" && $0.problem == "missing" })
    #expect(problems.contains { $0.path == "manifest-sha256.txt" && $0.problem.hasPrefix("missing") })
    _ = workspace
  }

  /// Rewrites an entry name in a zip, in both headers (same length), and optionally its mode.
  static func rename(in zip: String, _ old: String, to new: String, mode: UInt32? = nil) throws {
    precondition(old.utf8.count == new.utf8.count)
    var data = try Data(contentsOf: URL(fileURLWithPath: zip))
    let oldBytes = Data(old.utf8)
    var searchFrom = data.startIndex
    while let range = data.range(of: oldBytes, in: searchFrom..<data.endIndex) {
      data.replaceSubrange(range, with: Data(new.utf8))
      let headerStart = range.lowerBound - 46
      if let mode, headerStart >= 0, data.le32(at: headerStart) == 0x0201_4b50 {
        let attributes = mode << 16
        for index in 0..<4 {
          data[headerStart + 38 + index] = UInt8((attributes >> UInt32(8 * index)) & 0xFF)
        }
      }
      searchFrom = range.upperBound
    }
    try data.write(to: URL(fileURLWithPath: zip))
  }

  @Test func zipsAreCheckedWithoutExtractingOutside() async throws {
    let workspace = try await SampleWorkspace.judged()
    let zip = try workspace.exportBundle(zip: true).path
    let prefix = "native-checkbox-ios-2026-11-21/"

    let flipped = workspace.folder.path("flipped.zip")
    try FileManager.default.copyItem(atPath: zip, toPath: flipped)
    let entries = try StoredZip.entries(of: flipped)
    let report = try #require(entries.first { $0.name == prefix + "data/report.html" })
    try Bytes.flip(flipped, at: UInt64(report.localHeaderOffset) + 30 + UInt64(report.name.utf8.count) + 5)
    let flippedProblems = try Self.problems(flipped)
    #expect(flippedProblems.contains { $0.path == prefix + "data/report.html" && $0.problem.contains("CRC") })
    #expect(
      flippedProblems.contains { $0.path == prefix + "data/report.html" && $0.problem.hasPrefix("altered") })

    let escaping = workspace.folder.path("escaping.zip")
    try FileManager.default.copyItem(atPath: zip, toPath: escaping)
    let climbing = String(repeating: "../", count: 10) + "abagit.txt"
    #expect(climbing.count == prefix.count + 9)
    try Self.rename(in: escaping, prefix + "bagit.txt", to: climbing)
    let escapingProblems = try Self.problems(escaping)
    #expect(escapingProblems.contains { $0.problem.contains("leaves the bag") }, "\(escapingProblems)")
    #expect(!FileManager.default.fileExists(atPath: workspace.folder.path("bagit.txt")))

    let linked = workspace.folder.path("linked.zip")
    try FileManager.default.copyItem(atPath: zip, toPath: linked)
    try Self.rename(in: linked, prefix + "data/earl.jsonld", to: prefix + "data/earl.jsonld", mode: 0o120777)
    #expect(
      try Self.problems(linked).contains {
        $0.path == prefix + "data/earl.jsonld" && $0.problem.contains("symbolic link")
      })

    let twice = workspace.folder.path("twice.zip")
    try FileManager.default.copyItem(atPath: zip, toPath: twice)
    try Self.rename(in: twice, prefix + "data/report.html", to: prefix + "data/earl.jsonld")
    let twiceProblems = try Self.problems(twice)
    #expect(twiceProblems.contains { $0.path == prefix + "data/earl.jsonld" && $0.problem.contains("twice") })
    #expect(
      twiceProblems.contains { $0.path == prefix + "data/report.html" && $0.problem.hasPrefix("missing") })

    let garbage = try #require(
      FileManager.default.createFile(atPath: workspace.folder.path("x.zip"), contents: Data("no zip".utf8))
        ? workspace.folder.path("x.zip") : nil)
    #expect(throws: BundleError.self) { try BagVerifier.verify(garbage) }
  }
}
