import ArgumentParser
import Testing

@testable import ExhibitCommands

/// `exhibit search` reads a plain command line without swift-argument-parser
/// (``SearchInvocation/init(plain:)``): it must read every such line as the parser does, and
/// leave every other line to the parser.
@Suite struct SearchInvocationTests {
  @Test(arguments: [
    ["checkbox"], ["double tap"], ["\"double tap\" OR toggle*"], ["help"], ["checkbox", "--json"],
    ["--json", "checkbox"], ["checkbox", "--component", "native/checkbox"],
    ["checkbox", "--component=checkbox"],
    ["checkbox", "--platform", "ios"], ["--platform=windows", "checkbox"],
    ["checkbox", "--kind", "criteria"],
    ["checkbox", "--kind", "captions", "--kind=notes"], ["checkbox", "--limit", "5"],
    ["checkbox", "--limit=0"],
    ["checkbox", "--db", "/tmp/other.sqlite"], ["checkbox", "--audit", "acme@1.0"],
    [
      "a", "--component", "c", "--platform", "android", "--kind", "recordings", "--limit", "3", "--db", "x",
      "--json",
      "--audit", "7",
    ],
  ])
  func readsAPlainLineAsTheParserDoes(_ arguments: [String]) throws {
    let parsed = try Search.parse(arguments).invocation
    #expect(SearchInvocation(plain: arguments) == parsed)
  }

  @Test(arguments: [
    [], ["a", "b"], ["-h"], ["--help"], ["checkbox", "--help"], ["--version"], ["--", "checkbox"],
    ["-checkbox"],
    ["checkbox", "--platform", "web"], ["checkbox", "--kind", "everything"],
    ["checkbox", "--limit", "many"],
    ["checkbox", "--limit"], ["checkbox", "--component", "--json"], ["checkbox", "--component="],
    ["checkbox", "--json", "--json"], ["checkbox", "--json=yes"],
    ["checkbox", "--limit", "1", "--limit", "2"],
    ["checkbox", "--colour", "red"], ["checkbox", "--generate-completion-script", "bash"],
    ["checkbox", "-j"],
  ])
  func leavesAnyOtherLineToTheParser(_ arguments: [String]) {
    #expect(SearchInvocation(plain: arguments) == nil)
  }
}

/// The lines the binary answers without swift-argument-parser print what the parser's answer
/// prints.
@Suite struct UnparsedAnswerTests {
  @Test func aPlainSearchPrintsWhatTheParsedOnePrints() throws {
    let workspace = try CLIWorkspace.searchable()
    for options in [[], ["--json"], ["--kind", "captions", "--platform", "ios"], ["--limit=2", "--json"]] {
      // `--` is a line the plain reading leaves to the parser.
      let plain = try workspace.run(["search", "checkbox"] + options)
      let parsed = try workspace.run(["search"] + options + ["--", "checkbox"])
      #expect(plain.status == 0 && parsed.status == 0, "\(options)")
      #expect(!plain.stdout.isEmpty && plain.stdout == parsed.stdout, "\(options)")
    }
    let missing = try workspace.run("search", "checkbox", "--db", "/nonexistent/exhibit.sqlite")
    #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/exhibit.sqlite"))
  }

  @Test func theRootsHelpAndVersionAreTheParsers() throws {
    let workspace = try CLIWorkspace()
    let help = try workspace.run("--help")
    let short = try workspace.run("-h")
    let parsed = try workspace.run("help")
    #expect(help.status == 0 && short.status == 0 && parsed.status == 0)
    #expect(
      help.stdout.contains("SUBCOMMANDS:") && help.stdout == parsed.stdout && short.stdout == parsed.stdout)
    let version = try workspace.run("--version")
    #expect(version.status == 0 && version.stdout == Exhibit.configuration.version + "\n")
  }
}
