import Foundation
import Testing

/// One audit gives one set of numbers: built through the CLI and the web forms (recordings with
/// and without the item's screen reader, a screenshot, observations), its pass, fail, conflict,
/// gap, not-applicable and carried counts are the same in `coverage`, `audit show`,
/// `/api/audits/ID`, the audit page, the overview's progress and the bundles' summaries.
@Suite struct OneSetOfNumbersTests {
  static let talkBack = "Media/native/checkbox/checkbox_AndroidTalkback.webm"
  static let nvda = "Media/web/checkbox/checkbox_WindowsNvdaChrome.webm"
  static let screenshot = "Media/native/checkbox/checkbox_iOS_TextSize200.png"

  /// The counts a surface gives: pass, fail, conflicting, not applicable, gaps and carried.
  struct Counts: Equatable, CustomStringConvertible {
    var pass = 0
    var fail = 0
    var conflicts = 0
    var notApplicable = 0
    var gaps = 0
    var carried = 0
    var description: String {
      "\(pass) pass, \(fail) fail, \(conflicts) conflicting, \(notApplicable) n/a, \(gaps) gaps, \(carried) carried"
    }
    /// Without the carried count, which a bag's summary does not give.
    var decided: [Int] { [pass, fail, conflicts, notApplicable, gaps] }

    static func + (a: Counts, b: Counts) -> Counts {
      Counts(
        pass: a.pass + b.pass, fail: a.fail + b.fail, conflicts: a.conflicts + b.conflicts,
        notApplicable: a.notApplicable + b.notApplicable, gaps: a.gaps + b.gaps,
        carried: a.carried + b.carried)
    }

    /// From a coverage or bundle `summary`, or an audit's `tallies`.
    init(_ summary: [String: Any]) {
      pass = summary["pass"] as? Int ?? summary["passed"] as? Int ?? -1
      fail = summary["fail"] as? Int ?? summary["failed"] as? Int ?? -1
      conflicts = summary["conflicts"] as? Int ?? summary["conflicting"] as? Int ?? -1
      notApplicable = summary["not_applicable"] as? Int ?? -1
      gaps = summary["gaps"] as? Int ?? -1
      carried = summary["carried"] as? Int ?? -1
    }

    init(
      pass: Int = 0, fail: Int = 0, conflicts: Int = 0, notApplicable: Int = 0, gaps: Int = 0,
      carried: Int = 0
    ) {
      (self.pass, self.fail, self.conflicts, self.notApplicable, self.gaps, self.carried) =
        (pass, fail, conflicts, notApplicable, gaps, carried)
    }
  }

  /// The audit: checkbox items judged with VoiceOver and TalkBack, a keyboard item by TalkBack,
  /// a screenshot of text resize, observations by CLI and by the web form, on native and web.
  static func audit() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.catalogued()
    for arguments in [
      ["product", "add", "Acme", "--platform", "ios,android,web"],
      ["audit", "new", "Acme", "--release", "1.0", "--scope", "native/checkbox,web/checkbox"],
      ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.role", "--verdict", "pass"],
      ["link", talkBack, "native/checkbox#screenreader.role", "--verdict", "pass"],
      ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "pass"],
      ["link", talkBack, "native/checkbox#screenreader.state", "--verdict", "fail", "--note", "silent"],
      ["link", talkBack, "native/checkbox#keyboard.spacebar", "--verdict", "pass"],
      ["link", screenshot, "native/checkbox#settings.text-resize", "--verdict", "pass"],
      [
        "link", "--observation", "native/checkbox#keyboard.enter", "--verdict", "fail", "--platform",
        "android",
        "--note", "enter does nothing",
      ],
      ["link", nvda, "web/checkbox#keyboard.spacebar", "--verdict", "pass"],
      ["link", nvda, "web/checkbox#screenreader.name", "--verdict", "pass"],
      // A conflict with VoiceOver, and an item not applicable with both screen readers.
      ["link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.name", "--verdict", "pass"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.name", "--verdict", "fail", "--note",
        "x",
      ],
      ["link", CLIWorkspace.voiceOver, "native/checkbox#gestures.swipe", "--verdict", "not-applicable"],
      ["link", talkBack, "native/checkbox#gestures.swipe", "--verdict", "not-applicable"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return workspace
  }

