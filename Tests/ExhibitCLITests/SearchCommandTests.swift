import Foundation
import Testing

/// `exhibit search` as a reviewer runs it, on the sample workspace.
@Suite struct SearchCommandTests {
  @Test func jsonHitsCarryTheDesignKeys() throws {
    let workspace = try CLIWorkspace.searchable()
    let result = try workspace.run("search", "toggle", "--kind", "captions", "--platform", "ios", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try result.json() as? [String: Any])
    let hits = try #require(object["hits"] as? [[String: Any]])
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    #expect(hit["kind"] as? String == "captions")
    #expect(hit["component"] as? String == "native/checkbox")
    #expect(hit["platform"] as? String == "ios")
    #expect(hit["start_seconds"] as? Double == 0.4)
    #expect((hit["snippet"] as? String)?.contains("[toggle]") == true)
    let recording = try #require(hit["recording"] as? String)
    #expect(recording.hasPrefix("/") && recording.hasSuffix("Media/native/checkbox/checkboxVoiceOver.webm"))
    #expect(hit.keys.contains("item"))
  }

  @Test func tableGroupsByComponentAndNamesTheSecond() throws {
    let workspace = try CLIWorkspace.searchable()
    let result = try workspace.run("search", "checked", "--limit", "50")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // bm25 ranks the native document first; PostgreSQL's ranking may put either first.
    #expect(
      TeamCatalogue.isOn
        ? ["native/checkbox", "web/checkbox"].contains(lines.first) : lines.first == "native/checkbox")
    #expect(lines.contains("web/checkbox"))
    #expect(result.stdout.contains("checkboxVoiceOver.webm @ 0.4 s"))
    #expect(result.stdout.contains("native/checkbox#screenreader.state"))
  }

  /// A list the limit cuts says how many matched, in the table and in `--json`; an uncut one
  /// says it is whole.
  @Test func aCutListSaysHowManyMatched() throws {
    let workspace = try CLIWorkspace.searchable()
    let whole = try #require(
      try workspace.run("search", "checked", "--limit", "500", "--json").json() as? [String: Any])
    let matched = try #require(whole["matched"] as? Int)
    #expect(matched > 3 && (whole["hits"] as? [Any])?.count == matched)
    #expect(whole["capped"] as? Bool == false && (whole["capped_kinds"] as? [Any])?.isEmpty == true)
    let cut = try #require(
      try workspace.run("search", "checked", "--limit", "3", "--json").json() as? [String: Any])
    #expect((cut["hits"] as? [Any])?.count == 3)
    #expect(cut["capped"] as? Bool == true && cut["matched"] as? Int == matched)
    let table = try workspace.run("search", "checked", "--limit", "3")
    #expect(table.stdout.contains("3 of \(matched) hits"), "\(table.stdout)")
    #expect(try workspace.run("search", "checked", "--limit", "500").stdout.contains("\n\(matched) hits"))
  }

  @Test func badQueriesAndFiltersAreClearErrors() throws {
    let workspace = try CLIWorkspace.searchable()
    let empty = try workspace.run("search", "***")
    #expect(empty.status == 1 && empty.stderr.contains("nothing to search for"))
    #expect(!empty.stderr.contains("SQL"))
    let ambiguous = try workspace.run("search", "checked", "--component", "checkbox")
    #expect(ambiguous.status == 1 && ambiguous.stderr.contains("native/checkbox, web/checkbox"))
    let limit = try workspace.run("search", "checked", "--limit", "0")
    #expect(limit.status == 1 && limit.stderr.contains("--limit 0"))
    let hostile = try workspace.run("search", "--", "-\"C++ NEAR( aria-label 1.4.10 OR")
    #expect(hostile.status == 0, "\(hostile.stderr)")
    let nothing = try workspace.run("search", "zebra")
    #expect(nothing.status == 0 && nothing.stdout.contains("nothing matches"))
  }
}
