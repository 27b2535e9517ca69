import Foundation
import Testing

/// `exhibit catalog` and `exhibit recordings` as a user runs them.
@Suite struct CatalogueCommandTests {
  @Test func catalogDefaultsToMediaAndReportsInJSON() throws {
    let workspace = try CLIWorkspace.withMedia()
    let result = try workspace.run("catalog", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try #require(try result.json() as? [String: Any])
    for key in ["scanned", "added", "unchanged", "updated", "failed", "errors"] {
      #expect(summary[key] != nil, "missing key \(key)")
    }
    #expect(summary["scanned"] as? Int == 4 && summary["added"] as? Int == 4)  // three videos, a screenshot
    let again = try #require(try workspace.run("catalog", "--json").json() as? [String: Any])
    #expect(again["unchanged"] as? Int == 4 && again["read"] as? Int == 0)
  }

  @Test func badFilesAreNamedTheRestCataloguedAndTheStatusSaysSo() throws {
    let workspace = try CLIWorkspace.withMedia()
    try workspace.write("Media/web/checkbox/notes.webm", Data("these are notes, not a video\n".utf8))
    let result = try workspace.run("catalog", "Media")
    #expect(result.status == 1)
    #expect(result.stderr.contains("exhibit: error: \(workspace.path("Media/web/checkbox/notes.webm")):"))
    #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("Stack"))
    #expect(result.stdout.contains("5 scanned: 4 added"))
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(list.count == 5)
    let keys: Set<String> = [
      "path", "sha256", "size", "status", "error", "container", "duration_seconds", "video_codec", "width",
      "height",
      "audio_codec", "family", "component", "platform", "assistive_tech", "browser", "caption_cues",
    ]
    for row in list { #expect(keys.isSubset(of: Set(row.keys)), "\(row.keys.sorted())") }
    let errors = try #require(
      try workspace.run("recordings", "list", "--status", "error", "--json").json() as? [[String: Any]])
    #expect(errors.count == 1 && (errors.first?["error"] as? String)?.isEmpty == false)
  }

  @Test func aFileTimedPastAnyRecordingIsAnErrorAndTheRestIsCatalogued() throws {
    // A 125-byte WebM whose cluster is timed at 2^62 with a 10 ms timestamp scale once made every
    // catalogue of its folder trap ("Double value cannot be converted to Int") and store nothing.
    let workspace = try CLIWorkspace.withMedia()
    let hostile = CLIWorkspace.repository.appendingPathComponent(
      "Tests/ExhibitKitTests/Fixtures/fuzz-regressions/media/extreme-cluster-time")
    let path = try workspace.write("Media/native/checkbox/extreme.webm", try Data(contentsOf: hostile))
    for _ in 0..<2 {
      let result = try workspace.run("catalog", "--json")
      #expect(result.status == 1)
      #expect(result.stderr.contains("exhibit: error: \(path): a packet of stream 0 is timed at"))
      #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("Backtrace"))
    }
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(list.filter { $0["status"] as? String == "ok" }.count == 4)
    #expect(list.first { $0["path"] as? String == path }?["status"] as? String == "error")
  }

  @Test func listFiltersAndShowByHashPrefix() throws {
    let workspace = try CLIWorkspace.withMedia()
    try workspace.run("catalog")
    // Before any criteria, no component is known: every recording is listed as unattributed.
    let unplaced = try #require(
      try workspace.run("recordings", "list", "--unattributed", "--json").json() as? [[String: Any]])
    #expect(unplaced.count == 4)
    #expect(try workspace.run("recordings", "list").stdout.contains("(unattributed)"))
    try workspace.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(try workspace.run("recordings", "list", "--unattributed").stdout.contains("no recordings match"))
    let iosEvidence = try #require(
      try workspace.run("recordings", "list", "--platform", "ios", "--json").json() as? [[String: Any]])
    #expect(iosEvidence.map { $0["container"] as? String }.contains("png"), "the sample screenshot is of iOS")
    let ios = iosEvidence.filter { $0["container"] as? String != "png" }
    #expect(ios.count == 1 && ios.first?["assistive_tech"] as? String == "voiceover")
    let web = try #require(
      try workspace.run("recordings", "list", "--component", "web/checkbox", "--json").json()
        as? [[String: Any]])
    #expect(web.count == 1 && web.first?["platform"] as? String == "windows")
    let sha = try #require(ios.first?["sha256"] as? String)
    let show = try workspace.run("recordings", "show", String(sha.prefix(10)))
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains(sha))
    #expect(show.stdout.contains("voiceover  (from"))
    #expect(show.stdout.contains("Captions en-US"))
    // Numbers as C's printf writes them: three decimals, cue times right-aligned in eight columns.
    #expect(show.stdout.contains("Duration        7.407 s\n"))
    #expect(show.stdout.contains("\n     0.400–   5.216  Email me updates"))
    // The table pads each column to its widest cell, two spaces apart.
    let table = try workspace.run("recordings", "list").stdout
    #expect(
      table.hasPrefix(
        "COMPONENT        PLATFORM  SCREEN READER  DURATION  STATUS  HEARD      SHA-256       PATH\n"))
    #expect(
      table.contains(
        "\nnative/checkbox  ios       voiceover      7.407 s   ok      not heard  \(sha.prefix(12))  /"))
    let missing = try workspace.run("recordings", "show", "ffff0000")
    #expect(missing.status == 1 && missing.stderr.contains("ffff0000: no catalogued recording"))
  }

  @Test(TeamCatalogue.sqliteOnly) func readingCommandsWithoutADatabaseSayHowToMakeOne() throws {
    let workspace = try CLIWorkspace()
    let result = try workspace.run("recordings", "list")
    #expect(result.status == 1 && result.stderr.contains("exhibit: error:"))
  }
}
