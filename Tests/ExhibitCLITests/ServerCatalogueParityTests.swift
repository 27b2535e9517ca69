import ExhibitTestServers
import Foundation
import Testing

/// The commands an audit runs through, typed as an auditor types them, on a SQLite workspace and
/// on a catalogue on PostgreSQL with the same files: every command answers alike, its exit
/// status, output and errors (times and the chain's hashes aside, which differ from run to run).
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueParityTests {
  /// An audit's commands, in order: products and rounds, links of every kind and their refusals,
  /// suggestions accepted and decided, coverage, the reviewer's page, history, a retest and its
  /// comparison, the conformance report, and a closed round.
  static let session: [[String]] = [
    ["criteria", "import", CLIWorkspace.sampleCriteria], ["catalog", "Media"],
    ["product", "add", "Acme App", "--platform", "ios,android", "--url", "https://acme.example"],
    ["product", "add", "ACME APP"], ["audit", "new", "Acme App", "--release", "1.0", "--json"],
    [
      "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass", "--from", "1", "--to", "3",
      "--note",
      "says checkbox", "--env", "iOS 17.4, VoiceOver, iPhone 13",
    ],
    ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--json"],
    [
      "link", "Media/native/checkbox/checkbox_AndroidTalkback.webm", "native/checkbox#screenreader.name",
      "--verdict", "pass",
    ],
    [
      "link", "Media/native/checkbox/checkbox_iOS_TextSize200.png", "native/checkbox#settings.text-resize",
      "--verdict", "pass", "--from", "1", "--to", "2",
    ],
    [
      "link", "Media/native/checkbox/checkbox_iOS_TextSize200.png", "native/checkbox#settings.text-resize",
      "--verdict", "pass",
    ],
    [
      "link", "--observation", "native/checkbox#keyboard.spacebar", "--verdict", "fail", "--note",
      "space does nothing", "--platform", "android", "--screen-reader", "talkback",
    ],
    ["link", CLIWorkspace.voiceOver, "native/checkbox#nothing", "--verdict", "pass"],
    ["link", "Media/web/checkbox/checkbox_WindowsNvdaChrome.webm", CLIWorkspace.role, "--verdict", "pass"],
    ["unlink", "3", "--reason", "wrong recording"], ["unlink", "3", "--reason", "another reason"],
    ["suggest", "native/checkbox", "--json"], ["suggest", "native/checkbox", "--accept"],
    ["suggest", "native/checkbox", "--decide", "pass", "--item", "screenreader.role"],
    ["coverage", "native/checkbox", "--json"], ["coverage", "native/checkbox"],
    ["show", "native/checkbox", "--json"], ["show", "web/checkbox", "--platform", "windows"],
    ["history", "native/checkbox", "--json"], ["history", CLIWorkspace.voiceOver],
    ["search", "checkbox", "--kind", "notes", "--json"],
    ["acr", "author", "Ana Auditor <ana@example.com>"], ["acr", "author"],
    ["acr", "set", "1", "1.4.4", "supports", "--component-type", "software", "--remarks", "Text grows."],
    ["acr", "draft", "--json"], ["acr", "report", "--date", "2026-11-26"],
    ["acr", "report", "--format", "html", "--date", "2026-11-26"],
    ["wcag", "show", "native/checkbox", "--json"], ["wcag", "list", "--criterion", "4.1.2"],
    ["audit", "close", "1"],
    [
      "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.group", "--verdict",
      "pass", "--audit", "1",
    ],
    ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
    ["retest", "confirm", CLIWorkspace.role], ["retest", "confirm", "native/checkbox#gestures.swipe"],
    ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "pass"],
    ["audit", "compare", "1", "2", "--json"], ["audit", "compare", "1", "2"], ["audit", "list"],
    ["audit", "show", "--json"], ["audit", "rename", "2", "--release", "1.1.1"],
    ["audit", "scope", "2", "--scope", "native/checkbox", "--platform", "ios"], ["audit", "use", "1"],
    ["product", "list", "--json"], ["recordings", "show", CLIWorkspace.voiceOver, "--json"],
    ["criteria", "list"],
  ]

  /// What a command said, with what differs between two runs of the same session written out:
  /// times, the chain's hashes and the workspace's folder.
  static func normalized(_ text: String, root: String) -> String {
    text.replacingOccurrences(of: root, with: "ROOT")
      .replacingOccurrences(
        of: #"\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?Z)?"#, with: "TIME", options: .regularExpression
      )
      .replacingOccurrences(of: #"[0-9a-f]{64}"#, with: "HASH", options: .regularExpression)
  }

  /// What may come in another order and need not match: the audit trail's ids (a catalogue
  /// run's files reach the writer in any order) and search's ranking (PostgreSQL's is not bm25).
  /// Their lines are compared as a set, without ids, scores and snippets (ts_headline's are cut
  /// elsewhere than FTS5's).
  static func unordered(_ text: String) -> String {
    text.split(separator: "\n").filter { !$0.contains(#""snippet" :"#) }.map {
      $0.replacingOccurrences(
        of: #"^\d+ +|"(id|score)" : [-0-9.e]+,?"#, with: "", options: .regularExpression)
    }.sorted().joined(separator: "\n")
  }

  /// Runs the session in `workspace`, each command's status, output and errors.
  static func answers(_ workspace: CLIWorkspace) throws -> [String] {
    try session.map { arguments in
      let ran = try workspace.run(arguments)
      let root = workspace.root.path
      var output = normalized(ran.stdout, root: root)
      if ["history", "search"].contains(arguments[0]) { output = unordered(output) }
      return "$ \(arguments.joined(separator: " "))\nexit \(ran.status)\n" + output
        + normalized(ran.stderr, root: root)
    }
  }

  @Test func anAuditSessionAnswersAlikeOnBothBackends() throws {
    let local = try CLIWorkspace.withMedia()
    #expect(try local.run("init").status == 0)
    let sqlite = try Self.answers(local)
    let (team, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    // withMedia imported the criteria already: the session's import finds them unchanged there.
    let postgres = try Self.answers(team)
    #expect(sqlite.count == postgres.count)
    for (mine, theirs) in zip(sqlite, postgres).dropFirst() where mine != theirs {
      Issue.record("SQLite:\n\(mine)\nPostgreSQL:\n\(theirs)")
    }
    // The session did what it says: links made and refused, a closed round, a retest.
    let said = sqlite.joined(separator: "\n")
    #expect(
      said.contains(
        "exit 1\nexhibit: error: Media/native/checkbox/checkbox_iOS_TextSize200.png is a screenshot"))
    #expect(said.contains("no such criteria item"))
    #expect(said.contains("is closed"))
    #expect(said.contains("verdicts carried; now in use"))
    #expect(said.contains("reports are signed by Ana Auditor <ana@example.com>"))
    #expect(sqlite.filter { $0.contains("\nexit 0\n") }.count > 40)
  }
}
