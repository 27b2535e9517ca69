import Foundation
import Testing

@testable import ExhibitKit

/// The coverage matrix as a pure function of criteria and links: no database, no media.
@Suite struct CoverageRulesTests {
  typealias F = RuleFixtures

  private func coverage(_ links: [EvidenceLinkRow], platform: Platform? = nil) -> Coverage {
    Coverage(component: F.component, criteria: F.criteria(), links: links, platform: platform)
  }

  @Test func withoutEvidenceEveryApplicableItemIsAGapInTheUsualColumns() {
    let result = coverage([])
    #expect(
      result.columns.map { "\($0.platform.rawValue)/\($0.assistiveTech ?? "-")" } == [
        "ios/voiceover", "android/talkback",
      ])
    #expect(result.gaps == [F.role, F.state])
    let swipe = result.items.first { $0.key == F.swipe }
    #expect(swipe?.gapPlatforms == [] && swipe?.notApplicable == true)
    #expect(result.items.allSatisfy { $0.cells.allSatisfy { $0.verdict == nil && $0.links == 0 } })
  }

  @Test func aDecidedVerdictClosesTheGapOnItsPlatformOnly() {
    let result = coverage([F.link(1, F.role, .pass, from: 400, to: 5200)])
    let role = result.items.first { $0.key == F.role }
    #expect(role?.gapPlatforms == [.android])
    #expect(role?.cells.first { $0.platform == .ios }?.verdict == .pass)
    #expect(role?.cells.first { $0.platform == .ios }?.segments.first?.fromSeconds == 0.4)
  }

  @Test func untestedLeavesTheGapAndDisagreementIsAConflict() {
    let untested = coverage([F.link(1, F.role, .untested)])
    #expect(untested.items.first { $0.key == F.role }?.gapPlatforms == [.ios, .android])
    #expect(untested.items.first { $0.key == F.role }?.cells.first?.verdict == .untested)
    let split = coverage([
      F.link(1, F.state, .pass), F.link(2, F.state, .fail), F.link(3, F.state, .untested),
    ])
    #expect(split.conflicts == [F.state])
    #expect(split.items.first { $0.key == F.state }?.cells.first?.verdict == .conflict)
  }

  @Test func retractedLinksCountForNothingAndOldRevisionsAreStale() {
    let result = coverage([
      F.link(1, F.role, .pass, retracted: true), F.link(2, F.state, .fail, revision: 1),
    ])
    #expect(result.gaps == [F.role, F.state])
    #expect(result.stale.map(\.link) == [2] && result.stale.first?.revision == 1)
    #expect(result.stale.first?.verdict == .fail)
  }

  @Test func aMissingOrChangedRecordingIsListedNotCounted() {
    let result = coverage([
      F.link(1, F.role, .pass, availability: .missing), F.link(2, F.state, .pass, availability: .changed),
    ])
    #expect(result.unavailable.map(\.state) == [.missing, .changed])
    #expect(result.unavailable.first?.advice.contains("exhibit unlink 1") == true)
    #expect(result.gaps == [F.role, F.state])
  }

  @Test func anotherScreenReaderAndAnUnknownOneGetColumnsOfTheirOwn() {
    let result = coverage(
      [F.link(1, F.role, .pass, reader: "jaws"), F.link(2, F.role, .fail, reader: nil)], platform: .ios)
    #expect(result.columns.map(\.assistiveTech) == ["voiceover", "jaws", nil])
    let cells = result.items.first { $0.key == F.role }?.cells
    #expect(cells?.map(\.verdict) == [nil, .pass, .fail])
    // Different screen readers disagreeing is not a conflict: each column has one verdict.
    #expect(result.conflicts.isEmpty)
  }

  @Test func combiningVerdicts() {
    #expect(CombinedVerdict(combining: []) == nil)
    #expect(CombinedVerdict(combining: [.untested, .untested]) == .untested)
    #expect(CombinedVerdict(combining: [.untested, .notApplicable]) == .notApplicable)
    #expect(CombinedVerdict(combining: [.pass, .pass]) == .pass)
    #expect(CombinedVerdict(combining: [.pass, .notApplicable]) == .conflict)
    #expect(OverallStatus(verdicts: [.pass, .conflict], hasGaps: false) == .fail)
    #expect(OverallStatus(verdicts: [.pass], hasGaps: true) == .incomplete)
    #expect(OverallStatus(verdicts: [.pass, .notApplicable], hasGaps: false) == .pass)
  }
}
