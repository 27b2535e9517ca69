import Foundation
import Testing

/// A bag carries what Exhibit heard in a recording, on either catalogue: a machine WebVTT file
/// whose header says it was heard by Exhibit and how, named in the manifest with its SHA-256; the
/// report shows the phrases apart from the captions; `verify` passes, and names a heard file
/// changed afterwards even when the bag's own checksums were made to match.
@Suite struct HeardBundleTests {
  @Test func aBagCarriesWhatWasHeardApartFromCaptionsAndVerifyChecksIt() throws {
    let workspace = try CLIWorkspace.heard()
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-28")
    #expect(made.status == 0, "\(made.stderr)")
    let bags = try FileManager.default.contentsOfDirectory(atPath: workspace.path("bags"))
    let bag = workspace.path("bags/" + (try #require(bags.first { !$0.hasPrefix(".") })))
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: bag + "/data/manifest.json")))
        as? [String: Any])
    #expect(manifest["report_layout"] as? Int == 7)
    let recordings = try #require(manifest["recordings"] as? [[String: Any]])
    let heardRecording = try #require(recordings.first { ($0["name"] as? String)?.contains("Heard") == true })
    let heard = try #require(heardRecording["heard"] as? [String: Any])
    let file = try #require(heard["file"] as? String)
    #expect(file.hasSuffix(".heard.vtt") && (heard["heard"] as? Int ?? 0) > 30)
    #expect((heard["model"] as? String ?? "").contains("pocketsphinx"))
    #expect((heard["vocabulary_sha256"] as? String)?.count == 64)
    // A captioned recording that was never heard carries no heard file.
    let captioned = try #require(recordings.first { ($0["name"] as? String) == "checkboxVoiceOver.webm" })
    #expect(captioned["heard"] == nil)

    let vtt = try String(contentsOfFile: bag + "/data/" + file, encoding: .utf8)
    #expect(vtt.hasPrefix("WEBVTT - heard by Exhibit, not captions\n"))
    #expect(vtt.contains("never a caption and never a verdict"))
    #expect(vtt.contains("1 confidence 0.") && vtt.contains("\nnot checked\n"))
    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    #expect(report.contains("Heard by Exhibit (not captions)") && report.contains("(confidence 0."))
    // The captions' transcript is still its own.
    #expect(report.contains("Transcript (what the screen reader said)"))

    let verified = try workspace.run("verify", bag)
    #expect(verified.status == 0, "\(verified.stdout + verified.stderr)")

    // "not checked" heard as "checked", the bag's checksums made to match: the report no longer
    // renders from the file, and the manifest's SHA-256 is not the file's.
    try BagForgery.forge(bag, "data/" + file) {
      $0.replacingOccurrences(of: "\nnot checked\n", with: "\nchecked\n")
    }
    let forged = try workspace.run("verify", bag, "--without-db")
    #expect(forged.status == 1)
    #expect(forged.stderr.contains("data/report.html"), "\(forged.stderr)")
    #expect(forged.stderr.contains("what was heard in"), "\(forged.stderr)")
  }
}
