import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// `link`, `unlink`, `coverage`, `suggest`, `history`, `show` and `verify` as a user runs them.
@Suite struct EvidenceCommandTests {
  static let role = "native/checkbox#screenreader.role"
  static let voiceOver = "Media/native/checkbox/checkboxVoiceOver.webm"

  @Test func showGivesTheReviewersPageWithNotesAsTableAndJSON() throws {
    let workspace = try CLIWorkspace.catalogued()
    try workspace.run(
      "link", Self.voiceOver, Self.role, "--verdict", "pass", "--from", "0.4", "--to", "5.2", "--note",
      "says checkbox, then checked")
    let table = try workspace.run("show", "native/checkbox", "--platform", "ios")
    #expect(table.status == 0)
    #expect(table.stdout.contains("pass by test-auditor: \u{201C}says checkbox, then checked\u{201D}"))
    let page = try #require(
      try workspace.run("show", "native/checkbox", "--platform", "ios", "--json").json() as? [String: Any])
    #expect(page["component"] as? String == "native/checkbox")
    #expect(page["platform"] as? String == "ios")
    let coverage = try #require(page["coverage"] as? [String: Any])
    #expect((coverage["items"] as? [Any])?.isEmpty == false)
    let recordings = try #require(page["recordings"] as? [[String: Any]])
    #expect(recordings.count == 2)  // the VoiceOver recording and the text-size screenshot
    let judged = recordings.first { ($0["links"] as? [Any])?.isEmpty == false }
    let links = try #require(judged?["links"] as? [[String: Any]])
    #expect(links.first?["note"] as? String == "says checkbox, then checked")
    #expect((judged?["cues"] as? [[String: Any]])?.first?["text"] as? String != nil)
    #expect((recordings.first?["recording"] as? [String: Any])?["component"] as? String == "native/checkbox")
  }

  @Test func aLinkToAnotherComponentsRecordingNeedsTheOverrideFlag() throws {
    let workspace = try CLIWorkspace.catalogued()
    let refused = try workspace.run(
      "link", Self.voiceOver, "web/checkbox#screenreader.role", "--verdict", "pass")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("is a recording of native/checkbox")
        && refused.stderr.contains("--other-component"))
    let linked = try workspace.run(
      "link", Self.voiceOver, "web/checkbox#screenreader.role", "--verdict", "pass", "--other-component",
      "--json")
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect((try linked.json() as? [String: Any])?["component_override"] as? Bool == true)
  }

  @Test func suggestAcceptRecordsWhatItCanAndNamesTheCaptionOfWhatItCannot() throws {
    let workspace = try CLIWorkspace.catalogued()
    // A cue past the recording's end is not suggested; the others are linked as untested.
    let captions = workspace.path("Media/native/checkbox/checkboxVoiceOver-en-US.vtt")
    let text = try String(contentsOfFile: captions, encoding: .utf8)
    try (text + "\n00:00:09.000 --> 00:00:10.000\nCheckbox, checked, beyond the end\n").write(
      toFile: captions, atomically: true, encoding: .utf8)
    try workspace.run("catalog")
    let accepted = try workspace.run("suggest", "native/checkbox", "--accept", "--json")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let suggestions = try #require(try accepted.json() as? [[String: Any]])
    #expect(!suggestions.isEmpty)
    #expect(suggestions.allSatisfy { $0["accepted_link"] as? Int != nil })
    #expect(suggestions.allSatisfy { ($0["from_seconds"] as? Double ?? 99) < 7.5 })
    #expect(
      suggestions.contains {
        ($0["caption_file"] as? String)?.hasSuffix("checkboxVoiceOver-en-US.vtt") == true
      })
    // Accepted again, nothing is suggested twice.
    let again = try #require(
      try workspace.run("suggest", "native/checkbox", "--json").json() as? [[String: Any]])
    let leftover = again.filter { ($0["recording"] as? String ?? "").hasSuffix("checkboxVoiceOver.webm") }
    #expect(leftover.isEmpty)
  }

  @Test func linkCoverageUnlinkAndHistory() throws {
    let workspace = try CLIWorkspace.catalogued()
    let linked = try workspace.run(
      "link", Self.voiceOver, Self.role, "--verdict", "pass", "--from", "0.4", "--to", "5.2", "--json")
    #expect(linked.status == 0, "\(linked.stderr)")
    let link = try #require(try linked.json() as? [String: Any])
    #expect(link["auditor"] as? String == "test-auditor" && link["revision"] as? Int == 1)
    let outside = try workspace.run(
      "link", Self.voiceOver, Self.role, "--verdict", "pass", "--from", "7", "--to", "9")
    #expect(outside.status == 1 && outside.stderr.contains("outside the recording"))
    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--platform", "ios", "--json").json() as? [String: Any]
    )
    let items = try #require(coverage["items"] as? [[String: Any]])
    let role = try #require(items.first { $0["key"] as? String == Self.role })
    #expect((role["cells"] as? [[String: Any]])?.first?["verdict"] as? String == "pass")
    #expect((coverage["gaps"] as? [String])?.contains(Self.role) == false)
    let id = try #require(link["id"] as? Int)
    #expect(try workspace.run("unlink", String(id), "--reason", "wrong clip").status == 0)
    // Run twice, as the web's double submit: the same retraction, changing nothing.
    #expect(try workspace.run("unlink", String(id), "--reason", "wrong clip ").status == 0)
    #expect(try workspace.run("unlink", String(id), "--reason", "again").status == 1)
    let history = try #require(try workspace.run("history", Self.role, "--json").json() as? [[String: Any]])
    #expect(history.compactMap { $0["action"] as? String } == ["link.create", "link.retract"])
    let show = try workspace.run("show", "native/checkbox", "--platform", "ios")
    #expect(
      show.status == 0 && show.stdout.contains("Recordings") && show.stdout.contains("checkboxVoiceOver.webm")
    )
  }

  @Test(TeamCatalogue.sqliteOnly) func verifyFindsHandTampering() throws {
    let workspace = try CLIWorkspace.catalogued()
    try workspace.run("link", Self.voiceOver, Self.role, "--verdict", "fail")
    #expect(try workspace.run("verify").status == 0)
    let connection = try Connection(path: workspace.path("Database/exhibit.sqlite"))
    try connection.execute("DROP TRIGGER audit_event_no_update")
    try connection.execute(
      "UPDATE audit_event SET after = replace(after, 'fail', 'pass') WHERE action = 'link.create'")
    try connection.close()
    let result = try workspace.run("verify", "--json")
    #expect(result.status == 1)
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["valid"] as? Bool == false)
    #expect(
      ((report["problems"] as? [[String: Any]])?.first?["problem"] as? String)?.contains("edited") == true)
  }

  @Test func suggestAcceptsAsUntested() throws {
    let workspace = try CLIWorkspace.catalogued()
    let accepted = try workspace.run("suggest", "native/checkbox", "--accept", "--json")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let suggestions = try #require(try accepted.json() as? [[String: Any]])
    #expect(suggestions.count == 6 && suggestions.allSatisfy { $0["accepted_link"] != nil })
    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--json").json() as? [String: Any])
    let verdicts = (coverage["items"] as? [[String: Any]] ?? []).flatMap {
      $0["cells"] as? [[String: Any]] ?? []
    }
    .compactMap { $0["verdict"] as? String }
    #expect(Set(verdicts) == ["untested"])
  }

  @Test func twoAuditorsLinkingAtOnceBothSucceed() throws {
    let workspace = try CLIWorkspace.catalogued()
    var started: [(Process, Pipe, Pipe)] = []
    for auditor in ["ana", "bo", "cy", "di"] {
      started.append(
        try workspace.start([
          "link", Self.voiceOver, Self.role, "--verdict", "untested", "--auditor", auditor,
        ]))
    }
    let results = started.map { workspace.finish($0) }
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    #expect(try workspace.run("verify").status == 0)
  }
}
