import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Links, retractions, coverage and suggestions on the sample recordings and criteria, in a
/// real SQLite database.
@Suite struct EvidenceTests {
  typealias Workspace = SampleWorkspace

  /// A workspace with the sample media catalogued and the sample native checkbox criteria imported.
  @Test func aSegmentLinkPinsTheRevisionAndIsAudited() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let link = try workspace.store.link(workspace.linkRequest(from: 0.4, to: 5.2))
    #expect(link.revision == 1 && link.verdict == .pass && link.startSeconds == 0.4 && link.endSeconds == 5.2)
    #expect(link.auditor == "ana" && !link.platformOverride)
    let event = try #require(try workspace.store.history(SampleWorkspace.role).last)
    #expect(event.action == "link.create" && event.subject == "link:\(link.id)")
    #expect(try workspace.store.verifyAuditChain().valid)
  }

  @Test func theSameLinkAgainIsTheStoredOneUntilItIsRetracted() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let first = try workspace.store.link(workspace.linkRequest(from: 0.4, to: 5.2))
    let again = try workspace.store.link(workspace.linkRequest(from: 0.4, to: 5.2))
    #expect(again == first)
    #expect(
      try workspace.store.history(SampleWorkspace.role).filter { $0.action == "link.create" }.count == 1)
    let otherVerdict = try workspace.store.link(
      workspace.linkRequest(SampleWorkspace.role, .fail, from: 0.4, to: 5.2))
    #expect(otherVerdict.id != first.id)
    try workspace.store.unlink(first.id, reason: "wrong take", actor: "ana")
    let afterRetraction = try workspace.store.link(workspace.linkRequest(from: 0.4, to: 5.2))
    #expect(afterRetraction.id != first.id)
  }

  @Test func segmentsMustLieWithinTheRecording() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    #expect(throws: EvidenceError.segmentOutside(from: 5, to: 9, duration: 7.407)) {
      try workspace.store.link(workspace.linkRequest(from: 5, to: 9))
    }
    #expect(throws: EvidenceError.segmentEmpty(from: 3, to: 2)) {
      try workspace.store.link(workspace.linkRequest(from: 3, to: 2))
    }
    #expect(throws: EvidenceError.segmentIncomplete) {
      try workspace.store.link(workspace.linkRequest(from: 3))
    }
    #expect(try workspace.count("SELECT count(*) AS n FROM evidence_link") == 0)
  }

  @Test func itemsForAnotherPlatformNeedAnOverrideThatIsRecorded() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let enter = "native/checkbox#keyboard.enter"
    #expect(throws: EvidenceError.itemNotForPlatform(item: enter, platform: "ios", applies: ["android"])) {
      try workspace.store.link(workspace.linkRequest(enter))
    }
    let overridden = try workspace.store.link(workspace.linkRequest(enter, override: true))
    #expect(overridden.platformOverride)
    #expect(
      try workspace.store.history(enter).last?.after?.contains("\"platform_override\":\"true\"") == true)
    // The Android recording needs no override.
    #expect(
      !(try workspace.store.link(workspace.linkRequest(enter, file: SampleWorkspace.talkBack))
        .platformOverride))
  }

  @Test func retractionKeepsTheLinkOnceAndForAll() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let link = try workspace.store.link(workspace.linkRequest())
    let retracted = try workspace.store.unlink(link.id, reason: "wrong recording", actor: "bo")
    #expect(retracted.retractedBy == "bo" && retracted.retractionReason == "wrong recording")
    #expect(throws: EvidenceError.self) { try workspace.store.unlink(link.id, reason: "again", actor: "bo") }
    #expect(throws: EvidenceError.self) {
      try workspace.store.unlink(link.id, reason: "wrong recording", actor: "someone else")
    }
    // The same retraction again, its reason typed with a trailing space, is the same retraction.
    #expect(try workspace.store.unlink(link.id, reason: "wrong recording ", actor: "bo") == retracted)
    #expect(throws: EvidenceError.emptyReason) {
      try workspace.store.unlink(link.id, reason: "  ", actor: "bo")
    }
    #expect(throws: SQLiteError.self) {
      try workspace.store.connection.execute("DELETE FROM evidence_link WHERE id = ?", [link.id])
    }
    #expect(try workspace.store.evidenceLink(link.id).retractedAt != nil)
    let coverage = try workspace.store.coverage("native/checkbox", platform: .ios)
    #expect(coverage.items.first { $0.key == SampleWorkspace.role }?.cells.first?.verdict == nil)
    #expect(
      try workspace.store.history(SampleWorkspace.role).map(\.action) == ["link.create", "link.retract"])
  }

  @Test func aChangedCriteriaDocumentLeavesOldLinksPinnedAndStale() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let old = try workspace.store.link(workspace.linkRequest(SampleWorkspace.state, .fail))
    var changed = try CriteriaFixtures.document(CriteriaFixtures.sampleMarkdown)
    changed.sha256 = String(repeating: "a", count: 64)
    let stateIndex = try #require(changed.items.firstIndex { $0.localKey == "screenreader.state" })
    changed.items[stateIndex].expectation += ", and says dimmed when disabled"
    _ = try workspace.store.importCriteria([changed], actor: "t")
    #expect(try workspace.store.evidenceLink(old.id).revision == 1)
    let coverage = try workspace.store.coverage("native/checkbox", platform: .ios)
    #expect(coverage.revision == 2)
    #expect(coverage.stale.map(\.link) == [old.id])
    #expect(coverage.items.first { $0.key == SampleWorkspace.state }?.gapPlatforms == [.ios])
    let fresh = try workspace.store.link(workspace.linkRequest(SampleWorkspace.state, .pass))
    #expect(fresh.revision == 2)
  }

  @Test func coverageShowsVerdictsGapsAndConflicts() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    try workspace.store.link(workspace.linkRequest(SampleWorkspace.role, .pass, from: 0.4, to: 5.2))
    try workspace.store.link(workspace.linkRequest(SampleWorkspace.state, .pass))
    try workspace.store.link(workspace.linkRequest(SampleWorkspace.state, .fail))
    try workspace.store.link(
      workspace.linkRequest(SampleWorkspace.role, .pass, file: SampleWorkspace.talkBack))
    let coverage = try workspace.store.coverage("native/checkbox")
    #expect(
      coverage.columns.map { "\($0.platform.rawValue)/\($0.assistiveTech ?? "")" } == [
        "ios/voiceover", "ios/", "android/talkback", "android/",
      ])
    // A screen-reader item is judged in the screen readers' columns, not the platforms' own.
    let role = try #require(coverage.items.first { $0.key == SampleWorkspace.role })
    #expect(role.cells.map(\.verdict) == [.pass, nil, .pass, nil] && role.gapPlatforms.isEmpty)
    #expect(role.cells.map(\.required) == [true, false, true, false])
    #expect(role.cells[0].segments.first?.fromSeconds == 0.4)
    let state = try #require(coverage.items.first { $0.key == SampleWorkspace.state })
    #expect(state.cells[0].verdict == .conflict && state.conflict)
    #expect(state.gapPlatforms == [.android])
    #expect(coverage.conflicts == [SampleWorkspace.state])
    #expect(coverage.gaps.count == coverage.items.count - 1)
  }

  @Test func suggestionsComeFromWhatTheCaptionsSay() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let suggestions = try workspace.store.suggestions(component: "native/checkbox")
    // VoiceOver cue 1: "Email me updates, checkbox, not checked. Double tap to toggle." and
    // TalkBack cue 1: "Not checked, Email me updates, checkbox. Double tap to toggle." say the
    // role, a state and the hint; the cues "Checked." say a state.
    let byItem = Dictionary(grouping: suggestions, by: \.item.description).mapValues(\.count)
    #expect(byItem[SampleWorkspace.role] == 2)
    #expect(byItem[SampleWorkspace.state] == 4)
    #expect(suggestions.allSatisfy { $0.confidence > 0 && $0.confidence <= 1 && !$0.reason.isEmpty })
    #expect(
      suggestions.allSatisfy { ($0.fromSeconds ?? -1) >= 0 && ($0.toSeconds ?? 0) > ($0.fromSeconds ?? 0) })
    let accepted = try workspace.store.accept(suggestions, auditor: "ana")
    #expect(accepted.allSatisfy { $0.acceptedLink != nil })
    #expect(try workspace.count("SELECT count(*) AS n FROM evidence_link WHERE verdict = 'untested'") == 6)
    #expect(try workspace.count("SELECT count(*) AS n FROM evidence_link WHERE verdict <> 'untested'") == 0)
    // What is linked is not suggested again.
    #expect(try workspace.store.suggestions(component: "native/checkbox").isEmpty)
  }

  @Test func cueFindingsReadRoleStateAndHint() {
    let words = CueEvidence.roleWords(
      component: "native/checkbox",
      roleExpectation: "Identifies itself as a checkbox in Android and a Button in iOS")
    #expect(words.contains("checkbox") && words.contains("button"))
    let findings = CueEvidence.matches(
      in: "Set as default, checkbox, not checked. Double tap to toggle.", roleWords: words)
    #expect(findings.map(\.aspect) == [.role, .state, .hint])
    #expect(findings[1].words == "not checked")
    #expect(CueEvidence.matches(in: "Checkboxes everywhere, unbuttoned", roleWords: words).isEmpty)
    #expect(
      CueEvidence.matches(in: "Submit, dimmed, button", roleWords: ["button"]).map(\.words) == [
        "button", "dimmed",
      ])
  }

  @Test func historyFiltersByRecordingAndComponent() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    try workspace.store.link(workspace.linkRequest())
    let recording = try workspace.store.history(workspace.path(SampleWorkspace.voiceOver)).map(\.action)
    // Its caption's cues are recorded when they are indexed.
    #expect(recording == ["recording.catalog", "caption.index", "link.create"])
    let component = try workspace.store.history("native/checkbox").map(\.action)
    #expect(component.first == "criteria.import" && component.contains("link.create"))
    #expect(component.filter { $0 == "recording.catalog" }.count == 3)  // two videos, a screenshot
  }
}
