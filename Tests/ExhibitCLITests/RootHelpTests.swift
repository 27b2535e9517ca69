import ArgumentParser
import Testing

@testable import ExhibitCommands

/// `exhibit --help` is written without swift-argument-parser (``RootHelp``): it must be the
/// parser's page, at every terminal width it is written for.
@Suite struct RootHelpTests {
  @Test func theRootsHelpIsTheParsersAtEveryWidth() {
    for width in RootHelp.narrowest...200 {
      let ours = RootHelp.text(width: width)
      let parsers = Exhibit.helpMessage(columns: width)
      #expect(ours == parsers, "at \(width) columns")
      if ours != parsers { return }
    }
  }

  @Test func everyShownSubcommandIsListedAndTheHiddenOneIsNot() {
    let page = RootHelp.text(width: 80)
    for name in ["init", "catalog, catalogue", "link", "serve", "listen"] {
      #expect(page.contains("\n  \(name) "), "\(name)")
    }
    #expect(!page.contains("probe-helper"))
  }

  @Test func aLineBreaksAtItsLastSpaceAndALongWordRunsOn() {
    #expect(RootHelp.wrapped("aaaa bbbbbbbbbbbb cc", width: 6, indent: 0) == "aaaa\nbbbbbbbbbbbb\ncc")
    #expect(RootHelp.wrapped("one two\n\nthree", width: 12, indent: 2) == "  one two\n\n  three")
  }
}
