import Foundation

// A bag's findings and still frames (bags of layout 5 on): the findings of its audit that rest on
// its component and platform, each as the audit trail's latest event of it records it (at the
// close, for a closed audit), and a still frame of each failing video verdict at the start of its
// segment. Which links a finding rests on and which frame it shows follow from the manifest's own
// links by the rules below, which `exhibit verify` applies again.

extension BundleContents {
  /// A finding, as a bag records it.
  public struct Finding: Sendable, Equatable, Codable {
    /// `F-12`.
    public let id: String
    public let title: String
    public let severity: FindingSeverity
    public let status: FindingStatus
    /// Why its status was set by hand (fixed, accepted), when it was.
    public let reason: String
    /// Who set the status last.
    public let statusBy: String
    /// The audit (round) that found it.
    public let audit: Int64
    /// Its columns as the audit trail writes them (`native/checkbox#screenreader.state@ios/voiceover`).
    public let columns: [String]
    /// The WCAG success criteria its items are necessary to, as the bag's items carry them.
    public let wcag: [String]
    /// Its failing verdicts in this bag: the links judged in this round in its columns.
    public let links: [Int64]
    /// The link whose still frame it shows: the first of its links with a frame.
    public let frame: Int64?
    /// Where it was filed, when it was.
    public let tracker: FindingTracker?
    /// The audit event it is as of: the latest of it in `audit-log.json`.
    public let event: Int64

    private enum CodingKeys: String, CodingKey {
      case id, title, severity, status, reason, statusBy, audit, columns, wcag, links, frame, tracker, event
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(severity, forKey: .severity)
      try container.encode(status, forKey: .status)
      try container.encode(reason, forKey: .reason)
      try container.encode(statusBy, forKey: .statusBy)
      try container.encode(audit, forKey: .audit)
      try container.encode(columns, forKey: .columns)
      try container.encode(wcag, forKey: .wcag)
      try container.encode(links, forKey: .links)
      try container.encode(frame, forKey: .frame)
      try container.encode(tracker, forKey: .tracker)
      try container.encode(event, forKey: .event)
    }
  }

  /// The still frame of a failing video verdict: its recording at the start of its segment.
  public struct Frame: Sendable, Equatable, Codable {
    /// The link it shows.
    public let link: Int64
    /// The PNG's path inside `data/`: `frames/link-12.png`.
    public let file: String
    /// The recording's SHA-256.
    public let recording: String
    /// The second it shows.
    public let atSeconds: Double
  }

  /// The first layout whose bags carry findings and frames.
  static let findingsLayout = 5

  /// The frames a bag of these links and recordings holds: one per failing verdict on a
  /// recording with video (carried ones too: each is evidence of a fail), at its start.
  static func frames(links: [Link], recordings: [Recording]) -> [Frame] {
    let filmed = Dictionary(recordings.map { ($0.sha256, $0) }) { first, _ in first }
    return links.compactMap { link in
      guard link.verdict == .fail, link.kind == .recording, let sha = link.recording,
        let recording = filmed[sha], recording.videoCodec != nil, recording.width != nil
      else { return nil }
      return Frame(
        link: link.id, file: "frames/link-\(link.id).png", recording: sha, atSeconds: link.startSeconds ?? 0)
    }
  }

  /// The links a finding with `columns` rests on in this bag: the fails judged in this round
  /// (not carried) in its columns, by id. A verdict's column, as findings name columns, is its item
  /// on the bag's platform, with its screen reader for the items judged per screen reader
  /// (``EvidenceColumn``).
  func findingLinks(columns: [String]) -> [Int64] {
    let wanted = Set(columns)
    let sections = Dictionary(items.map { ($0.key, $0.section) }) { first, _ in first }
    let byFile = Dictionary(recordings.map { ($0.sha256, $0) }) { first, _ in first }
    return links.filter { link in
      guard link.verdict == .fail, link.carried == nil, let key = ItemKey(link.item),
        let section = sections[link.item]
      else { return false }
      let tech =
        EvidenceColumn.isPerScreenReader(section) ? link.column(recordings: byFile).assistiveTech : nil
      return wanted.contains(FindingColumn(item: key, platform: platform, assistiveTech: tech).description)
    }.map(\.id).sorted()
  }

  /// The frame a finding resting on `links` shows: the first of them with a frame.
  func findingFrame(links: [Int64], frames: [Frame]) -> Int64? {
    let framed = Set(frames.map(\.link))
    return links.first(where: framed.contains)
  }

  /// Whether a column, as the trail writes it, is on `component` and `platform`.
  static func column(_ column: String, isOn component: String, platform: Platform) -> Bool {
    guard let at = column.lastIndex(of: "@") else { return false }
    let item = column[..<at]
    let place = column[column.index(after: at)...].split(separator: "/", maxSplits: 1)
    return ItemKey(String(item))?.component.description == component
      && place.first.map(String.init)
        == platform.rawValue
  }
}