  @Test func everySurfaceCountsTheSameAudit() async throws {
    let workspace = try Self.audit()
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let visitor = try await WebVisitor.arrive(at: server.base)
    // The web form's observations: one without the item's screen reader, refused; one with it.
    let page = "\(server.base)/components/native/checkbox/observations"
    let refused = try await visitor.postForm(
      page,
      [
        ("item", "native/checkbox#screenreader.group"), ("verdict", "fail"), ("platform", "ios"),
        ("note", "x"),
      ])
    #expect(refused.status >= 400 && refused.body.contains("names no screen reader"), "\(refused.body)")
    let observed = try await visitor.postForm(
      page,
      [
        ("item", "native/checkbox#screenreader.group"), ("verdict", "fail"), ("platform", "ios"),
        ("screen_reader", "voiceover"), ("note", "label read apart"),
      ])
    #expect(observed.status == 303, "\(observed.body)")

    let first = try await Self.expectOneSetOfNumbers(workspace, server, visitor, audit: "1")
    // Native: role passes with both screen readers; state (TalkBack), enter (observed on
    // Android) and group (observed with VoiceOver) fail; name conflicts with VoiceOver; swipe is
    // not applicable with both; tab, spacebar and text resize (each passed on one platform) and
    // doubletap are gaps. Web: NVDA's passes leave every item a gap on the other platforms.
    #expect(first == Counts(pass: 1, fail: 3, conflicts: 1, notApplicable: 1, gaps: 12), "\(first)")

    // A retest: every verdict carried, one judged again, one carried column confirmed.
    for arguments in [
      ["audit", "close", "1"], ["audit", "new", "Acme", "--release", "1.1", "--from", "1"],
      ["link", Self.talkBack, "native/checkbox#screenreader.state", "--verdict", "pass"],
      ["retest", "confirm", "native/checkbox#keyboard.spacebar"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let second = try await Self.expectOneSetOfNumbers(workspace, server, visitor, audit: "2")
    // State passes now with both; spacebar's confirmed Android pass leaves its iOS gap. Carried:
    // role, the two observed fails, the conflict and swipe, and three gaps whose only verdict is
    // carried (text resize on iOS, and web spacebar and name with NVDA).
    #expect(
      second == Counts(pass: 2, fail: 2, conflicts: 1, notApplicable: 1, gaps: 12, carried: 8), "\(second)")
  }

  /// What `audit`'s every surface counts, checked to be one set of numbers: `coverage` summed over
  /// its components and platforms, every bag, `audit show`, `/api/audits/ID`, the audit page's
  /// words and the overview's rows. Returns what coverage counts.
  static func expectOneSetOfNumbers(
    _ workspace: CLIWorkspace, _ server: RunningServer, _ visitor: WebVisitor, audit: String
  ) async throws -> Counts {
    #expect(try workspace.run("audit", "use", audit).status == 0)
    var byPlatform: [String: Counts] = [:]
    var whole = Counts()
    for component in ["native/checkbox", "web/checkbox"] {
      let coverage = try #require(
        try workspace.run("coverage", component, "--json").json() as? [String: Any])
      whole = whole + Counts(try #require(coverage["summary"] as? [String: Any]))
      let platforms =
        component.hasPrefix("native") ? ["ios", "android"] : ["ios", "android", "macos", "windows"]
      for platform in platforms {
        let cut = try #require(
          try workspace.run("coverage", component, "--platform", platform, "--json").json() as? [String: Any])
        let counted = Counts(try #require(cut["summary"] as? [String: Any]))
        byPlatform[platform, default: Counts()] = byPlatform[platform, default: Counts()] + counted
        // The bag of that component and platform counts the same.
        let bag = try workspace.run(
          "bundle", component, "--platform", platform, "--out", "bags-\(audit)", "--date", "2026-11-27",
          "--json")
        #expect(bag.status == 0, "\(bag.stderr)")
        let path = try #require((try bag.json() as? [String: Any])?["path"] as? String)
        let manifest = try #require(
          try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: path + "/data/manifest.json"))) as? [String: Any])
        let bagged = Counts(try #require(manifest["summary"] as? [String: Any]))
        #expect(bagged.decided == counted.decided, "audit \(audit): \(component) on \(platform): \(bagged)")
      }
    }

    // audit show and /api/audits/ID.
    let shown = try #require(try workspace.run("audit", "show", audit, "--json").json() as? [String: Any])
    let tallies = try #require(shown["tallies"] as? [String: Any])
    #expect(Counts(tallies) == whole, "audit \(audit): audit show \(Counts(tallies)), coverage \(whole)")
    let api = try await visitor.get("\(server.base)/api/audits/\(audit)")
    let served = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any])
    let apiTallies = try #require((served["audit"] as? [String: Any])?["tallies"] as? [String: Any])
    #expect(NSDictionary(dictionary: apiTallies) == NSDictionary(dictionary: tallies), "\(apiTallies)")

    // The audit page's words (its fail counts conflicts too).
    let auditPage = try await visitor.get("\(server.base)/audits/\(audit)").body
    let words =
      "\(whole.pass) pass · \(whole.fail + whole.conflicts) fail · \(whole.notApplicable) not applicable · "
      + "\(whole.carried) carried, not retested · \(whole.gaps) with gaps"
    #expect(auditPage.contains(words), "audit \(audit) page: \(words)")

    // The overview's progress, per platform: its pass, fail (with conflicts), n/a and gaps.
    let overview = try await visitor.get("\(server.base)/").body
    for (platform, name) in [("ios", "iOS"), ("android", "Android"), ("windows", "Windows")] {
      let counts = try #require(byPlatform[platform])
      let row = try #require(
        overview.firstMatch(
          of: try Regex(
            "<th scope=\"row\">\(name), every screen reader</th><td>.*?</td><td>[0-9]+ of [0-9]+ \\([0-9]+%\\)</td>"
              + "<td>([0-9]+)</td><td>([0-9]+)</td><td>([0-9]+)</td><td>([0-9]+)</td>")),
        "\(name) row")
      let numbers = (1...4).compactMap { row.output[$0].substring.flatMap { Int($0) } }
      #expect(
        numbers == [counts.pass, counts.fail + counts.conflicts, counts.notApplicable, counts.gaps],
        "audit \(audit): overview \(name)")
    }
    return whole
  }

  /// A retest keeps its audit's scope; confirming an item carried with two screen readers needs
  /// the column, and confirms that one alone; a bare item reference both families share is
  /// refused with the choices, as a component's is.
  @Test func aRetestKeepsItsScopeAndConfirmsOnlyTheColumnNamed() throws {
    let workspace = try Self.audit()
    #expect(try workspace.run("audit", "close", "1").status == 0)
    #expect(try workspace.run("audit", "new", "Acme", "--release", "1.1", "--from", "1").status == 0)
    let retest = try #require(try workspace.run("audit", "show", "2", "--json").json() as? [String: Any])
    #expect(retest["scope"] as? [String] == ["native/checkbox", "web/checkbox"])
    #expect((retest["tallies"] as? [String: Any])?["components"] as? Int == 2)

    let role = "native/checkbox#screenreader.role"
    let guessed = try workspace.run("retest", "confirm", role)
    #expect(guessed.status == 1)
    #expect(
      guessed.stderr.contains("carried in 2 columns (android/talkback, ios/voiceover)"), "\(guessed.stderr)")
    let confirmed = try workspace.run("retest", "confirm", role, "--platform", "android", "--json")
    #expect(confirmed.status == 0, "\(confirmed.stderr)")
    let links = try #require(try confirmed.json() as? [[String: Any]])
    #expect(links.count == 1 && (links.first?["recording_path"] as? String)?.hasSuffix(Self.talkBack) == true)
    let history = try #require(try workspace.run("history", role, "--json").json() as? [[String: Any]])
    let confirmations = history.filter { $0["action"] as? String == "link.confirm" }
    #expect(confirmations.count == 1)
    #expect(
      (confirmations.first?["after"] as? String)?.contains(links.first?["recording_sha256"] as? String ?? "-")
        == true)
    // The VoiceOver column is still carried.
    let coverage = try #require(
      try workspace.run("coverage", "native/checkbox", "--json").json() as? [String: Any])
    let item = try #require((coverage["items"] as? [[String: Any]])?.first { $0["key"] as? String == role })
    let carried = (item["cells"] as? [[String: Any]] ?? []).filter { $0["carried"] as? Bool == true }
    #expect(carried.map { $0["assistive_tech"] as? String } == ["voiceover"])

    let bare = try workspace.run("history", "checkbox#screenreader.role")
    #expect(bare.status == 1)
    #expect(bare.stderr.contains("native/checkbox, web/checkbox"), "\(bare.stderr)")
  }

  /// A link to a component outside the audit's scope is refused, naming the scope and how to
  /// widen it; `--outside-scope` makes it, the link and its event record it, and `verify` agrees.
  @Test func aLinkOutsideTheScopeIsRefusedUnlessMeant() throws {
    let workspace = try CLIWorkspace.catalogued()
    #expect(try workspace.run("product", "add", "Acme", "--platform", "ios,android,web").status == 0)
    #expect(
      try workspace.run("audit", "new", "Acme", "--release", "1.0", "--scope", "native/checkbox").status == 0)
    let refused = try workspace.run("link", Self.nvda, "web/checkbox#screenreader.name", "--verdict", "pass")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("outside the scope of audit 1 (Acme@1.0): native/checkbox")
        && refused.stderr.contains("exhibit audit scope 1 --scope web/checkbox,native/checkbox")
        && refused.stderr.contains("--outside-scope"), "\(refused.stderr)")
    let observed = try workspace.run(
      "link", "--observation", "web/checkbox#keyboard.tab", "--verdict", "fail", "--platform", "windows",
      "--note", "no focus ring")
    #expect(observed.status == 1 && observed.stderr.contains("outside the scope"), "\(observed.stderr)")
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(!history.contains { $0["action"] as? String == "link.create" })

    let meant = try workspace.run(
      "link", Self.nvda, "web/checkbox#screenreader.name", "--verdict", "pass", "--outside-scope", "--json")
    #expect(meant.status == 0, "\(meant.stderr)")
    #expect((try meant.json() as? [String: Any])?["outside_scope"] as? Bool == true)
    let inScope = try workspace.run(
      "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.role", "--verdict", "pass", "--json")
    #expect((try inScope.json() as? [String: Any])?["outside_scope"] == nil)
    let events = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
      .filter { $0["action"] as? String == "link.create" }
    #expect(events.map { ($0["after"] as? String)?.contains("\"outside_scope\":\"true\"") } == [true, false])
    #expect(try workspace.run("verify").status == 0)
  }
}
