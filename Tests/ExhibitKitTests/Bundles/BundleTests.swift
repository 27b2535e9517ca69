import Foundation
import Testing

@testable import ExhibitKit

/// Evidence bundles from a real database and real recordings, checked by our verifier and by
/// other projects' tools (bagit-python, Cucumber's gherkin, pyld, axe-core in Chromium).
@Suite struct BundleTests {
  typealias Workspace = SampleWorkspace

  /// The sample workspace with two verdicts on iOS, one with a segment.
  @Test func aBagHoldsTheEvidenceAndVerifies() async throws {
    let workspace = try await SampleWorkspace.judged()
    let result = try workspace.exportBundle()
    #expect(result.path == workspace.folder.path("out/native-checkbox-ios-2026-11-21"))
    let report = try BagVerifier.verify(result.path)
    #expect(report.valid, "\(report.problems)")
    let files = Set(try FileManager.default.subpathsOfDirectory(atPath: result.path))
    for name in [
      "bagit.txt", "bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt", "data/manifest.json",
      "data/report.html", "data/criteria.feature", "data/earl.jsonld", "data/audit-log.json",
      "data/recordings/checkboxVoiceOver.webm", "data/recordings/checkboxVoiceOver-en-US.vtt",
    ] {
      #expect(files.contains(name), "\(name)")
    }
    #expect(!files.contains { $0.contains("Android") }, "an Android recording is in the iOS bag")
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: result.path + "/data/manifest.json")))
        as? [String: Any])
    #expect(manifest["component"] as? String == "native/checkbox")
    #expect(manifest["platform"] as? String == "ios")
    #expect(manifest["criteria_revision"] as? Int == 1)
    #expect(manifest["auditors"] as? [String] == ["ana"])
    let items = try #require(manifest["items"] as? [[String: Any]])
    #expect(items.first { $0["key"] as? String == SampleWorkspace.role }?["verdict"] as? String == "pass")
    #expect(items.first { $0["key"] as? String == SampleWorkspace.state }?["verdict"] as? String == "fail")
    #expect(
      !items.contains { $0["key"] as? String == "native/checkbox#keyboard.enter" }, "an Android-only item")
    let links = try #require(manifest["links"] as? [[String: Any]])
    #expect(links.first?["start_seconds"] as? Double == 0.4 && links.first?["end_seconds"] as? Double == 5.2)
    let recordings = try #require(manifest["recordings"] as? [[String: Any]])
    // The VoiceOver recording and the iOS screenshot: every recording of the component and platform.
    #expect(
      Set(recordings.map { $0["sha256"] as? String }) == [
        try SampleWorkspace.sha256sum(workspace.path(SampleWorkspace.voiceOver)),
        try SampleWorkspace.sha256sum(workspace.path(SampleWorkspace.screenshot)),
      ])
    let info = try String(contentsOfFile: result.path + "/bag-info.txt", encoding: .utf8)
    #expect(info.contains("Bagging-Date: 2026-11-21\n") && info.contains("Exhibit-Auditors: ana\n"))
    #expect(info.contains("Payload-Oxum: \(report.bytes).\(report.files)\n"))
    let audit = try String(contentsOfFile: result.path + "/data/audit-log.json", encoding: .utf8)
    #expect(audit.contains("\"link.create\"") && audit.contains("\"previous_hash\""))
    let html = try String(contentsOfFile: result.path + "/data/report.html", encoding: .utf8)
    #expect(html.contains("href=\"recordings/checkboxVoiceOver.webm#t=0.4,5.2\""))
    #expect(html.contains("<track kind=\"captions\" src=\"recordings/checkboxVoiceOver-en-US.vtt\""))
    #expect(html.contains("says &quot;checkbox&quot; &lt;clearly&gt; &amp; once"))
    #expect(!html.contains("http://") && !html.contains("https://"), "the report must not reach the network")
  }

  @Test func theSameStateAndDateGiveIdenticalBagsAndZips() async throws {
    let workspace = try await SampleWorkspace.judged()
    let first = try workspace.exportBundle(zip: true, out: "one")
    let second = try workspace.exportBundle(zip: true, out: "two")
    #expect(first.sha256 != nil && first.sha256 == second.sha256)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: first.path))
        == Data(contentsOf: URL(fileURLWithPath: second.path)))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path("one")) == [
        "native-checkbox-ios-2026-11-21.zip"
      ])
    let bagOne = try workspace.exportBundle(out: "bag-one").path
    let bagTwo = try workspace.exportBundle(out: "bag-two").path
    for file in try FileManager.default.subpathsOfDirectory(atPath: bagOne) {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: bagOne + "/" + file, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      #expect(
        FileManager.default.contentsEqual(atPath: bagOne + "/" + file, andPath: bagTwo + "/" + file),
        "\(file)")
    }
    let report = try BagVerifier.verify(first.path)
    #expect(report.valid, "\(report.problems)")
  }

  @Test func aSecondExportOfTheDayTakesTheNextNameAndKeepsTheFirst() async throws {
    let workspace = try await SampleWorkspace.judged()
    let result = try workspace.exportBundle()
    let before = try String(contentsOfFile: result.path + "/manifest-sha256.txt", encoding: .utf8)
    let second = try workspace.exportBundle()
    #expect(second.path == result.path + ".2")
    #expect(try String(contentsOfFile: result.path + "/manifest-sha256.txt", encoding: .utf8) == before)
    #expect(try BagVerifier.verify(second.path).valid)
    // An empty folder in the way is kept too, not replaced.
    let empty = workspace.folder.path("empty/native-checkbox-ios-2026-11-21")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    #expect(try workspace.exportBundle(out: "empty").path == empty + ".2")
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
    // The same state, date and sequence give the same zip.
    let firstZip = try workspace.exportBundle(zip: true, out: "zips")
    let secondZip = try workspace.exportBundle(zip: true, out: "zips")
    #expect(secondZip.path.hasSuffix("native-checkbox-ios-2026-11-21.2.zip"))
    let again = try workspace.exportBundle(zip: true, out: "zips-again")
    _ = try FileManager.default.moveItem(atPath: again.path, toPath: workspace.folder.path("moved.zip"))
    let thirdElsewhere = try workspace.exportBundle(zip: true, out: "zips-again")
    #expect(thirdElsewhere.path == again.path)
    #expect(firstZip.sha256 == thirdElsewhere.sha256)
  }

  @Test func aRecordingChangedAfterCataloguingStopsTheExport() async throws {
    let workspace = try await SampleWorkspace.judged()
    let recording = workspace.path(SampleWorkspace.voiceOver)
    let handle = try #require(FileHandle(forUpdatingAtPath: recording))
    try handle.seek(toOffset: 2000)
    let byte = try #require(try handle.read(upToCount: 1))
    try handle.seek(toOffset: 2000)
    try handle.write(contentsOf: Data([byte[0] ^ 0xFF]))
    try handle.close()
    do {
      _ = try workspace.exportBundle()
      Issue.record("the export went on")
    } catch let error as BundleError {
      guard case .changedSinceCatalogued(let path, _, _) = error else { throw error }
      #expect(path == recording)
      #expect(error.description.contains(recording))
    }
    let out = workspace.folder.path("out")
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: out))?.isEmpty ?? true, "nothing left behind")
  }

  @Test func hostileFileNamesBecomeSafeBagPaths() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let hostile = workspace.path("native/checkbox/evil%0A ..\u{7} $(rm) VoiceOver ü.webm")
    try FileManager.default.copyItem(atPath: workspace.path(SampleWorkspace.voiceOver), toPath: hostile)
    try FileManager.default.removeItem(atPath: workspace.path(SampleWorkspace.voiceOver))
    _ = try await workspace.catalogue()
    let result = try workspace.exportBundle()
    let names = try FileManager.default.contentsOfDirectory(atPath: result.path + "/data/recordings")
    let name = try #require(names.first { $0.hasSuffix(".webm") })
    #expect(name.hasPrefix("evil_0A_") && name.contains("VoiceOver"), "\(names)")
    #expect(name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "%" && $0 != "$" })
    #expect(names.allSatisfy { BagPath.unsafety(of: $0) == nil && !$0.hasPrefix(".") })
    #expect(try BagVerifier.verify(result.path).valid)
    #expect(BagPath.safeComponent("../../etc/passwd") == "_.._etc_passwd")
    #expect(BagPath.safeComponent("..") == "file" && BagPath.safeComponent("") == "file")
    let odd = "data/a%b\nc\rd.txt"
    #expect(BagPath.percentEncoded(odd) == "data/a%25b%0Ac%0Dd.txt")
    #expect(BagPath.percentDecoded(BagPath.percentEncoded(odd)) == odd)
  }

  @Test func aBadDateOrAnUnknownComponentIsAClearError() async throws {
    let workspace = try await SampleWorkspace.judged()
    for date in ["2026-13-01", "2026-02-30", "21-11-2026", "2026-11-21x", ""] {
      #expect(throws: BundleError.badDate(date)) {
        try EvidenceBundler.export(
          BundleRequest(
            component: "native/checkbox", platform: .ios, outFolder: workspace.folder.path("o"), date: date),
          from: workspace.store)
      }
    }
    #expect(throws: LookupError.self) {
      try EvidenceBundler.export(
        BundleRequest(component: "native/slider", platform: .ios, outFolder: workspace.folder.path("o")),
        from: workspace.store)
    }
  }
}
