import Foundation
import Testing

@testable import ExhibitKit

@Suite struct CriteriaParserTests {
  @Test func markdownGivesItemsWithKeysSectionsAndPlatforms() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)
    #expect(document.format == .magentaMarkdown)
    #expect(document.componentID == "native/checkbox")
    #expect(document.category == "controls")
    #expect(
      document.items.map(\.localKey) == [
        "keyboard.tab-arrow-keys-or-ctl-tab", "keyboard.spacebar", "keyboard.enter", "gestures.swipe",
        "gestures.doubletap", "screenreader.name", "screenreader.role", "screenreader.group",
        "screenreader.state", "settings.text-resize",
      ])
    let byKey = Dictionary(uniqueKeysWithValues: document.items.map { ($0.localKey, $0) })
    #expect(byKey["keyboard.spacebar"]?.platforms == [.ios, .android])
    #expect(byKey["keyboard.enter"]?.platforms == [.android])
    #expect(byKey["screenreader.role"]?.platforms == [.ios, .android])
    #expect(byKey["keyboard.enter"]?.expectation == "Toggles the checkbox on Android")
    #expect(byKey["keyboard.enter"]?.line == 29)
  }

  @Test func markdownGivesGherkinNotesAnnouncementsAndVideos() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)
    #expect(document.gherkinGiven == "THAT I am on a screen with a checkbox")
    #expect(document.scenarios.map(\.title).first == "Test keyboard actions")
    #expect(document.scenarios.count == 4)
    let gestures = document.scenarios[1].steps
    #expect(gestures.map(\.keyword) == ["WHEN", "THEN", "AND", "WHEN", "THEN"])
    #expect(gestures.map(\.depth) == [0, 1, 2, 0, 1])
    #expect(document.notes.contains { $0.platform == "ios" && $0.framework == "uikit" && $0.topic == "name" })
    #expect(
      document.notes.contains { $0.platform == "ios" && $0.framework == "swiftui" && $0.topic == "state" })
    #expect(document.notes.contains { $0.platform == "android" && $0.framework == "compose" })
    #expect(document.notes.contains { $0.topic == "code example" && $0.text.contains("Role.Checkbox") })
    #expect(
      document.announcements == [
        AnnouncementExample(platform: "ios", framework: "", text: "Email me updates, checkbox, not checked"),
        AnnouncementExample(platform: "ios", framework: "", text: "Email me updates, checked, button"),
        AnnouncementExample(
          platform: "android", framework: "",
          text: "Not checked, Email me updates, checkbox, double tap to toggle"),
      ])
    #expect(document.videos.count == 2)
    #expect(document.videos[1].heading == "Andriod Talkback")
    #expect(document.videos[1].context.platform == .android)
    #expect(document.videos[1].context.assistiveTech == .talkback)
    #expect(document.videos[1].caption == "media/native/checkbox/checkbox_AndroidTalkback-en-US.vtt")
  }

  @Test func jekyllEntryReadsTheSameItemsAsMarkdownWhereBothCarryThem() throws {
    let markdown = try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)
    let jekyll = try CriteriaFixtures.document(CriteriaFixtures.sampleJekyll)
    #expect(jekyll.format == .jekyllFrontMatter)
    #expect(jekyll.componentID == "native/checkbox")
    #expect(jekyll.category == "controls")
    let fromMarkdown = Dictionary(uniqueKeysWithValues: markdown.items.map { ($0.localKey, $0) })
    let shared = jekyll.items.filter { fromMarkdown[$0.localKey] != nil }
    #expect(
      Set(shared.map(\.localKey)) == [
        "keyboard.spacebar", "keyboard.enter", "gestures.swipe", "gestures.doubletap", "screenreader.name",
        "screenreader.role", "screenreader.group", "screenreader.state",
      ])
    for item in shared {
      #expect(item.platforms == fromMarkdown[item.localKey]?.platforms, "platforms of \(item.localKey)")
    }
    for key in [
      "keyboard.spacebar", "keyboard.enter", "gestures.swipe", "gestures.doubletap", "screenreader.name",
    ] {
      #expect(
        jekyll.items.first { $0.localKey == key }?.expectation == fromMarkdown[key]?.expectation,
        "expectation of \(key)")
    }
    #expect(jekyll.items.first { $0.localKey == "keyboard.enter" }?.line == 12)
    #expect(jekyll.notes.contains { $0.platform == "ios" && $0.topic == "name" })
    #expect(jekyll.notes.contains { $0.platform == "android" && $0.text.contains("labelFor") })
  }

  @Test func webMarkdownWithStarBulletsAndIHearSteps() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.sampleWeb)
    #expect(document.componentID == "web/checkbox")
    #expect(document.category == "component")
    #expect(document.items.count == 8)
    let swipe = try #require(document.items.first { $0.localKey == "gestures.swipe" })
    #expect(swipe.platforms == [.ios, .android])
    let tab = try #require(document.items.first { $0.localKey == "keyboard.tab" })
    #expect(tab.platforms == [.ios, .android, .macos, .windows])
    let desktop = document.scenarios[1].steps
    #expect(desktop[0].text == "I use a desktop screenreader (NVDA, JAWS, VoiceOver)")
    #expect(desktop[2].keyword == "" && desktop[2].text == "I HEAR the label says what it is for")
    #expect(
      document.videos.first?.context
        == SessionContextValue(SessionContext(platform: .windows, assistiveTech: .nvda, browser: .chrome)))
  }

  @Test func variationsNotApplicableDeviceSettingsAndUniqueKeys() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.fixture("switch-variations.md"))
    #expect(document.componentID == "native/switch")
    let group = try #require(document.items.first { $0.localKey == "screenreader.group" })
    #expect(group.notApplicable)
    #expect(document.items.contains { $0.localKey == "settings.text-resize" })
    #expect(document.items.contains { $0.localKey == "settings.name" })
    #expect(Set(document.items.map(\.localKey)).count == document.items.count)
    #expect(document.items.first { $0.localKey == "keyboard.enter" }?.platforms == [.android])
  }

  @Test func renderedTextGivesNotesVideosAndTheComponentFromItsWords() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.fixture("rendered-checkbox.txt"))
    #expect(document.format == .renderedText)
    #expect(document.componentID == "native/checkbox")
    #expect(document.items.map(\.localKey) == ["keyboard.spacebar", "screenreader.name"])
    #expect(document.videos.map(\.heading) == ["iOS Voiceover", "Android Talkback"])
    #expect(document.videos.map(\.context.platform) == [.ios, .android])
    #expect(
      document.notes.contains {
        $0.platform == "ios" && $0.framework == "uikit" && $0.text.contains("setTitle")
      })
    #expect(document.notes.contains { $0.platform == "android" && $0.topic == "code example" })
    #expect(document.notes.contains { $0.platform == "android" && $0.framework == "compose" })
    #expect(
      document.announcements.map(\.text) == [
        "Email me updates, checkbox, not checked",
        "Not checked, Email me updates, checkbox, double tap to toggle",
      ])
  }

  @Test func componentOverrideFilesADocumentWhereTold() throws {
    let parser = CriteriaParser(componentOverride: (.native, "toggle"))
    let document = try CriteriaFixtures.document(
      CriteriaFixtures.fixture("rendered-checkbox.txt"), parser: parser)
    #expect(document.componentID == "native/toggle")
  }

  @Test func aGuideIsSkippedWithAReason() throws {
    let url = CriteriaFixtures.fixture("writing-guide.md")
    let outcome = try CriteriaParser().parse(bytes: Array(try Data(contentsOf: url)), path: url.path)
    guard case .skipped(let path, let reason) = outcome else {
      Issue.record("expected the guide to be skipped, got \(outcome)")
      return
    }
    #expect(path == url.path)
    #expect(reason.contains("guide"))
  }
}

@Suite struct CriteriaParserVariationTests {
  @Test func criteriaSectionSingularAndroidViewAndNestedFences() throws {
    let document = try CriteriaFixtures.document(CriteriaFixtures.fixture("criteria-section.md"))
    #expect(document.componentID == "native/stepper")
    #expect(
      document.items.map(\.localKey) == ["other.must-have-a-visible", "other.increase", "keyboard.tab"])
    #expect(document.items.first { $0.localKey == "other.increase" }?.platforms == [.ios, .android])
    #expect(document.notes.contains { $0.framework == "views" && $0.text.contains("android:text") })
    // The quoted "## Gherkin" inside the ```` block is code, not a section.
    #expect(document.scenarios.isEmpty)
    #expect(
      document.notes.contains { $0.topic == "code example" && $0.text.contains("Given a fenced example") })
  }
}
