import Foundation
import Testing

@testable import ExhibitKit

/// Segment bounds and overrides, without cataloguing a recording.
@Suite struct LinkRulesTests {
  typealias F = RuleFixtures

  @Test func aSegmentIsWholeMillisecondsWithinTheRecording() throws {
    #expect(try LinkRules.segment(from: nil, to: nil, durationSeconds: 7.4) == (nil, nil))
    let segment = try LinkRules.segment(from: 0.4, to: 5.2, durationSeconds: 7.407)
    #expect(segment.start == 400 && segment.end == 5200)
    // A thousandth of a second of slack at the end, for players that round the duration.
    #expect(try LinkRules.segment(from: 7.0, to: 7.408, durationSeconds: 7.407).end == 7408)
  }

  @Test func badSegmentsAreRefusedWithTheirReason() {
    #expect(throws: EvidenceError.segmentIncomplete) {
      try LinkRules.segment(from: 1, to: nil, durationSeconds: 9)
    }
    #expect(throws: EvidenceError.segmentEmpty(from: 3, to: 2)) {
      try LinkRules.segment(from: 3, to: 2, durationSeconds: 9)
    }
    #expect(throws: EvidenceError.segmentEmpty(from: -1, to: 2)) {
      try LinkRules.segment(from: -1, to: 2, durationSeconds: 9)
    }
    #expect(throws: EvidenceError.segmentOutside(from: 0.4, to: 500, duration: 7.407)) {
      try LinkRules.segment(from: 0.4, to: 500, durationSeconds: 7.407)
    }
    #expect(throws: EvidenceError.segmentTooShort(from: 1.0001, to: 1.0004)) {
      try LinkRules.segment(from: 1.0001, to: 1.0004, durationSeconds: 9)
    }
  }

  private func item(platforms: [Platform]) -> CurrentItem {
    CurrentItem(id: 1, key: F.role, platforms: platforms, revision: 2)
  }

  private func request(platform: Bool = false, component: Bool = false) -> LinkRequest {
    LinkRequest(
      recording: "r.webm", item: F.role, verdict: .pass, auditor: "ana", overridePlatform: platform,
      overrideComponent: component)
  }

  @Test func anotherPlatformOrComponentNeedsTheAuditorsWord() throws {
    let ios = LinkRules.RecordingFacts(component: F.component, platform: .ios, durationSeconds: 5)
    #expect(
      try LinkRules.overrides(request(), item: item(platforms: [.ios]), recording: ios)
        == .init(platform: false, component: false))
    #expect(throws: EvidenceError.self) {
      try LinkRules.overrides(request(), item: item(platforms: [.android]), recording: ios)
    }
    #expect(
      try LinkRules.overrides(request(platform: true), item: item(platforms: [.android]), recording: ios)
        == .init(platform: true, component: false))
    let other = LinkRules.RecordingFacts(component: "web/checkbox", platform: .ios, durationSeconds: 5)
    #expect(throws: EvidenceError.self) {
      try LinkRules.overrides(request(), item: item(platforms: [.ios]), recording: other)
    }
    #expect(
      try LinkRules.overrides(request(component: true), item: item(platforms: [.ios]), recording: other)
        == .init(platform: false, component: true))
    let unknown = LinkRules.RecordingFacts(component: nil, platform: nil, durationSeconds: 5)
    #expect(throws: EvidenceError.platformUnknown(recording: "r.webm", item: F.role)) {
      try LinkRules.overrides(request(), item: item(platforms: [.ios]), recording: unknown)
    }
  }
}
