import Foundation

/// A bag's conformance report, drafted from the bag's own evidence: its one component's items with
/// the verdicts and links the manifest records, the WCAG rows its items carry, and the levels its
/// audit decided for its component type. `exhibit verify` renders `acr.yaml` and `acr.html` again
/// from the manifest, so every level and remark in them follows from what the bag holds.
extension BundleContents {
  /// The draft, for a bag that carries a conformance report.
  var conformanceDraft: ACRDraft? {
    guard conformance != nil, let component = ComponentID(self.component) else { return nil }
    let byID = Dictionary(links.map { ($0.id, $0) }) { first, _ in first }
    let items = self.items.compactMap { item -> ACRDraft.Component.Item? in
      guard let key = ItemKey(item.key) else { return nil }
      let segments = item.links.compactMap { byID[$0] }.map { link in
        Coverage.Segment(
          link: link.id, recording: RecordingRef(sha256: link.recording ?? "", path: link.file),
          fromSeconds: link.startSeconds, toSeconds: link.endSeconds, verdict: link.verdict,
          carriedFrom: link.carried?.link, environment: link.environment.map(\.summary), evidence: link.kind,
          note: link.note, auditor: link.auditor)
      }
      var approved: [Int64: ACRSignOffs.SignOff] = [:]
      for approval in approvals ?? [] where approval.kind == .verdict && approval.item == item.key {
        for link in approval.links {
          approved[link] = ACRSignOffs.SignOff(
            approver: approval.approver, at: approval.approvedAt, covers: approval.covers)
        }
      }
      return ACRDraft.Component.Item(
        key: key, label: item.label, notApplicable: item.notApplicable, verdict: item.verdict,
        segments: segments, signOffs: approved)
    }
    let rows = self.items.flatMap { item -> [WCAGMappingRow] in
      guard let key = ItemKey(item.key) else { return [] }
      return (item.wcag ?? []).map {
        WCAGMappingRow(selector: .item(key), criterion: $0.criterion, relation: $0.relation, rationale: "")
      }
    }
    return ACRDraft(
      components: [ACRDraft.Component(component: component, title: title, items: items)],
      mapping: WCAGMapping(rows: rows), decisions: conformance?.decisions ?? [], signOffs: signOffs)
  }

  /// The report's heading: the bag's audit.
  private var conformanceHeading: ACRHeading? {
    audit.map {
      ACRHeading(BundleAuditFacts(id: $0.id, product: $0.product, release: $0.release, state: $0.state))
    }
  }

  /// `acr.yaml` and `acr.html`, for a bag that carries a conformance report.
  func conformanceFiles() throws -> (yaml: Data, html: Data)? {
    guard let conformance, let draft = conformanceDraft, let heading = conformanceHeading else { return nil }
    let yaml = try OpenACRDocument(audit: heading, draft: draft, author: conformance.author, date: date)
      .yaml()
    let html = ACRPage(audit: heading, draft: draft, author: conformance.author, date: date, links: .bag).html
    return (Data(yaml.utf8), Data(html.utf8))
  }

  /// The payload files of the conformance report.
  static let conformancePayload = ["data/acr.yaml", "data/acr.html"]
}
