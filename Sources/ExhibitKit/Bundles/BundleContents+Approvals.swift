import Foundation

// A bag's sign-off (bags of layout 6 on): the approvals of its audit that stand at the bag's head
// (at the close, for a closed audit) on its component and platform's columns and its component
// type's decided levels, each as its `approval.add` event records it. `exhibit verify` checks each
// against its event, that none was voided in the bag's trail, that each covers the bag's own
// verdicts or decision, and that none standing is left out.

extension BundleContents {
  /// The first layout whose bags carry their approvals.
  static let approvalsLayout = 6

  /// An approval, as a bag records it.
  public struct Approval: Sendable, Equatable, Codable {
    public let id: Int64
    public let kind: ExhibitKit.Approval.Kind
    /// A verdict's item and screen reader (its platform is the bag's).
    public let item: String?
    public let assistiveTech: String?
    /// A level's criterion and component type.
    public let criterion: String?
    public let componentType: ACRComponentType?
    /// The link ids of the column it covers (`3,5`), or the time of the decision.
    public let covers: String
    public let approver: String
    public let approvedAt: String
    /// Its `approval.add` event in `audit-log.json`.
    public let event: Int64

    /// The approval an `approval.add` event records; nil for another event.
    init?(event: AuditEvent) {
      guard event.action == "approval.add", let id = Int64(event.subject.dropFirst("approval:".count)) else {
        return nil
      }
      let fields = AuditJSON.fields(event.after)
      guard let kind = ExhibitKit.Approval.Kind(rawValue: fields["kind"] ?? "") else { return nil }
      self.id = id
      self.kind = kind
      item = fields["item"]
      assistiveTech = fields["assistive_tech"]
      criterion = fields["criterion"]
      componentType = fields["component_type"].flatMap(ACRComponentType.init(rawValue:))
      covers = fields["covers"] ?? ""
      approver = fields["approver"] ?? event.actor
      approvedAt = event.at
      self.event = event.id
    }

    /// The link ids a verdict's approval covers.
    public var links: [Int64] { covers.split(separator: ",").compactMap { Int64($0) } }

    /// `native/checkbox#screenreader.role on iOS VoiceOver`, `the level of 4.1.2 (software)`.
    func subject(on platform: Platform) -> String {
      switch kind {
      case .verdict:
        let reader = assistiveTech.map { " " + (AssistiveTech(rawValue: $0)?.displayName ?? $0) } ?? ""
        return "\(item ?? "") on \(platform.displayName)\(reader)"
      case .level: return "the level of \(criterion ?? "") (\(componentType?.rawValue ?? ""))"
      }
    }
  }

  /// Whether an `approval.add` event's approval is of this bag: a column of its component on its
  /// platform, or a level of its component type.
  func concerns(_ fields: [String: String]) -> Bool {
    switch fields["kind"] {
    case "verdict":
      return fields["platform"] == platform.rawValue
        && fields["item"].flatMap(ItemKey.init).map { $0.component.description == component } == true
    case "level":
      return ComponentID(component).map { fields["component_type"] == ACRComponentType($0.family).rawValue }
        == true
    default: return false
    }
  }

  /// Whether an approval covers what the bag holds: a verdict's links are the bag's own, live and
  /// of its item; a level's decision is the one the bag's report carries.
  func holds(_ approval: Approval) -> Bool {
    switch approval.kind {
    case .verdict:
      let links = approval.links
      return !links.isEmpty
        && links.allSatisfy { id in self.links.contains { $0.id == id && $0.item == approval.item } }
    case .level:
      return conformance?.decisions.contains {
        $0.criterion == approval.criterion && $0.componentType == approval.componentType
          && $0.at == approval.covers
      } == true
    }
  }

  /// Who approved what behind the bag's conformance report, for its ACR.
  var signOffs: ACRSignOffs {
    var signOffs = ACRSignOffs()
    for approval in approvals ?? [] {
      let signOff = ACRSignOffs.SignOff(
        approver: approval.approver, at: approval.approvedAt, covers: approval.covers)
      switch approval.kind {
      case .verdict:
        guard let item = approval.item.flatMap(ItemKey.init) else { continue }
        signOffs.columns[ACRSignOffs.column(item, platform, approval.assistiveTech)] = signOff
      case .level:
        signOffs.levels["\(approval.criterion ?? "") \(approval.componentType?.rawValue ?? "")"] = signOff
      }
    }
    return signOffs
  }
}
