import Foundation

// Approvals (bags of layout 6 on): each is the one its `approval.add` event in the bag records,
// not voided there, covering the bag's own verdicts or decision; none standing is left out.
extension BundleEvidenceCheck {
  static func checkApprovals(
    manifest: [String: Any], events: [Event], root: String, problem: (String, String) -> Void
  ) {
    // A manifest that does not decode is named by the rendering check.
    guard let data = FileManager.default.contents(atPath: root + "/" + manifestFile),
      let contents = try? BundleContents.manifestDecoder.decode(BundleContents.self, from: data),
      (contents.reportLayout ?? 0) >= BundleContents.approvalsLayout, contents.audit != nil
    else { return }
    guard let approvals = contents.approvals else {
      problem(manifestFile, "lists no approvals, though its layout carries them")
      return
    }
    let added = Dictionary(
      events.filter { $0.action == "approval.add" }.map { ($0.subject, $0) }
    ) { first, _ in first }
    let voided = Set(events.filter { $0.action == "approval.void" }.map(\.subject))
    var listed = Set<String>()
    for approval in approvals {
      let subject = "approval:\(approval.id)"
      listed.insert(subject)
      guard let event = added[subject] else {
        problem(manifestFile, "approval \(approval.id): no approval.add event in \(auditFile) records it")
        continue
      }
      if BundleContents.Approval(event: event.auditEvent) != approval {
        problem(manifestFile, "approval \(approval.id): it is not what its approval.add event records")
      }
      if voided.contains(subject) {
        problem(manifestFile, "approval \(approval.id): \(auditFile) voids it, yet the manifest lists it")
      }
      if !contents.concerns(event.afterFields) || !contents.holds(approval) {
        problem(
          manifestFile, "approval \(approval.id): it does not cover this bag's own verdicts or decision")
      }
    }
    for (subject, event) in added.sorted(by: { $0.key < $1.key })
    where !listed.contains(subject) && !voided.contains(subject) && contents.concerns(event.afterFields) {
      if let approval = BundleContents.Approval(event: event.auditEvent), contents.holds(approval) {
        problem(
          manifestFile,
          "\(event.described) records an approval standing in this bag that the manifest leaves out")
      }
    }
  }
}
