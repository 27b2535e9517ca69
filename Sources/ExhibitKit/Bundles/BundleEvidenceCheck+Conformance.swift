import Foundation

// Conformance: the mapping rows and decided levels a bag's report is drafted from follow from its
// audit log.
extension BundleEvidenceCheck {
  /// Every `wcag.map` event in the bag's log (the latest for an item and criterion) is the row its
  /// item carries; the levels the manifest says were decided are exactly the latest `acr.set`
  /// events of the bag's audit for its component type. The report files are rendered from these
  /// (``BundleRendering``), so a level or remark that does not follow from them is found there.
  static func checkConformance(manifest: [String: Any], events: [Event], problem: (String, String) -> Void) {
    var mapped: [String: [String: String]] = [:]
    for event in events where event.action == "wcag.map" {
      let fields = event.afterFields
      guard let item = fields["item"], let criterion = fields["criterion"], let relation = fields["relation"]
      else { continue }
      mapped[item, default: [:]][criterion] = relation
    }
    let items = manifest["items"] as? [[String: Any]] ?? []
    for item in items {
      guard let key = item["key"] as? String, let rows = mapped[key] else { continue }
      let carried = Dictionary(
        (item["wcag"] as? [[String: Any]] ?? []).map {
          ($0["criterion"] as? String ?? "", $0["relation"] as? String ?? "")
        }
      ) { first, _ in first }
      for (criterion, relation) in rows.sorted(by: { $0.key < $1.key }) where carried[criterion] != relation {
        problem(
          manifestFile,
          "item \(key) does not carry the row its wcag.map event records (\(criterion), \(relation))")
      }
    }
    guard let conformance = manifest["conformance"] as? [String: Any] else { return }
    let audit = ((manifest["audit"] as? [String: Any])?["id"] as? NSNumber)?.stringValue
    let family = (manifest["component"] as? String)?.split(separator: "/").first.map(String.init)
    let type = family.flatMap(Family.init(rawValue:)).map { ACRComponentType($0).rawValue }
    var decided: [String: String] = [:]
    for event in events where event.action == "acr.set" {
      let fields = event.afterFields
      guard fields["audit"] == audit, fields["component_type"] == type, let criterion = fields["criterion"]
      else { continue }
      decided[criterion] = [
        fields["level"] ?? "", fields["remarks"] ?? "", event.actor, event.at,
      ].joined(separator: "\u{1F}")
    }
    var claimed: [String: String] = [:]
    for decision in conformance["decisions"] as? [[String: Any]] ?? [] {
      let criterion = decision["criterion"] as? String ?? ""
      claimed[criterion] = [
        decision["level"] as? String ?? "", decision["remarks"] as? String ?? "",
        decision["actor"] as? String ?? "",
        decision["at"] as? String ?? "",
      ].joined(separator: "\u{1F}")
      if decision["component_type"] as? String != type {
        problem(
          manifestFile, "the level decided for \(criterion) is for another component type than the bag's")
      }
    }
    for criterion in Set(decided.keys).union(claimed.keys).sorted()
    where decided[criterion] != claimed[criterion] {
      problem(
        manifestFile,
        claimed[criterion] == nil
          ? "the audit log decides a level for \(criterion) that the conformance report leaves out"
          : "the level the conformance report says was decided for \(criterion) is not the one its acr.set event records"
      )
    }
  }
}
