import Foundation

// The audit a bag names, and the bag's own name, follow from what it carries.
extension BundleEvidenceCheck {
  /// A bag made by this layout or a later one carries its audit's own events: the product and
  /// release its manifest names are the latest `audit.create` or `audit.rename` event's, and it
  /// says `closed` exactly when an `audit.close` event is among them. A `report_layout` Exhibit
  /// never wrote, and a bag folder named otherwise than its `External-Identifier`, are named too.
  static let auditEventsLayout = 3

  static func checkAudit(
    manifest: [String: Any], events: [Event], root: String, info: [(String, String)],
    problem: (String, String) -> Void
  ) {
    let layout = manifest["report_layout"]
    if let layout, !(layout is NSNull) {
      let known =
        (layout as? NSNumber).map { BundleContents.knownReportLayouts.contains($0.intValue) } ?? false
      if !known { problem(manifestFile, "report_layout \(layout) is not one Exhibit writes") }
    }
    if let identifier = info.first(where: { $0.0 == "External-Identifier" })?.1,
      let name = identifier.split(separator: ":").dropFirst(3).first.map(String.init),
      case let folder = (root as NSString).lastPathComponent,
      // A bag being written is checked in its staging folder, `.NAME.KIND-RANDOM`, first.
      folder != name, !folder.hasPrefix("." + name + ".")
    {
      problem(
        "bag-info.txt",
        "the bag is named \((root as NSString).lastPathComponent), but was made as \(name)")
    }
    guard let audit = manifest["audit"] as? [String: Any], let id = (audit["id"] as? NSNumber)?.int64Value,
      ((layout as? NSNumber)?.intValue ?? 0) >= auditEventsLayout
    else { return }
    let own = events.filter { $0.subject == "audit:\(id)" }.sorted { $0.id < $1.id }
    guard own.contains(where: { $0.action == "audit.create" }) else {
      problem(auditFile, "no audit.create event of audit \(id): the audit the manifest names is not recorded")
      return
    }
    var product: String?
    var release: String?
    for event in own where event.action == "audit.create" || event.action == "audit.rename" {
      product = event.afterFields["product"]
      release = event.afterFields["release"]
    }
    let closed = own.contains { $0.action == "audit.close" }
    if audit["product"] as? String != product {
      problem(
        manifestFile,
        "audit \(id)'s product is \(audit["product"] ?? "none"), its events record \(product ?? "none")")
    }
    if audit["release"] as? String != release {
      problem(
        manifestFile,
        "audit \(id)'s release is \(audit["release"] ?? "none"), its events record \(release ?? "none")")
    }
    if (audit["state"] as? String == "closed") != closed {
      problem(
        manifestFile,
        closed
          ? "audit \(id) is said to be open, but its events close it"
          : "audit \(id) is said to be closed, but no audit.close event is in the bag")
    }
  }
}
