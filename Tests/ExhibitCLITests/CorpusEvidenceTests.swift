import Foundation
import Testing

/// The evidence commands on the real MagentaA11y documents and recordings; skipped when
/// `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusEvidenceTests {
  @Test func checkboxEvidenceOnTheRealRecordings() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    let folder = corpus.appendingPathComponent("media/video/native/checkbox").path
    let voiceOver = "\(folder)/checkboxVoiceOver.webm"
    let talkBack = "\(folder)/checkboxTalkback.webm"
    // The VoiceOver cue at 0.84–3.68 s says "Set as default checkbox unchecked."
    for item in ["role", "state", "name"] {
      let result = try workspace.run(
        "link", voiceOver, "native/checkbox#screenreader.\(item)", "--verdict", "pass", "--from", "0.84",
        "--to", "3.68")
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(
      try workspace.run(
        "link", talkBack, "native/checkbox#screenreader.state", "--verdict", "pass", "--from", "1.44",
        "--to", "2.24"
      ).status == 0)
    let enter = try workspace.run("link", voiceOver, "native/checkbox#keyboard.enter", "--verdict", "pass")
    #expect(enter.status == 1 && enter.stderr.contains("applies to android"))
    for platform in ["ios", "android"] {
      let coverage = try #require(
        try workspace.run("coverage", "native/checkbox", "--platform", platform, "--json").json()
          as? [String: Any])
      let items = try #require(coverage["items"] as? [[String: Any]])
      let state = try #require(items.first { $0["key"] as? String == "native/checkbox#screenreader.state" })
      #expect((state["gap_platforms"] as? [String])?.isEmpty == true, "\(platform)")
    }
    let suggestions = try #require(
      try workspace.run("suggest", "native/checkbox", "--json").json() as? [[String: Any]])
    #expect(!suggestions.isEmpty)
    #expect(
      suggestions.allSatisfy { ($0["item"] as? String)?.hasPrefix("native/checkbox#screenreader.") == true })
    let history = try #require(try workspace.run("history", voiceOver, "--json").json() as? [[String: Any]])
    #expect(history.filter { $0["action"] as? String == "link.create" }.count == 3)
    #expect(try workspace.run("verify").status == 0)
  }
}
