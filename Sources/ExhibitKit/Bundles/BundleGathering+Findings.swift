import ExhibitStorage
import Foundation

extension BundleGathering {
  /// The finding events a bag of `component` on `platform` in `audit` carries: every event of each
  /// finding of the audit's product, found in it or an earlier round, whose latest event (up to
  /// `through`, the audit's close) leaves it resting on the component and platform, neither merged
  /// nor withdrawn.
  ///
  /// - Returns: The events, oldest first, and each such finding's latest event.
  /// - Throws: The engine's error.
  func findingEvents(audit: Audit, component: ComponentID, platform: Platform, through: Int64?) throws
    -> (events: [AuditEvent], latest: [AuditEvent])
  {
    let ids: [Int64] = try connection.query(
      "SELECT id FROM finding WHERE audit_id <= ? AND product_id = (SELECT product_id FROM audit WHERE id = ?)",
      [audit.id, audit.id]
    ).map { try $0.decode("id") }
    guard !ids.isEmpty else { return ([], []) }
    let events = try AuditTrail(connection: connection).events(about: ids.map { "finding:\($0)" })
      .filter { through == nil || $0.id <= through ?? 0 }
    var latest: [String: AuditEvent] = [:]
    for event in events { latest[event.subject] = event }
    let kept = latest.values.filter {
      Self.findingRests(AuditJSON.fields($0.after), on: component.description, platform: platform)
    }
    let subjects = Set(kept.map(\.subject))
    return (events.filter { subjects.contains($0.subject) }, kept.sorted { $0.id < $1.id })
  }

  /// Whether a finding, as an event records it, rests on the component and platform.
  static func findingRests(_ fields: [String: String], on component: String, platform: Platform) -> Bool {
    guard let status = fields["status"], status != FindingStatus.merged.rawValue,
      status != FindingStatus.withdrawn.rawValue
    else { return false }
    return (fields["columns"] ?? "").split(separator: " ").contains {
      BundleContents.column(String($0), isOn: component, platform: platform)
    }
  }

  /// The bag's findings from their latest events; nil when a fail judged in the round rests on
  /// none (a round closed before findings were kept), and the bag then carries no finding events.
  static func findings(latest: [AuditEvent], in contents: BundleContents) -> [BundleContents.Finding]? {
    let wcag = Dictionary(
      contents.items.map { item in
        (item.key, (item.wcag ?? []).filter { $0.relation == .necessary }.map(\.criterion))
      }
    ) { first, _ in first }
    let findings = latest.compactMap {
      BundleContents.Finding(event: $0, contents: contents, frames: contents.frames ?? [], wcag: wcag)
    }
    let covered = Set(findings.flatMap(\.links))
    let uncovered = contents.links.contains {
      $0.verdict == .fail && $0.carried == nil && !covered.contains($0.id)
    }
    return uncovered ? nil : findings
  }
}

extension BundleContents.Finding {
  /// A finding as `event` (its latest) records it, resting on `contents`' links; nil when the
  /// event does not name a finding.
  init?(
    event: AuditEvent, contents: BundleContents, frames: [BundleContents.Frame], wcag: [String: [String]]
  ) {
    guard event.subject.hasPrefix("finding:"), let number = Int64(event.subject.dropFirst("finding:".count))
    else { return nil }
    let fields = AuditJSON.fields(event.after)
    let columns = (fields["columns"] ?? "").split(separator: " ").map(String.init)
    let links = contents.findingLinks(columns: columns)
    var criteria: [String] = []
    for column in columns {
      let item = column.split(separator: "@", maxSplits: 1).first.map(String.init) ?? ""
      for criterion in wcag[item] ?? [] where !criteria.contains(criterion) { criteria.append(criterion) }
    }
    criteria.sort { WCAGMapping.order($0) < WCAGMapping.order($1) }
    let tracker = fields["tracker_kind"].flatMap { kind in
      fields["tracker_key"].map { FindingTracker(kind: kind, key: $0, url: fields["tracker_url"] ?? "") }
    }
    self.init(
      id: Finding.reference(number), title: fields["title"] ?? "",
      severity: FindingSeverity(rawValue: fields["severity"] ?? "") ?? .moderate,
      status: FindingStatus(rawValue: fields["status"] ?? "") ?? .open, reason: fields["reason"] ?? "",
      statusBy: fields["status_by"] ?? "", audit: Int64(fields["audit"] ?? "") ?? 0, columns: columns,
      wcag: criteria, links: links, frame: contents.findingFrame(links: links, frames: frames),
      tracker: tracker, event: event.id)
  }
}
