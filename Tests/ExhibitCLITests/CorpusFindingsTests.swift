import Foundation
import Testing

/// Findings on the real MagentaA11y documents and recordings, as a team runs them: an audit with two
/// fails has two open findings; filing them to the stand-in GitHub makes two issues, once, with the
/// expectation, the WCAG number and the seconds of video in the body; the tracker closing them
/// makes them fixed after a sync; a retest with a pass makes one verified; its frame is a PNG at the
/// recording's size. Skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusFindingsTests {
  @Test func twoFailsAreFiledFixedAndOneVerified() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    let github = try GitHubStandIn()
    workspace.environment["GITHUB_TOKEN"] = github.token
    func ok(_ arguments: String...) throws -> CLIWorkspace.Result {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
      return result
    }
    let checkbox = corpus.appendingPathComponent("media/video/native/checkbox/checkboxVoiceOver.webm").path
    let button = corpus.appendingPathComponent("media/video/native/button/buttonAndroidTalkback.webm").path
    _ = try ok("criteria", "import", corpus.appendingPathComponent("documentation").path)
    _ = try workspace.run("catalog", corpus.appendingPathComponent("media").path)
    _ = try ok("product", "add", "Acme Mobile", "--platform", "ios,android")
    _ = try ok("audit", "new", "Acme Mobile", "--release", "1.0")
    _ = try ok(
      "link", checkbox, "native/checkbox#screenreader.state", "--verdict", "fail", "--from", "0.84", "--to",
      "3.68",
      "--note", "the state is not announced after a double tap")
    _ = try ok(
      "link", button, "native/button#screenreader.name", "--verdict", "fail", "--from", "1.2", "--to", "4.5",
      "--note", "Cancel and Save are read as one")
    let opened = try workspace.findings()
    #expect(opened.map { $0["status"] as? String } == ["open", "open"])

    let file = ["findings", "file"] + github.arguments + ["--public-url", "https://exhibit.example.org"]
    #expect(try workspace.run(file).status == 0)
    #expect(try workspace.run(file).stdout.contains("F-1 updated"))
    let issues = try github.state().issues
    #expect(issues.count == 2)
    let body = try #require(issues["1"]?["body"] as? String)
    #expect(
      body.contains("Expresses its state (disabled/dimmed, checked, not checked, selected, unselected)"))
    #expect(body.contains("4.1.2 Name, Role, Value"))
    #expect(body.contains("?t=0.84)") && body.contains("checkboxVoiceOver.webm"))

    try github.control("close/1")
    try github.control("close/2")
    _ = try ok("findings", "sync", "--api-url", github.url)
    #expect(try workspace.findings().map { $0["status"] as? String } == ["fixed", "fixed"])

    _ = try ok("audit", "close", "Acme Mobile@1.0")
    _ = try ok("audit", "new", "Acme Mobile", "--release", "1.1", "--from", "Acme Mobile@1.0")
    _ = try ok(
      "link", checkbox, "native/checkbox#screenreader.state", "--verdict", "pass", "--from", "0.84", "--to",
      "3.68")
    let retested = try workspace.findings()
    #expect(retested.map { $0["id"] as? String } == ["F-1", "F-2"])
    #expect(retested.map { $0["status"] as? String } == ["verified", "fixed"])

    let frame = workspace.path("F-1.png")
    _ = try ok("findings", "show", "F-1", "--frame", frame)
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: frame)))
    let size = (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })
    let recording = try #require(
      (try workspace.run("recordings", "show", checkbox, "--json").json() as? [String: Any])?["recording"]
        as? [String: Any])
    #expect(size.0 == recording["width"] as? Int && size.1 == recording["height"] as? Int)
    #expect(try workspace.run("verify").status == 0)

    // The closed round's bag: F-1 as the close left it (fixed), its frame, verified without the workspace.
    let made = try ok(
      "bundle", "native/checkbox", "--platform", "ios", "--audit", "Acme Mobile@1.0", "--out", "bags",
      "--json")
    let bag = try #require((try made.json() as? [String: Any])?["path"] as? String)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: bag + "/data/manifest.json")))
        as? [String: Any])
    let bagged = try #require(manifest["findings"] as? [[String: Any]])
    #expect(bagged.map { $0["id"] as? String } == ["F-1"] && bagged.first?["status"] as? String == "fixed")
    let frames = try #require(manifest["frames"] as? [[String: Any]])
    #expect(frames.map { $0["at_seconds"] as? Double } == [0.84])
    #expect(try workspace.run("verify", bag, "--without-db").status == 0)
  }
}
