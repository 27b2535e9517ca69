import Foundation
import Testing

/// A bag carries the findings of its audit on its component and platform, each failing video
/// verdict's still frame (a PNG at its recording's size), in the manifest, the report and EARL;
/// `verify` checks them against the bag's audit trail, and a closed audit's bag keeps them as the
/// close left them.
@Suite struct BundleFindingsTests {
  /// Makes the iOS bag of the checkbox and returns its folder.
  static func bag(_ workspace: CLIWorkspace, out: String, date: String = "2026-11-27") throws -> String {
    let result = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", out, "--date", date, "--json")
    #expect(result.status == 0, "\(result.stderr)")
    return try #require((try result.json() as? [String: Any])?["path"] as? String)
  }

  static func manifest(_ bag: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: bag + "/data/manifest.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// A PNG's width and height, from its header.
  static func size(_ path: String) throws -> (Int, Int) {
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 24)
    return (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })
  }

  @Test func aBagCarriesItsFindingsAndFramesAndVerifies() throws {
    let workspace = try CLIWorkspace.twoFails()
    let bag = try Self.bag(workspace, out: "bags")
    let manifest = try Self.manifest(bag)
    #expect(manifest["report_layout"] as? Int == 7)
    let links = try #require(manifest["links"] as? [[String: Any]])
    let failing = try #require(links.first { $0["verdict"] as? String == "fail" }?["id"] as? Int)
    // Only the iOS finding: F-2 rests on Android.
    let findings = try #require(manifest["findings"] as? [[String: Any]])
    #expect(findings.map { $0["id"] as? String } == ["F-1"])
    let finding = findings[0]
    #expect(finding["status"] as? String == "open" && finding["severity"] as? String == "serious")
    #expect(finding["columns"] as? [String] == ["native/checkbox#screenreader.state@ios/voiceover"])
    #expect(finding["links"] as? [Int] == [failing] && finding["frame"] as? Int == failing)
    #expect(finding["wcag"] as? [String] == ["4.1.2"])
    let frames = try #require(manifest["frames"] as? [[String: Any]])
    #expect(frames.count == 1 && frames[0]["at_seconds"] as? Double == 1)
    let file = try #require(frames[0]["file"] as? String)
    #expect(file == "frames/link-\(failing).png")
    #expect(try Self.size(bag + "/data/" + file) == (320, 180))
    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    #expect(report.contains("<h2 id=\"findings-heading\">Findings</h2>"))
    #expect(report.contains("F-1: Checkbox on iOS with VoiceOver: State"))
    #expect(report.contains("<img src=\"\(file)\" width=\"320\" height=\"180\" alt=\"Still frame of"))
    let earl = try String(contentsOfFile: bag + "/data/earl.jsonld", encoding: .utf8)
    #expect(earl.contains("\"dct:identifier\" : \"F-1\"") && earl.contains("/data/\(file)"))
    let log = try String(contentsOfFile: bag + "/data/audit-log.json", encoding: .utf8)
    #expect(
      log.contains("\"finding.open\"") && log.contains("\"finding:1\"") && !log.contains("\"finding:2\""))
    for arguments in [["verify", bag], ["verify", bag, "--without-db"]] {
      let verified = try workspace.run(arguments)
      #expect(verified.status == 0, "\(arguments): \(verified.stderr)")
    }
  }

  @Test(.enabled(if: PythonTools.bagitAvailable, "bagit-python is absent; run Scripts/install-deps.sh"))
  func aFindingOrFrameEditedAfterTheFactIsNamed() throws {
    let workspace = try CLIWorkspace.twoFails()
    let bag = try Self.bag(workspace, out: "bags")
    try BagForgery.forge(bag, "data/manifest.json") {
      $0.replacingOccurrences(of: "\"status\" : \"open\"", with: "\"status\" : \"fixed\"")
    }
    let edited = try workspace.run("verify", bag, "--without-db")
    #expect(edited.status == 1)
    #expect(
      edited.stderr.contains("finding F-1: status fixed, the audit trail records open"), "\(edited.stderr)")

    // Another picture put in the frame's place, the checksums made right again.
    let other = try Self.bag(workspace, out: "again")
    let frame = try #require(
      try FileManager.default.contentsOfDirectory(atPath: other + "/data/frames").first)
    let screenshot = workspace.path("Media/native/checkbox/checkbox_iOS_TextSize200.png")
    try FileManager.default.removeItem(atPath: other + "/data/frames/" + frame)
    try FileManager.default.copyItem(atPath: screenshot, toPath: other + "/data/frames/" + frame)
    try BagForgery.forge(other, "data/manifest.json") { $0 }
    let swapped = try workspace.run("verify", other, "--without-db")
    #expect(swapped.status == 1)
    #expect(swapped.stderr.contains("390×300 pixels, but its recording is 320×180"), "\(swapped.stderr)")
  }

  @Test func aClosedAuditsBagKeepsItsFindingsAsTheCloseLeftThem() throws {
    let workspace = try CLIWorkspace.twoFails()
    #expect(try workspace.run("audit", "close", "1").status == 0)
    let closed = try Self.bag(workspace, out: "closed")
    let fixed = try workspace.run("findings", "set", "F-1", "--status", "fixed", "--reason", "patched")
    #expect(fixed.status == 0, "\(fixed.stderr)")
    let later = try Self.bag(workspace, out: "later")
    for bag in [closed, later] {
      let findings = try #require(try Self.manifest(bag)["findings"] as? [[String: Any]])
      #expect(findings.map { $0["status"] as? String } == ["open"])
      #expect(try workspace.run("verify", bag).status == 0)
    }
    // The same bytes: what the close sealed does not move.
    for file in ["manifest.json", "report.html", "earl.jsonld", "audit-log.json"] {
      #expect(
        FileManager.default.contents(atPath: closed + "/data/" + file)
          == FileManager.default.contents(atPath: later + "/data/" + file), "\(file)")
    }
  }
}
