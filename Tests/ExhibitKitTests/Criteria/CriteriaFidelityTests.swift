import Foundation
import Testing

@testable import ExhibitKit

/// Every line of a criterion is kept, and only the sentence that states an item scopes it.
/// `fidelity/native/controls/slideshow.md` writes, in our own words, each case MagentaA11y's
/// documents have: lazy and indented continuation lines, a known issue naming iOS, "(Android
/// only)" after a second sentence, and "N/A only for …".
@Suite struct CriteriaFidelityTests {
  static let slideshow = CriteriaFixtures.fixture("fidelity/native/controls/slideshow.md")

  static func items() throws -> [String: CriteriaItem] {
    let document = try CriteriaFixtures.document(Self.slideshow)
    return Dictionary(uniqueKeysWithValues: document.items.map { ($0.localKey, $0) })
  }

  @Test func aLazyContinuationLineJoinsItsBulletAndScopesByTheWholeSentence() throws {
    let swipe = try #require(try Self.items()["gestures.swipe"])
    #expect(swipe.expectation == "Focus moves to the next slide on iOS")
    #expect(swipe.platforms == [.ios])
    #expect(swipe.notes.isEmpty)
  }

  @Test func aSecondSentenceOnAContinuationLineIsKeptAndScopesNothing() throws {
    let items = try Self.items()
    let enter = try #require(items["keyboard.enter"])
    #expect(
      enter.expectation == "Shows the next slide. Enter also activates any other control in the slideshow")
    #expect(enter.platforms == [.ios, .android])
    let rotor = try #require(items["keyboard.rotor-or-talkback-menu"])
    #expect(rotor.expectation == "Lists the slides as links. Known issue: the iOS Rotor skips the last slide")
    #expect(rotor.platforms == [.ios, .android])
    #expect(rotor.notes == ["Known issue: the iOS Rotor skips the last slide"])
  }

  @Test func aPlatformInASecondSentenceIsANote() throws {
    let swipe = try #require(try Self.items()["gestures.three-finger-swipe"])
    #expect(swipe.expectation == "Pages through the slides. The page is announced (Android only)")
    #expect(swipe.platforms == [.ios, .android])
    #expect(swipe.notes == ["The page is announced (Android only)"])
  }

  @Test func anIndentedParagraphAfterABlankLineJoinsItsBullet() throws {
    let doubletap = try #require(try Self.items()["gestures.doubletap"])
    #expect(doubletap.expectation == "Opens the focused slide The slide opens in full screen")
  }

  @Test func notApplicableForAPartIsANoteAndForTheWholeItemScopesIt() throws {
    let items = try Self.items()
    let resize = try #require(items["settings.text-resize"])
    #expect(!resize.notApplicable)
    #expect(resize.notes == ["N/A only for slides that are pictures of text"])
    let motion = try #require(items["settings.reduce-motion"])
    #expect(!motion.notApplicable)
    #expect(motion.notes == ["N/A only for the autoplaying slideshow, which must stop"])
    let state = try #require(items["screenreader.state"])
    #expect(state.notApplicable)
    #expect(state.notes.isEmpty)
  }

  /// A platform named in a sentence that goes on inside the stating sentence's parenthesis
  /// widens the item: both platforms' roles are the item's expectation, not a side note.
  @Test func aSentenceInsideTheStatingParenthesisScopesTheItemToo() throws {
    let role = try #require(try Self.items()["screenreader.role"])
    #expect(role.platforms == [.ios, .android])
    #expect(role.notes.isEmpty)
    let scope = CriteriaScope(
      expectation:
        "Reads its state (on or off, iOS: on/off. Android: on/not on). Known issue: Android repeats it",
      family: .native, section: .screenreader)
    #expect(scope.platforms == [.ios, .android])
    #expect(scope.notes == ["Known issue: Android repeats it"])
    // Without the open parenthesis the second sentence is a side note, as before.
    let aside = CriteriaScope(
      expectation: "Reads its state on iOS. Android reads it too", family: .native, section: .screenreader)
    #expect(aside.platforms == [.ios] && aside.notes == ["Android reads it too"])
  }

  @Test func theFirstSentenceStillScopesAnItem() {
    let scope = CriteriaScope(
      expectation: "Activates on Android. Works the same way as Enter", family: .native, section: .keyboard)
    #expect(scope.platforms == [.android])
    #expect(scope.notes.isEmpty)
    let both = CriteriaScope(
      expectation: "Identifies itself as a checkbox in Android and a Button or checkbox in iOS",
      family: .native,
      section: .screenreader)
    #expect(both.platforms == [.ios, .android])
  }
}
