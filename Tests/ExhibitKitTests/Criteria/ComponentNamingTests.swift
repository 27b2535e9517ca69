import Foundation
import Testing

@testable import ExhibitKit

/// Components are named as MagentaA11y names them: a markdown or Jekyll document by its file
/// name, a saved rendered page by its link, else its prose; the other names become aliases, and a
/// link that disagrees is a warning, never a name.
@Suite struct ComponentNamingTests {
  static let markdown = CriteriaFixtures.fixture("naming/native/inputs/segmented-control.md")
  static let jekyll = CriteriaFixtures.fixture("naming/legacy/native/controls/segmented-control.md")
  static let rendered = CriteriaFixtures.fixture("naming/web/forms/dropdown-box.txt")

  @Test func theFileNameNamesAMarkdownDocumentAndItsFolderItsCategory() throws {
    let document = try CriteriaFixtures.document(Self.markdown)
    #expect(document.componentID == "native/segmented-control")
    #expect(document.category == "inputs")
    #expect(document.title == "Segemented control tabs")
    #expect(
      Set(document.aliases) == [
        "segemented-control-tabs", "controls/segmented-control", "inputs/segmented-control",
      ])
    #expect(document.namingWarning == nil)
  }

  @Test func theFileNameNamesAJekyllEntry() throws {
    let document = try CriteriaFixtures.document(Self.jekyll)
    #expect(document.format == .jekyllFrontMatter)
    #expect(document.componentID == "native/segmented-control")
    #expect(document.title == "Segmented control tabs")
    #expect(Set(document.aliases) == ["segmented-control-tabs", "controls/segmented-control"])
  }

  @Test func theLinkNamesARenderedPageOverTheNameItsBrowserGaveIt() throws {
    let document = try CriteriaFixtures.document(Self.rendered)
    #expect(document.format == .renderedText)
    #expect(document.componentID == "web/select")
    #expect(
      Set(document.aliases) == ["dropdown-box", "select-dropdown-menu", "component/select", "forms/select"])
    #expect(document.namingWarning == nil)
  }

  @Test func aLinkToAnotherComponentIsAWarningAndNamesNothing() throws {
    let text = try String(contentsOf: Self.markdown, encoding: .utf8)
    for path in [
      "/work/docs/native/notifications/modal.md", "/work/docs/legacy/native/notifications/modal.md",
    ] {
      let document = try CriteriaFixtures.document(text: text, path: path)
      #expect(document.componentID == "native/modal")
      #expect(!document.aliases.contains("segmented-control"))
      let warning = try #require(document.namingWarning)
      #expect(warning.contains("named native/modal after its file name"))
      #expect(warning.contains("its Full information link names native/segmented-control"))
    }
  }

  @Test func theProseNamesADocumentOnlyWhenNothingElseDoes() throws {
    let text =
      "## Condensed\n\nHow to test a segemented control tabs\n\n1. Test keyboard only\n\n   - Tab: Moves\n"
    guard
      case .document(let document) = try CriteriaParser().parse(bytes: Array(text.utf8), path: "/tmp/page.md")
    else {
      Issue.record("not read as a document")
      return
    }
    #expect(document.component == "segemented-control-tabs")
    #expect(document.aliases.isEmpty)
  }

  @Test func anOverrideWinsAndTheLinkBecomesAnAlias() throws {
    let parser = CriteriaParser(componentOverride: (.native, "segments"))
    let document = try CriteriaFixtures.document(Self.markdown, parser: parser)
    #expect(document.componentID == "native/segments")
    #expect(document.aliases.contains("segmented-control"))
    #expect(document.namingWarning == nil)
    #expect(document.filedByHand)
  }

  @Test func nestedBulletsAreLinesOfTheItemAboveThem() throws {
    let document = try CriteriaFixtures.document(Self.markdown)
    #expect(
      document.items.map(\.localKey) == [
        "keyboard.tab-or-arrow-keys", "keyboard.enter-or-spacebar",
        "keyboard.focus-never-leaves-the", "gestures.swipe", "gestures.doubletap", "screenreader.name",
        "screenreader.role", "screenreader.state", "settings.text-resize",
      ])
    let byKey = Dictionary(uniqueKeysWithValues: document.items.map { ($0.localKey, $0) })
    let enter = try #require(byKey["keyboard.enter-or-spacebar"])
    #expect(
      enter.expectation
        == "If a segment is focused, it becomes the selected one\n"
        + "If focus is on the more button, the extra segments open on Android")
    // A nested line never scopes the item: the platform it names is a note.
    #expect(enter.platforms == [.ios, .android])
    #expect(enter.notes == ["If focus is on the more button, the extra segments open on Android"])
    #expect(
      byKey["screenreader.state"]?.expectation
        == "Says selected for the chosen segment\nUnselected segments say nothing extra, or not selected")
    #expect(
      byKey["keyboard.focus-never-leaves-the"]?.expectation
        == "Focus never leaves the control while arrowing between segments")
  }

  @Test func nestedBulletsInAJekyllValueAndARenderedPageAreLinesToo() throws {
    let jekyll = try CriteriaFixtures.document(Self.jekyll)
    let jekyllItems = Dictionary(uniqueKeysWithValues: jekyll.items.map { ($0.localKey, $0) })
    #expect(jekyllItems["keyboard.enter-or-spacebar"]?.expectation.split(separator: "\n").count == 2)
    #expect(jekyllItems["keyboard.enter-or-spacebar"]?.platforms == [.ios, .android])
    #expect(jekyllItems["screenreader.state"]?.expectation == "Says selected for the chosen segment")
    let rendered = try CriteriaFixtures.document(Self.rendered)
    #expect(
      rendered.items.map(\.localKey) == [
        "keyboard.tab", "keyboard.enter-or-spacebar", "keyboard.arrow-keys-move-between", "screenreader.name",
        "screenreader.role", "screenreader.state",
      ])
    let enter = try #require(rendered.items.first { $0.localKey == "keyboard.enter-or-spacebar" })
    #expect(
      enter.expectation
        == "If the select is focused, its list of options opens\n"
        + "If focus is on one of the options, that option is chosen and the list closes")
    #expect(
      rendered.items.first { $0.localKey == "keyboard.arrow-keys-move-between" }?.platforms == [.windows])
  }
}

@Suite struct CriteriaLinkTests {
  @Test func aLinksSegmentsTakeTheSlugRule() throws {
    let link = try #require(
      DocumentIdentity.fromCriteriaLink(
        "Full information: https://example.test/#/web-criteria/Component/Radio%20Button"))
    #expect(link.family == .web)
    #expect(link.category == "component")
    #expect(link.component == "radio-button")
    #expect(DocumentIdentity.fromCriteriaLink("see /native-criteria/checkbox") == nil)
  }
}
