import Foundation
import Testing

/// What Exhibit heard is searched, on either catalogue: `--kind heard` finds heard phrases alone,
/// marked as heard with their time and confidence; a search of captions includes them below every
/// caption; the component and platform filters apply to them as to captions; hearing a recording
/// again replaces its hits rather than adding to them.
@Suite struct HeardSearchTests {
  static func hits(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [[String: Any]] {
    let searched = try workspace.run(["search"] + arguments + ["--json", "--limit", "100"])
    #expect(searched.status == 0, "\(searched.stderr)")
    let results = try #require(try searched.json() as? [String: Any])
    return try #require(results["hits"] as? [[String: Any]])
  }

  @Test func heardPhrasesAreFoundMarkedFilteredAndRankedBelowCaptions() throws {
    let workspace = try CLIWorkspace.heard()
    let heard = try Self.hits(workspace, "not checked", "--kind", "heard")
    #expect(!heard.isEmpty)
    #expect(heard.allSatisfy { $0["kind"] as? String == "heard" && $0["source"] as? String == "heard" })
    #expect(
      heard.allSatisfy { ($0["recording"] as? String ?? "").hasSuffix("checkbox_iOSVoiceOverHeard.webm") })
    #expect(
      heard.allSatisfy {
        $0["component"] as? String == "native/checkbox" && $0["platform"] as? String == "ios"
      })
    #expect(heard.allSatisfy { ($0["confidence"] as? Double).map { $0 > 0 && $0 <= 1 } == true })
    #expect(heard.allSatisfy { ($0["snippet"] as? String ?? "").lowercased().contains("checked]") })
    // The fixture says "not checked" within its first four seconds.
    #expect(heard.contains { ($0["start_seconds"] as? Double ?? 99) < 4 })

    // A caption search includes the heard hits, after every caption hit; others have no confidence.
    let captions = try Self.hits(workspace, "not checked", "--kind", "captions")
    let kinds = captions.compactMap { $0["kind"] as? String }
    let firstHeard = try #require(kinds.firstIndex(of: "heard"))
    #expect(firstHeard > 0 && kinds[..<firstHeard].allSatisfy { $0 == "captions" })
    #expect(kinds[firstHeard...].allSatisfy { $0 == "heard" })
    #expect(kinds.filter { $0 == "heard" }.count == heard.count)
    #expect(captions.filter { $0["kind"] as? String == "captions" }.allSatisfy { $0["confidence"] is NSNull })
    // Every kind: heard last in its component's group too.
    let everything = try Self.hits(workspace, "not checked")
    let checkbox = everything.filter { $0["component"] as? String == "native/checkbox" }.compactMap {
      $0["kind"] as? String
    }
    let heardFrom = try #require(checkbox.firstIndex(of: "heard"))
    #expect(heardFrom > 0 && checkbox[heardFrom...].allSatisfy { $0 == "heard" })

    // The filters read the recording's component and platform.
    #expect(try Self.hits(workspace, "not checked", "--kind", "heard", "--platform", "android").isEmpty)
    #expect(try Self.hits(workspace, "not checked", "--kind", "heard", "--component", "web/checkbox").isEmpty)
    #expect(
      try Self.hits(workspace, "not checked", "--kind", "heard", "--component", "native/checkbox").count
        == heard.count)

    // The table marks them as heard by Exhibit.
    let table = try workspace.run("search", "not checked", "--kind", "heard")
    #expect(table.stdout.contains("heard by Exhibit, confidence"))

    // Heard again: the same hits, not twice as many.
    #expect(try workspace.run("listen", "--again", CLIWorkspace.heardRecording).status == 0)
    #expect(try Self.hits(workspace, "not checked", "--kind", "heard").count == heard.count)
  }

  /// A recording without captions is suggested from what was heard in it: marked as heard, with
  /// the recogniser's confidence folded into the suggestion's, at the phrase's time; a recording
  /// with captions is still suggested from its captions alone.
  @Test func suggestionsUseWhatWasHeardWhereThereAreNoCaptions() throws {
    let workspace = try CLIWorkspace.heard()
    let suggested = try #require(
      try workspace.run("suggest", "native/checkbox", "--json").json() as? [[String: Any]])
    let heard = suggested.filter {
      ($0["recording"] as? String ?? "").hasSuffix("checkbox_iOSVoiceOverHeard.webm")
    }
    #expect(!heard.isEmpty)
    #expect(heard.allSatisfy { $0["heard"] as? Bool == true && $0["caption_file"] == nil })
    #expect(heard.allSatisfy { ($0["reason"] as? String ?? "").hasPrefix("Exhibit heard \"") })
    #expect(heard.allSatisfy { ($0["confidence"] as? Double ?? 1) < 0.75 })
    #expect(heard.contains { ($0["item"] as? String ?? "").hasSuffix("screenreader.state") })
    let captioned = suggested.filter {
      ($0["recording"] as? String ?? "").hasSuffix("checkboxVoiceOver.webm")
    }
    #expect(!captioned.isEmpty && captioned.allSatisfy { $0["heard"] == nil && $0["caption_file"] is String })
  }

  /// The web workspace in headless Chromium with axe-core (`Scripts/check_heard_desk.py`): the
  /// recording's timeline shades each stretch of speech, its heard phrases are labels under
  /// them that fit at 1280 and 390 px and play from their stretch, the transcript lists what was
  /// heard marked as not captioned, and search marks heard hits. Screenshots land in
  /// `.build/screenshots/heard` (not committed).
  @Test func theDeskShowsWhatWasHeardMarkedAsHeard() throws {
    let workspace = try CLIWorkspace.heard()
    let detail = try #require(
      try workspace.run("recordings", "show", CLIWorkspace.heardRecording, "--json").json() as? [String: Any])
    let sha256 = try #require((detail["recording"] as? [String: Any])?["sha256"] as? String)
    let utterances = try #require(detail["utterances"] as? [Any])
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/heard").path
    let check = try Python.run([
      Python.script("check_heard_desk.py"), server.base, sha256, String(utterances.count), screenshots,
    ])
    #expect(check.status == 0, "\(check.stdout + check.stderr)")
    for name in ["heard-desk", "heard-captions-form", "heard-desk-phone", "heard-search"] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"), "\(name)")
    }
  }
}
