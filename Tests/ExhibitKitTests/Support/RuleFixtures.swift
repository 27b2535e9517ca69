import Foundation

@testable import ExhibitKit

/// Values for the pure rules' tests: items, criteria and links built in memory, no database.
enum RuleFixtures {
  static let component: ComponentID = "native/checkbox"
  static let role = "native/checkbox#screenreader.role"
  static let state = "native/checkbox#screenreader.state"
  static let swipe = "native/checkbox#gestures.swipe"

  static func item(
    _ key: String, _ section: CriteriaSection, expectation: String = "",
    platforms: [Platform] = [.ios, .android],
    notApplicable: Bool = false
  ) -> StoredCriteriaItem {
    StoredCriteriaItem(
      key: ItemKey(stringLiteral: key), section: section, label: String(key.split(separator: ".").last ?? ""),
      expectation: expectation,
      platforms: platforms, notApplicable: notApplicable)
  }

  static let items = [
    item(role, .screenreader, expectation: "Announced as a checkbox"),
    item(state, .screenreader, expectation: "Says checked or not checked"),
    item(swipe, .gestures, platforms: [.ios, .android], notApplicable: true),
  ]

  /// Criteria of revision 2 in markdown, holding `items`.
  static func criteria(_ items: [StoredCriteriaItem] = items, revision: Int = 2) -> ComponentCriteria {
    ComponentCriteria(
      component: component,
      document: CriteriaDocumentSummary(
        documentID: 1, component: component, family: .native, category: "controls",
        title: "Checkbox",
        sourcePath: "checkbox.md", format: CriteriaFormat.magentaMarkdown.rawValue, revision: revision,
        itemCount: items.count, sha256: String(repeating: "a", count: 64),
        importedAt: "2026-11-21T00:00:00.000Z",
        primary: true, staleLinks: 0),
      items: items, gherkinGiven: "", scenarios: [], notes: [], announcements: [], videos: [])
  }

  /// A link as the database gives it.
  static func link(
    _ id: Int64, _ item: String, _ verdict: Verdict, platform: Platform? = .ios,
    reader: String? = "voiceover",
    revision: Int = 2, from: Int64? = nil, to: Int64? = nil, retracted: Bool = false,
    availability: RecordingAvailability? = nil, carriedFrom: Int64? = nil
  ) -> EvidenceLinkRow {
    EvidenceLinkRow(
      id: id, recordingID: 1, itemID: 1, itemKey: ItemKey(stringLiteral: item), revision: revision,
      format: .magentaMarkdown,
      verdict: verdict, startMilliseconds: from, endMilliseconds: to, auditor: "ana", note: "",
      platformOverride: false, componentOverride: false, createdAt: "2026-11-21T00:00:00.000Z",
      retractedAt: retracted ? "2026-11-21T01:00:00.000Z" : nil, retractedBy: nil, retractionReason: nil,
      auditID: carriedFrom == nil ? 1 : 2, carriedFrom: carriedFrom,
      carriedFromAudit: carriedFrom.map { _ in 1 },
      confirmedFrom: nil, environment: LinkEnvironment(), recordingSHA256: String(repeating: "b", count: 64),
      recordingPath: "/media/checkbox.webm",
      recordingPlatform: platform, recordingAssistiveTech: reader, recordingContainer: "matroska,webm",
      recordingBrowser: nil,
      recordingOSVersion: nil,
      recordingDevice: nil, availability: availability)
  }
}
