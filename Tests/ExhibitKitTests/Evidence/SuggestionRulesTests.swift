import Foundation
import Testing

@testable import ExhibitKit

/// Which cues suggest which links, from values alone.
@Suite struct SuggestionRulesTests {
  typealias F = RuleFixtures

  private let rules = SuggestionRules(component: F.component, items: F.items)

  private func recording(platform: Platform = .ios, named: Bool = false, duration: Int64? = 7_400)
    -> SuggestionRules.Recording
  {
    SuggestionRules.Recording(
      path: "/media/checkbox.webm", sha256: String(repeating: "c", count: 64), platform: platform,
      namedByCriteria: named, durationMilliseconds: duration)
  }

  private func cue(_ start: Int64, _ end: Int64, _ text: String) -> SuggestionRules.Cue {
    SuggestionRules.Cue(start: start, end: end, text: text, captionFile: "/media/checkbox-en.vtt")
  }

  @Test func aCueThatSaysTheRoleOrStateSuggestsItsItemAtItsTime() {
    let found = rules.suggestions(
      recording: recording(), cues: [cue(400, 2_000, "Accept terms, checkbox, not checked")], existing: [])
    #expect(found.map(\.item) == [F.role, F.state])
    #expect(found.allSatisfy { $0.fromSeconds == 0.4 && $0.toSeconds == 2.0 })
    #expect(found.allSatisfy { $0.confidence == SuggestionRules.attributedRecordingConfidence })
    #expect(found.first?.captionFile == "/media/checkbox-en.vtt")
  }

  @Test func aNamedRecordingIsSurerAndAHintLessSure() {
    let named = rules.suggestions(
      recording: recording(named: true), cues: [cue(0, 900, "checkbox")], existing: [])
    #expect(named.first?.confidence == SuggestionRules.namedRecordingConfidence)
    let hint = rules.suggestions(
      recording: recording(named: true), cues: [cue(0, 900, "double tap to toggle")], existing: [])
    #expect(hint.first?.item == F.role)
    #expect(hint.first?.confidence == SuggestionRules.namedRecordingConfidence - SuggestionRules.hintDiscount)
  }

  @Test func coveredTimesCuesPastTheEndAndOtherPlatformsAreLeftOut() {
    let cues = [cue(400, 2_000, "checkbox"), cue(8_000, 9_000, "checkbox")]
    let covered = rules.suggestions(
      recording: recording(), cues: cues,
      existing: [SuggestionRules.ExistingLink(item: F.role, start: 0, end: 3_000)])
    #expect(covered.isEmpty)
    let whole = rules.suggestions(
      recording: recording(), cues: cues,
      existing: [SuggestionRules.ExistingLink(item: F.role, start: nil, end: nil)])
    #expect(whole.isEmpty)
    let iosOnly = SuggestionRules(
      component: F.component, items: [F.item(F.role, .screenreader, platforms: [.ios])])
    #expect(iosOnly.suggestions(recording: recording(platform: .android), cues: cues, existing: []).isEmpty)
    // A cue running past the end is cut at it.
    let cut = rules.suggestions(
      recording: recording(duration: 1_000), cues: [cue(400, 2_000, "checkbox")], existing: [])
    #expect(cut.first?.toSeconds == 1.0)
  }

  @Test func withoutRoleOrStateItemsThereIsNothingToSuggest() {
    let none = SuggestionRules(component: F.component, items: [F.item(F.swipe, .gestures)])
    #expect(!none.hasScreenReaderItems)
    #expect(rules.hasScreenReaderItems)
  }
}
