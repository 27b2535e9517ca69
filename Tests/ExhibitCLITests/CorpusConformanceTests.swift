import Foundation
import Testing

/// The conformance report of an audit of the real MagentaA11y corpus whose links include fails on
/// name, role and focus items, worked out by hand: on software, 4.1.2 fails in both components
/// tested (the button's name, the checkbox's role: Does Not Support) and 2.4.7 in the one tested
/// (the date picker's focus); on web, 4.1.2 passes (Supports) and 2.4.7 fails. The OpenACR passes
/// GSA's schema and catalog checks; the readable page passes axe-core at desktop and phone width
/// and prints with every remark. Skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusConformanceTests {
  @Test func theDraftOfARealAuditFollowsTheRules() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    func video(_ path: String) -> String { CLIWorkspace.corpusRecording(corpus, path) }
    let button = video("native/button/buttonIosVoiceover.webm")
    let buttonAndroid = video("native/button/buttonAndroidTalkback.webm")
    let checkbox = video("native/checkbox/checkboxTalkback.webm")
    let nvda = video("web/checkbox/checkbox_WindowsNvdaChrome.webm")
    let steps: [[String]] = [
      ["product", "add", "Corpus App", "--platform", "ios,android,web"],
      ["audit", "new", "Corpus App", "--release", "3.2"],
      ["acr", "author", "Nina Auditor <nina@example.org>"],
      ["link", button, "native/button#screenreader.role", "--verdict", "pass", "--from", "0.5", "--to", "2"],
      [
        "link", button, "native/button#screenreader.name", "--verdict", "fail", "--from", "0", "--to", "1.5",
        "--note",
        "says Loading, not Submit",
      ],
      [
        "link", buttonAndroid, "native/button#screenreader.role", "--verdict", "pass", "--from", "0.5",
        "--to", "2",
      ],
      [
        "link", checkbox, "native/checkbox#screenreader.role", "--verdict", "fail", "--from", "1", "--to",
        "3",
      ],
      [
        "link", checkbox, "native/checkbox#screenreader.name", "--verdict", "pass", "--from", "1", "--to",
        "3",
      ],
      ["link", nvda, "web/checkbox#screenreader.role", "--verdict", "pass", "--from", "2", "--to", "6"],
      ["link", nvda, "web/checkbox#screenreader.name", "--verdict", "pass", "--from", "2", "--to", "6"],
      [
        "link", nvda, "web/checkbox#keyboard.tab", "--verdict", "fail", "--from", "0", "--to", "2", "--note",
        "no focus ring",
      ],
      [
        "link", "--observation", "native/date-time-picker#keyboard.tab-arrow-keys-or-ctl-tab", "--verdict",
        "fail",
        "--platform", "ios", "--note", "focus is not visible on the picker",
      ],
    ]
    for arguments in steps {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let draft = try #require(try workspace.run("acr", "draft", "--all", "--json").json() as? [String: Any])
    var levels: [String: String] = [:]
    var remarks: [String: String] = [:]
    for row in draft["rows"] as? [[String: Any]] ?? [] {
      let key = "\(row["criterion"] as? String ?? "") \(row["component_type"] as? String ?? "")"
      levels[key] = row["level"] as? String
      remarks[key] = row["remarks"] as? String
    }
    #expect(levels["4.1.2 software"] == "does-not-support")
    #expect(remarks["4.1.2 software"]?.hasPrefix("Fails in 2 of 2 components tested") == true)
    #expect(
      remarks["4.1.2 software"]?.contains("Button Name: fail (link 2 at 0:00.0–0:01.5 on iOS VoiceOver)")
        == true)
    #expect(levels["2.4.7 software"] == "does-not-support")
    #expect(levels["4.1.2 web"] == "supports")
    #expect(levels["2.4.7 web"] == "does-not-support")
    #expect(levels["1.3.1 software"] == nil && levels["2.1.1 web"] == nil)

    let yaml = try workspace.run("acr", "--format", "openacr", "--date", "2026-11-25")
    #expect(yaml.status == 0, "\(yaml.stderr)")
    let report = try workspace.write("acr.yaml", Data(yaml.stdout.utf8))
    if FileManager.default.fileExists(atPath: CLIWorkspace.openACR.path) {
      let check = try Python.run([
        Python.script("check_openacr.py"), report, CLIWorkspace.openACR.path,
      ])
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
    let page = try workspace.run("acr", "--format", "html", "--date", "2026-11-25")
    let html = try workspace.write("acr.html", Data(page.stdout.utf8))
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/acr-corpus").path
    let check = try Python.run([Python.script("check_acr_page.py"), html, screenshots])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    // Every bag of the audit carries the report of its own evidence, and verifies.
    let bags = try workspace.run("bundle", "--all", "--out", "bags", "--date", "2026-11-25")
    #expect(bags.status == 0, "\(bags.stderr)")
    let made = try FileManager.default.contentsOfDirectory(atPath: workspace.path("bags")).filter {
      !$0.hasSuffix(".html")
    }
    #expect(!made.isEmpty)
    for bag in made {
      #expect(FileManager.default.fileExists(atPath: workspace.path("bags/\(bag)/data/acr.yaml")), "\(bag)")
      #expect(try workspace.run("verify", workspace.path("bags/\(bag)")).status == 0, "\(bag)")
    }
  }
}
