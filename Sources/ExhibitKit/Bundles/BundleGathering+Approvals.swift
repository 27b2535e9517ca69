import ExhibitStorage
import Foundation

extension BundleGathering {
  /// The approval events a bag of `contents` in `audit` carries (up to `through`, the audit's
  /// close): every `approval.add` and `approval.void` of the audit's approvals of the bag's
  /// columns and component type, and the approvals that stand at the end of them and cover what
  /// the bag holds.
  /// - Throws: The engine's error.
  func approvals(audit: Audit, of contents: BundleContents, through: Int64?) throws
    -> (events: [AuditEvent], standing: [BundleContents.Approval])
  {
    let ids: [Int64] = try connection.query("SELECT id FROM approval WHERE audit_id = ?", [audit.id]).map {
      try $0.decode("id")
    }
    guard !ids.isEmpty else { return ([], []) }
    let events = try AuditTrail(connection: connection).events(about: ids.map { "approval:\($0)" })
      .filter { through == nil || $0.id <= through ?? 0 }
    let mine = Set(
      events.filter { $0.action == "approval.add" && contents.concerns(AuditJSON.fields($0.after)) }.map(
        \.subject))
    let voided = Set(events.filter { $0.action == "approval.void" }.map(\.subject))
    let carried = events.filter { mine.contains($0.subject) }
    let standing = carried.filter { !voided.contains($0.subject) }.compactMap(
      BundleContents.Approval.init(event:)
    )
    .filter(contents.holds)
    return (carried, standing)
  }
}
