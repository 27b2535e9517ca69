import ExhibitKit
import Foundation
import Testing

@testable import ExhibitCommands

/// The commands that read and print run a plain line without swift-argument-parser
/// (``PlainCommands``): such a line must print what the parser's reading of it prints, and every
/// other line must be left to the parser.
@Suite struct PlainCommandTests {
  @Test func aPlainLineIsReadWordByWord() throws {
    let syntax = PlainLine.Syntax(
      arguments: 0...2, options: ["--platform"], repeatable: ["--kind"], flags: ["--json"])
    let line = try #require(
      PlainLine(["a", "--kind", "x", "--platform=ios", "b", "--json", "--kind=y"], syntax: syntax))
    #expect(line.arguments == ["a", "b"])
    #expect(line.value("--platform") == "ios" && line.has("--json"))
    #expect(line.values.filter { $0.name == "--kind" }.map(\.value) == ["x", "y"])
    #expect(line.values.map(\.name) == ["--kind", "--platform", "--kind"], "in the order given")
    #expect(line.argument(2) == nil)
    #expect(line.choice("--platform", as: Platform.self) == .some(.some(.ios)))
    #expect(line.choice("--colour", as: Platform.self) == .some(nil))
    let web = try #require(PlainLine(["--platform", "web"], syntax: syntax))
    #expect(web.choice("--platform", as: Platform.self) == nil)
    #expect(web.choices("--kind", as: Int.self) == [])
  }

  @Test(arguments: [
    ["show"], ["show", "a", "b"], ["show", "--help"], ["show", "-h"], ["show", "a", "--platform", "web"],
    ["show", "a", "--platform"], ["show", "a", "--platform", "--json"], ["show", "a", "--platform="],
    ["show", "a", "--json", "--json"], ["show", "a", "--json=yes"],
    ["show", "a", "--audit", "1", "--audit", "2"],
    ["show", "a", "--colour", "red"], ["show", "--", "a"], ["show", "-a"], ["coverage", "a", "-j"],
    ["coverage", "a", "--generate-completion-script", "bash"], ["history", "a", "b"], ["history", "--audit"],
    ["criteria", "show", "a", "--format", "xml"], ["criteria", "show"], ["criteria", "list"],
    ["recordings", "list", "x"], ["recordings", "list", "--status", "lost"], ["recordings", "show", "x"],
    ["audit", "show", "1", "2"], ["audit", "show", "--audit", "1"], ["audit", "list"], ["link", "a", "b"],
    ["search"], ["help", "show"], [], ["bundle"], ["bundle", "native/checkbox"],
    ["bundle", "native/checkbox", "--platform", "web"], ["bundle", "--all", "native/checkbox"],
    ["bundle", "--all", "--platform", "ios"], ["bundle", "a", "b", "--platform", "ios"],
    ["bundle", "--all", "--to-store", "--out", "bags"], ["bundle", "a", "--platform", "ios", "--zip=yes"],
  ])
  func leavesAnyOtherLineToTheParser(_ arguments: [String]) {
    #expect(PlainCommands.work(for: arguments) == nil)
  }

  @Test(arguments: [
    ["show", "native/checkbox"], ["coverage", "checkbox", "--platform=ios", "--json"], ["history"],
    ["history", "native/checkbox", "--audit", "1"],
    ["criteria", "show", "web/checkbox", "--format", "gherkin"],
    ["recordings", "list", "--unattributed", "--status", "ok"], ["audit", "show", "1", "--json"],
    ["search", "checkbox", "--kind", "captions", "--kind=criteria"],
    ["bundle", "native/checkbox", "--platform", "ios", "--zip", "--date", "2026-11-21", "--out=bags"],
    ["bundle", "--all", "--to-store", "--media", "s3://bucket/team", "--json"],
  ])
  func takesAPlainLine(_ arguments: [String]) throws {
    let work = try #require(PlainCommands.work(for: arguments))
    #expect(!work.writes)
  }

  @Test(arguments: [
    [
      "link", "a.webm", "native/checkbox#screenreader.role", "--verdict", "pass", "--from=1", "--to",
      "0:02.5",
    ],
    ["link", "--observation", "native/checkbox#screenreader.role", "--verdict=fail", "--platform", "ios"],
  ])
  func takesAPlainLink(_ arguments: [String]) throws {
    let work = try #require(PlainCommands.work(for: arguments))
    #expect(work.writes)
  }

  /// A link the parser would refuse (a missing or unknown verdict, a time it cannot read, words
  /// that make no link) is left to it, so it says why in its own words.
  @Test(arguments: [
    ["link", "a.webm", "native/checkbox#screenreader.role"],
    ["link", "a.webm", "native/checkbox#screenreader.role", "--verdict", "maybe"],
    ["link", "a.webm", "native/checkbox#screenreader.role", "--verdict", "pass", "--from", "soon"],
    ["link", "a.webm", "--verdict", "pass"],
    ["link", "a.webm", "native/checkbox#screenreader.role", "--verdict", "pass", "--platform", "ios"],
    ["link", "--observation", "a", "b", "--verdict", "pass"],
    ["link", "--observation", "a", "--verdict", "pass", "--from", "1"],
    ["link", "a.webm", "native/checkbox#screenreader.role", "--verdict", "pass", "--note", ""],
  ])
  func leavesALinkThatMakesNoneToTheParser(_ arguments: [String]) {
    #expect(PlainCommands.work(for: arguments) == nil)
  }

  /// `link` run plain and then parsed on one catalogue: the same status and errors, and the same
  /// link (the second judges the same evidence again, so it keeps the first's id) but, in JSON,
  /// for the time it was made.
  @Test func aPlainLinkIsTheLinkTheParsedOneMakes() throws {
    let workspace = try CLIWorkspace.inOpenAudit()
    let lines: [[String]] = [
      [
        "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "fail", "--from", "1,5", "--to=0:03",
        "--note", "role not read", "--env", "iOS 17.4, VoiceOver, iPhone 13", "--browser", "Safari 17",
      ],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.name", "--verdict", "pass",
        "--other-platform",
      ],
      [
        "link", "--observation", "native/checkbox#screenreader.state", "--verdict", "not-applicable",
        "--platform", "android", "--screen-reader", "talkback", "--note", "no state on this build",
        "--audit", "Acme App@1.0",
      ],
      [
        "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "untested", "--auditor", "Rae",
        "--json",
      ],
      ["link", CLIWorkspace.voiceOver, "native/checkbox#nosuch", "--verdict", "pass"],
      ["link", "Media/nosuch.webm", CLIWorkspace.role, "--verdict", "pass"],
      ["link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass", "--audit", "Nobody@9"],
    ]
    for line in lines {
      #expect(PlainCommands.work(for: line) != nil, "\(line)")
      let plain = try workspace.run(line)
      let parsed = try workspace.run(line + ["--"])
      #expect(plain.status == parsed.status, "\(line): \(plain.stderr) against \(parsed.stderr)")
      #expect(plain.stderr == parsed.stderr, "\(line)")
      #expect(!(plain.stdout + plain.stderr).isEmpty, "\(line)")
      guard plain.status == 0 else { continue }
      if line.contains("--json") {
        #expect(
          try Self.linkWithoutIdentity(plain.stdout) == Self.linkWithoutIdentity(parsed.stdout), "\(line)")
      } else {
        #expect(parsed.stdout == plain.stdout, "\(line)")
      }
    }
  }

  /// `bundle` run plain and then parsed on one catalogue, each into a folder of its own: the same
  /// status and errors, the same lines but for the folder, and the same bag to the byte.
  @Test func aPlainBundleIsTheBagTheParsedOneMakes() throws {
    let workspace = try CLIWorkspace.linked()
    // A fail, whose still frame the bag holds (decoded in the probe box).
    let fail = try workspace.run(
      "link", "Media/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.state",
      "--verdict", "fail", "--from", "1", "--to", "2")
    #expect(fail.status == 0, "\(fail.stderr)")
    let lines: [[String]] = [
      ["bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21"],
      ["bundle", "native/checkbox", "--platform=ios", "--zip", "--date", "2026-11-21", "--json"],
      ["bundle", "--all", "--date", "2026-11-21"],
      ["bundle", "native/nosuch", "--platform", "ios"],
      ["bundle", "native/checkbox", "--platform", "ios", "--audit", "Nobody@9"],
    ]
    for (number, line) in lines.enumerated() {
      #expect(PlainCommands.work(for: line) != nil, "\(line)")
      let plain = try workspace.run(line + ["--out", "plain-\(number)"])
      let parsed = try workspace.run(line + ["--out", "parsed-\(number)", "--"])
      #expect(plain.status == parsed.status, "\(line): \(plain.stderr) against \(parsed.stderr)")
      #expect(plain.stderr == parsed.stderr, "\(line)")
      #expect(!(plain.stdout + plain.stderr).isEmpty, "\(line)")
      #expect(
        plain.stdout.replacingOccurrences(of: "plain-\(number)", with: "parsed-\(number)") == parsed.stdout,
        "\(line)")
      guard plain.status == 0 else { continue }
      let made = try Self.files(under: workspace.path("plain-\(number)"))
      #expect(!made.isEmpty, "\(line)")
      #expect(made == (try Self.files(under: workspace.path("parsed-\(number)"))), "\(line)")
    }
  }

  /// Every file under `folder`, by its path inside it, with its bytes.
  private static func files(under folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let manager = FileManager.default
    for name in try manager.subpathsOfDirectory(atPath: folder) {
      var isFolder: ObjCBool = false
      let path = folder + "/" + name
      guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    return files
  }

  /// A link's JSON without the time it was made.
  private static func linkWithoutIdentity(_ json: String) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let link = try #require(object as? [String: Any])
    return link.filter { !$0.key.lowercased().contains("created") } as NSDictionary
  }

  /// Each command's lines, run plain and (with a trailing `--`, which the plain reading leaves
  /// to the parser) parsed: the same status and the same output, on the catalogue under test.
  @Test func aPlainLinePrintsWhatTheParsedOnePrints() throws {
    let workspace = try CLIWorkspace.inOpenAudit()
    let lines: [[String]] = [
      ["show", "native/checkbox"], ["show", "checkbox", "--platform", "ios", "--json"],
      ["show", "native/checkbox", "--audit", "Acme App@1.0"], ["coverage", "native/checkbox"],
      ["coverage", "web/checkbox", "--platform=windows", "--json"], ["history"],
      ["history", "native/checkbox", "--json"], ["history", CLIWorkspace.role],
      ["criteria", "show", "native/checkbox"], ["criteria", "show", "web/checkbox", "--format", "condensed"],
      ["criteria", "show", "native/checkbox", "--platform", "android", "--format=gherkin"],
      ["criteria", "show", "web/checkbox", "--json"], ["recordings", "list"],
      ["recordings", "list", "--component", "checkbox", "--platform", "android", "--json"],
      ["recordings", "list", "--status", "ok", "--unattributed"], ["audit", "show"],
      ["audit", "show", "Acme App@1.0", "--json"], ["search", "checkbox", "--kind", "captions"],
      ["show", "nosuch"], ["audit", "show", "Nobody@9"], ["history", "--audit", "Nobody@9"],
    ]
    for line in lines {
      #expect(PlainCommands.work(for: line) != nil, "\(line)")
      let plain = try workspace.run(line)
      let parsed = try workspace.run(line + ["--"])
      #expect(plain.status == parsed.status, "\(line): \(plain.stderr) against \(parsed.stderr)")
      #expect(plain.stdout == parsed.stdout && plain.stderr == parsed.stderr, "\(line)")
      #expect(!(plain.stdout + plain.stderr).isEmpty, "\(line)")
    }
    let missing = try workspace.run("show", "native/checkbox", "--db", "/nonexistent/exhibit.sqlite")
    #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/exhibit.sqlite"))
  }
}
