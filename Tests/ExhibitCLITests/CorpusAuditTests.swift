import Foundation
import Testing

/// Two rounds of an audit on the real MagentaA11y documents and recordings, as a user runs them:
/// a product, an audit 1.0 with links on three components (native iOS, native Android, web)
/// including fails, closed; a retest 1.1 with fails fixed, a pass now failing, an item confirmed
/// and the rest left carried. Skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusAuditTests {
  /// The corpus's recordings by the name they are filed under.
  static func recording(_ corpus: URL, _ path: String) -> String {
    corpus.appendingPathComponent("media/video/\(path)").path
  }

  /// A workspace with the corpus imported and catalogued, and both rounds judged.
  static func twoRounds() throws -> (CLIWorkspace, URL) {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    let button = recording(corpus, "native/button/buttonIosVoiceover.webm")
    let checkbox = recording(corpus, "native/checkbox/checkboxTalkback.webm")
    let nvda = recording(corpus, "web/checkbox/checkbox_WindowsNvdaChrome.webm")
    let jaws = recording(corpus, "web/checkbox/checkbox_WindowsJawsChrome.webm")
    func ok(_ arguments: String...) throws {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
    }
    try ok("product", "add", "Acme Mobile", "--platform", "ios,android,web", "--url", "https://acme.example")
    try ok("audit", "new", "Acme Mobile", "--release", "1.0")
    try ok(
      "link", button, "native/button#screenreader.role", "--verdict", "pass", "--from", "1.64", "--to", "7.36"
    )
    try ok(
      "link", button, "native/button#screenreader.name", "--verdict", "fail", "--from", "1.64", "--to",
      "7.36",
      "--note", "the name is two buttons' names")
    try ok(
      "link", checkbox, "native/checkbox#screenreader.state", "--verdict", "fail", "--from", "2.44", "--to",
      "4.44")
    try ok(
      "link", checkbox, "native/checkbox#screenreader.role", "--verdict", "pass", "--from", "2.44", "--to",
      "4.44")
    try ok("link", nvda, "web/checkbox#keyboard.spacebar", "--verdict", "fail", "--from", "5", "--to", "9")
    try ok(
      "link", nvda, "web/checkbox#screenreader.role", "--verdict", "pass", "--from", "5", "--to", "9",
      "--env", "Windows 11, NVDA 2024.1, Chrome 126")
    try ok("audit", "close", "Acme Mobile@1.0")

    try ok("audit", "new", "Acme Mobile", "--release", "1.1", "--from", "Acme Mobile@1.0")
    try ok(
      "link", button, "native/button#screenreader.name", "--verdict", "pass", "--from", "1.64", "--to", "7.36"
    )
    try ok(
      "link", checkbox, "native/checkbox#screenreader.state", "--verdict", "pass", "--from", "2.44", "--to",
      "4.44")
    try ok(
      "link", nvda, "web/checkbox#screenreader.role", "--verdict", "fail", "--from", "10", "--to", "14",
      "--env", "Windows 11, NVDA 2024.4, Chrome 130")
    try ok("link", jaws, "web/checkbox#screenreader.name", "--verdict", "pass", "--from", "5", "--to", "9")
    try ok("retest", "confirm", "native/button#screenreader.role", "--note", "still a button")
    return (workspace, corpus)
  }

  @Test func compareListsExactlyWhatChanged() throws {
    let (workspace, _) = try Self.twoRounds()
    let result = try workspace.run("audit", "compare", "Acme Mobile@1.0", "Acme Mobile@1.1", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let comparison = try #require(try result.json() as? [String: Any])
    let old = try #require(comparison["old"] as? [String: Any])
    let new = try #require(comparison["new"] as? [String: Any])
    #expect(old["release"] as? String == "1.0" && old["state"] as? String == "closed")
    #expect(new["release"] as? String == "1.1" && new["state"] as? String == "open")
    #expect(Set(old.keys) == ["id", "product", "release", "state"])
    let rows = try #require(comparison["rows"] as? [[String: Any]])
    let seen = rows.map {
      [
        $0["component"], $0["platform"], $0["assistive_tech"], $0["item"], $0["change"], $0["old_verdict"],
        $0["new_verdict"],
      ]
      .map { ($0 as? String) ?? "-" }.joined(separator: " ")
    }
    #expect(
      seen == [
        "native/button ios voiceover native/button#screenreader.name fixed fail pass",
        "native/button ios voiceover native/button#screenreader.role unchanged-pass pass pass",
        "native/checkbox android talkback native/checkbox#screenreader.role carried pass pass",
        "native/checkbox android talkback native/checkbox#screenreader.state fixed fail pass",
        // A keyboard item is compared in the platform's own column, whatever screen reader.
        "web/checkbox windows - web/checkbox#keyboard.spacebar carried fail fail",
        "web/checkbox windows jaws web/checkbox#screenreader.name newly-tested - pass",
        "web/checkbox windows nvda web/checkbox#screenreader.role regressed pass fail",
      ])
    for row in rows {
      let keys = Set(row.keys)
      #expect(
        keys.isSuperset(of: [
          "component", "platform", "assistive_tech", "item", "change", "old_verdict", "new_verdict",
          "old_links",
          "new_links",
        ]))
    }
    // The segments behind both verdicts, and the environments when they differ.
    let regressed = try #require(rows.first { $0["change"] as? String == "regressed" })
    let newLinks = try #require(regressed["new_links"] as? [[String: Any]])
    #expect(newLinks.first?["from_seconds"] as? Double == 10)
    let environments = try #require(regressed["environments"] as? [String: Any])
    #expect((environments["old"] as? [String])?.first?.contains("NVDA 2024.1") == true)
    #expect((environments["new"] as? [String])?.first?.contains("NVDA 2024.4") == true)
    let carried = try #require(rows.first { $0["change"] as? String == "carried" })
    #expect(((carried["new_links"] as? [[String: Any]])?.first?["carried_from"] as? Int) != nil)

    // The terminal table says the same.
    let table = try workspace.run("audit", "compare", "1", "2")
    #expect(table.status == 0)
    #expect(table.stdout.contains("2 fixed, 1 regressed, 1 newly-tested, 1 unchanged-pass, 2 carried"))
    #expect(try workspace.run("verify").status == 0)
  }

  @Test func bothRoundsBundleAndVerifyAndTellCarriedFromRetested() throws {
    let (workspace, _) = try Self.twoRounds()
    let first = try workspace.run(
      "bundle", "--audit", "Acme Mobile@1.0", "--all", "--out", "bags", "--date", "2026-11-25")
    #expect(first.status == 0, "\(first.stderr)")
    let second = try workspace.run(
      "bundle", "--audit", "Acme Mobile@1.1", "--all", "--zip", "--out", "bags", "--date", "2026-11-25")
    #expect(second.status == 0, "\(second.stderr)")
    let bags = try FileManager.default.contentsOfDirectory(atPath: workspace.path("bags")).sorted()
    #expect(bags.contains("audit-1-index.html") && bags.contains("audit-2-index.html"))
    let made = bags.filter { $0.hasPrefix("Acme_Mobile-") }
    // Every component of the scope on each of its platforms, in both rounds alike.
    let firstRound = made.filter { $0.hasPrefix("Acme_Mobile-1.0-") }.map { $0.dropFirst(16) }
    let secondRound = made.filter { $0.hasPrefix("Acme_Mobile-1.1-") }.map { $0.dropFirst(16).dropLast(4) }
    #expect(firstRound == secondRound)
    for expected in [
      "native-button-ios", "native-button-android", "native-checkbox-ios", "native-checkbox-android",
      "web-checkbox-ios", "web-checkbox-android", "web-checkbox-macos", "web-checkbox-windows",
    ] {
      #expect(firstRound.contains("\(expected)-2026-11-25"), "\(expected)")
    }
    for bag in made {
      let verified = try workspace.run("verify", workspace.path("bags/\(bag)"))
      #expect(verified.status == 0, "\(bag): \(verified.stdout) \(verified.stderr)")
    }
    let retest = workspace.path("bags/Acme_Mobile-1.1-native-checkbox-android-2026-11-25.zip")
    let report = try Self.unzip(retest, member: "data/report.html")
    #expect(report.contains("Carried from audit 1 (release 1.0)"))
    #expect(report.contains("Judged in this round"))
    #expect(report.contains("Audit 2: Acme Mobile 1.1, open; a retest of audit 1"))
    let info = try Self.unzip(retest, member: "bag-info.txt")
    #expect(info.contains("Exhibit-Audit: 2") && info.contains("Exhibit-Audit-Release: 1.1"))
    let firstReport = try String(
      contentsOfFile: workspace.path(
        "bags/Acme_Mobile-1.0-native-checkbox-android-2026-11-25/data/report.html"),
      encoding: .utf8)
    #expect(firstReport.contains("Audit 1: Acme Mobile 1.0, closed") && !firstReport.contains("Carried from"))
  }

  @Test func badInputIsRefusedNamingWhatWasGivenAndWritesNothing() throws {
    let (workspace, corpus) = try Self.twoRounds()
    let events = try workspace.run("history", "--json").json() as? [Any]
    let button = Self.recording(corpus, "native/button/buttonIosVoiceover.webm")
    let cases: [([String], String)] = [
      (["audit", "new", "Nobody", "--release", "1"], "Nobody: no such product"),
      (["audit", "new", "Acme Mobile", "--release", "1.0"], "already has an audit of release 1.0"),
      (
        ["link", button, "native/button#screenreader.role", "--verdict", "pass", "--audit", "1"], "is closed"
      ),
      (
        ["audit", "new", "Acme Mobile", "--release", "2", "--scope", "native/nowhere"],
        "native/nowhere: the scope"
      ),
      (["audit", "show", "Acme Mobile@9"], "Acme Mobile@9: no such audit"),
      (["audit", "use", "42"], "42: no such audit"),
      (["retest", "confirm", "native/checkbox#screenreader.state", "--audit", "1"], "is closed"),
    ]
    for (arguments, message) in cases {
      let result = try workspace.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(try workspace.run("product", "add", "Other", "--platform", "web").status == 0)
    let other = try workspace.run("audit", "new", "Other", "--release", "1", "--from", "Acme Mobile@1.1")
    #expect(other.status == 1 && other.stderr.contains("is an audit of Acme Mobile, not of Other"))
    let platform = try workspace.run("product", "add", "Third", "--platform", "ios,tv")
    #expect(platform.status == 1 && platform.stderr.contains("tv: not a platform"))
    // Only the product "Other" was written.
    let after = try workspace.run("history", "--json").json() as? [Any]
    #expect((after?.count ?? 0) == (events?.count ?? 0) + 1)
  }

  /// One member of a stored zip, by the end of its name.
  static func unzip(_ zip: String, member: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
        + "print(z.read([n for n in z.namelist() if n.endswith(sys.argv[2])][0]).decode())",
      zip, member,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
