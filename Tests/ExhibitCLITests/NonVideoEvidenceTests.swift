import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

/// Verdicts that rest on a screenshot or on an observation alone, through link, coverage, show,
/// bundle, verify and the report, as an auditor runs them; and the images and observations that
/// are refused with nothing stored.
@Suite struct NonVideoEvidenceTests {
  static let screenshot = "Media/native/checkbox/checkbox_iOS_TextSize200.png"
  static let textResize = "native/checkbox#settings.text-resize"
  static let focus = "native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab"

  @Test func aScreenshotAndAnObservationGoThroughEveryStep() throws {
    let workspace = try CLIWorkspace.catalogued()
    let listed = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let image = try #require(listed.first { ($0["path"] as? String)?.hasSuffix(".png") == true })
    #expect(image["container"] as? String == "png" && image["width"] as? Int == 390)
    #expect(image["height"] as? Int == 300 && (image["sha256"] as? String)?.count == 64)

    let shot = try workspace.run(
      "link", Self.screenshot, Self.textResize, "--verdict", "pass", "--note", "label wraps at 200%")
    #expect(shot.status == 0, "\(shot.stderr)")
    let observed = try workspace.run(
      "link", "--observation", Self.focus, "--verdict", "fail", "--platform", "ios", "--note",
      "focus skips the checkbox with a hardware keyboard", "--env", "iOS 17.4, iPad Air", "--json")
    #expect(observed.status == 0, "\(observed.stderr)")
    let link = try #require(try observed.json() as? [String: Any])
    #expect(link["evidence"] as? String == "observation" && link["observed_platform"] as? String == "ios")

    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--platform", "ios", "--json").json() as? [String: Any]
    )
    let segments = (coverage["items"] as? [[String: Any]] ?? []).flatMap { item in
      (item["cells"] as? [[String: Any]] ?? []).flatMap { $0["segments"] as? [[String: Any]] ?? [] }
    }
    #expect(Set(segments.compactMap { $0["evidence"] as? String }) == ["screenshot", "observation"])
    let observation = try #require(segments.first { $0["evidence"] as? String == "observation" })
    #expect(observation["recording"] is NSNull && observation["verdict"] as? String == "fail")
    #expect(observation["note"] as? String == "focus skips the checkbox with a hardware keyboard")

    let show = try workspace.run("show", "native/checkbox", "--platform", "ios")
    #expect(show.stdout.contains("fail by test-auditor, observation: \u{201C}focus skips the checkbox"))
    #expect(
      show.stdout.contains("screenshot checkbox_iOS_TextSize200.png: \u{201C}label wraps at 200%\u{201D}"))

    let bundle = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-25", "--json")
    #expect(bundle.status == 0, "\(bundle.stderr)")
    let bag = try #require((try bundle.json() as? [String: Any])?["path"] as? String)
    #expect(try workspace.run("verify", bag).status == 0)
    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    #expect(
      report.contains("<img src=\"recordings/checkbox_iOS_TextSize200.png\" width=\"390\" height=\"300\""))
    #expect(report.contains("Observed, not recorded</span>, by test-auditor: \u{201C}focus skips"))
    let earl = try String(contentsOfFile: bag + "/data/earl.jsonld", encoding: .utf8)
    #expect(earl.contains("\"dct:type\" : \"observation\"") || earl.contains("\"dct:type\": \"observation\""))

    // The image changed in the bag: verify names it.
    let copy = bag + "/data/recordings/checkbox_iOS_TextSize200.png"
    var bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: copy))
    let tampered = try workspace.run("verify", bag)
    #expect(tampered.status == 1)
    #expect(tampered.stderr.contains("data/recordings/checkbox_iOS_TextSize200.png: altered"))
  }

  @Test func badImagesAndBadObservationsAreRefusedWithNothingStored() throws {
    let workspace = try CLIWorkspace.catalogued()
    let video = try Data(contentsOf: URL(fileURLWithPath: workspace.path(CLIWorkspace.voiceOver)))
    let renamed = try workspace.write("Media/native/checkbox/renamed.png", video)
    let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path(Self.screenshot)))
    let truncated = try workspace.write("Media/native/checkbox/cut.png", png.prefix(png.count - 40))
    let huge = try workspace.write(
      "Media/native/checkbox/huge.png", Self.pngHeader(width: 30_000, height: 30_000))
    let catalogue = try workspace.run("catalog")
    #expect(catalogue.status == 1)
    #expect(catalogue.stderr.contains("\(renamed): not an image: the bytes are a Matroska or WebM video"))
    #expect(catalogue.stderr.contains("\(truncated): the PNG is cut short"))
    #expect(
      catalogue.stderr.contains("\(huge): its header says 30000 × 30000 pixels, larger than a screenshot"))
    // The video under its own name is still the one recording with those bytes.
    let listed = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(
      listed.first { $0["path"] as? String == workspace.path(CLIWorkspace.voiceOver) }?["status"] as? String
        == "ok")

    for file in [renamed, truncated, huge] {
      let refused = try workspace.run("link", file, Self.textResize, "--verdict", "pass")
      #expect(refused.status == 1, "\(file)")
    }
    let segment = try workspace.run(
      "link", Self.screenshot, Self.textResize, "--verdict", "pass", "--from", "1", "--to", "2")
    #expect(segment.status == 1 && segment.stderr.contains("is a screenshot: it has no time"))
    let noNote = try workspace.run(
      "link", "--observation", Self.focus, "--verdict", "fail", "--platform", "ios")
    #expect(noNote.status == 1 && noNote.stderr.contains("rests on its note alone"))
    let blankNote = try workspace.run(
      "link", "--observation", Self.focus, "--verdict", "fail", "--platform", "ios", "--note", "   ")
    #expect(blankNote.status == 1 && blankNote.stderr.contains("rests on its note alone"))
    let noPlatform = try workspace.run(
      "link", "--observation", Self.focus, "--verdict", "fail", "--note", "x")
    #expect(noPlatform.status == 1 && noPlatform.stderr.contains("say which platform"))
    let badTime = try workspace.run(
      "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass", "--from", "2.5s", "--to", "3")
    #expect(badTime.status != 0 && badTime.stderr.contains("'2.5s' is not a time"))
    // Nothing was stored: no link, and no event of one.
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(!history.contains { ($0["action"] as? String)?.hasPrefix("link.") == true })
    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--json").json() as? [String: Any])
    let items = try #require(coverage["items"] as? [[String: Any]])
    #expect(!items.isEmpty)
    #expect(items.allSatisfy { ($0["links"] as? [Any])?.isEmpty ?? true }, "\(items)")
  }

  /// A PNG with a valid header chunk claiming a size, a tiny image chunk and an end chunk.
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      var crc = UInt32(0xFFFF_FFFF)
      for byte in typed {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc ^ 0xFFFF_FFFF)
    }
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return Data(
      signature + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x01, 0, 0, 0, 0xFF, 0xFF]) + chunk("IEND", [])
    )
  }
}
