import Foundation
import Testing

/// `suggest --decide` judges suggestions in place: a verdict by the auditor, or a dismissal, and
/// an untested link accepted earlier does not stay beside its verdict; bundles list untested
/// links apart from the evidence.
@Suite struct SuggestionDecisionTests {
  @Test func suggestionsAreDecidedInPlaceAndUntestedLinksAreNotEvidence() throws {
    let workspace = try CLIWorkspace.catalogued()
    #expect(try workspace.run("suggest", "native/checkbox", "--accept").status == 0)
    // An accepted suggestion is an untested link: the report lists it apart, never as evidence.
    let before = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "before", "--date", "2026-11-25", "--json")
    let early = try #require((try before.json() as? [String: Any])?["path"] as? String)
    let report = try String(contentsOfFile: early + "/data/report.html", encoding: .utf8)
    #expect(report.contains("<h2 id=\"suggested-heading\">Suggested, not judged</h2>"))
    #expect(!report.contains("Untested: <a href=\"recordings/"), "an untested link is listed as evidence")

    let decided = try workspace.run(
      "suggest", "native/checkbox", "--decide", "fail", "--item", "screenreader.state", "--recording",
      "checkboxVoiceOver.webm", "--at", "0:00.4", "--note", "says not checked after the tap", "--json")
    #expect(decided.status == 0, "\(decided.stderr)")
    let links = try #require(try decided.json() as? [[String: Any]])
    #expect(links.count == 1 && links.first?["accepted_link"] != nil)
    let dismissed = try workspace.run(
      "suggest", "native/checkbox", "--decide", "dismiss", "--item", "screenreader.role", "--recording",
      "checkbox_AndroidTalkback.webm")
    #expect(dismissed.status == 0 && dismissed.stdout.contains(": dismissed"), "\(dismissed.stderr)")

    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--platform", "ios", "--json").json() as? [String: Any]
    )
    let state = (coverage["items"] as? [[String: Any]] ?? []).first {
      $0["key"] as? String == "native/checkbox#screenreader.state"
    }
    let verdicts = (state?["cells"] as? [[String: Any]] ?? []).flatMap {
      ($0["segments"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String }
    }
    #expect(verdicts.contains("fail") && verdicts.filter { $0 == "untested" }.count == 1, "\(verdicts)")
    // Neither decided suggestion is offered again, and the trail replays.
    let left = try #require(
      try workspace.run("suggest", "native/checkbox", "--json").json() as? [[String: Any]])
    #expect(left.isEmpty)
    let again = try workspace.run(
      "suggest", "native/checkbox", "--decide", "dismiss", "--item", "screenreader.role", "--recording",
      "checkbox_AndroidTalkback.webm")
    #expect(again.status != 0 && again.stderr.contains("no pending suggestion matches"))
    let history = try workspace.run("history", "--json")
    #expect(history.stdout.contains("suggestion.dismiss") && history.stdout.contains("decided: fail"))
    let bag = try workspace.run(
      "bundle", "native/checkbox", "--platform", "android", "--out", "after", "--date", "2026-11-25", "--json"
    )
    #expect(bag.status == 0, "\(bag.stderr)")
  }
}
