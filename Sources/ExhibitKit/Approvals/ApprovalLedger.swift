import ExhibitStorage
import Foundation

/// Stores approvals and their voids, each with its audit event (`approval.add`, `approval.void`)
/// in the caller's transaction, and replays those events against the table for `verify`.
struct ApprovalLedger {
  let connection: any CatalogueSQL

  /// What an approval records before it is stored.
  struct Request {
    let audit: Int64
    let kind: Approval.Kind
    var item: String? = nil
    var platform: Platform? = nil
    var assistiveTech: String? = nil
    var criterion: String? = nil
    var componentType: ACRComponentType? = nil
    let covers: String
    let approver: String

    /// The fields its `approval.add` event records.
    var recorded: [String: String?] {
      [
        "audit": String(audit), "kind": kind.rawValue, "item": item, "platform": platform?.rawValue,
        "assistive_tech": assistiveTech, "criterion": criterion, "component_type": componentType?.rawValue,
        "covers": covers, "approver": approver,
      ]
    }
  }

  /// Stores an approval with its `approval.add` event.
  /// - Throws: The backend's error; nothing is stored then.
  func add(_ request: Request) throws -> Approval {
    let now = Date()
    let at = Timestamp.string(now)
    let id = try connection.insertReturningID(
      """
      INSERT INTO approval (audit_id, kind, item_key, platform, assistive_tech, criterion, component_type,
        covers, approver, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        request.audit, request.kind.rawValue, request.item, request.platform?.rawValue, request.assistiveTech,
        request.criterion, request.componentType?.rawValue, request.covers, request.approver, at,
      ])
    _ = try connection.appendAuditEvent(
      AuditEntry(
        actor: request.approver, action: "approval.add", subject: "approval:\(id)",
        after: AuditJSON.object(request.recorded), at: now))
    return Approval(
      id: id, audit: request.audit, kind: request.kind, item: request.item, platform: request.platform,
      assistiveTech: request.assistiveTech, criterion: request.criterion,
      componentType: request.componentType,
      covers: request.covers, approver: request.approver, approvedAt: at, voidedAt: nil, voidedBy: nil)
  }

  /// Voids `approval` because of `change` (what changed, in words), with its `approval.void` event.
  /// - Throws: The backend's error.
  func void(_ approval: Approval, because change: String, actor: String) throws {
    let event = try connection.appendAuditEvent(
      AuditEntry(
        actor: actor, action: "approval.void", subject: "approval:\(approval.id)",
        after: AuditJSON.object(["approval": String(approval.id), "change": change])))
    try connection.execute(
      "UPDATE approval SET voided_at = ?, voided_by = ? WHERE id = ?", [event.at, change, approval.id])
  }

  /// The approvals of `audit` (every audit's when nil), oldest first; those standing only when
  /// `standing`.
  /// - Throws: The backend's error or ``RowDecodingError``.
  func approvals(audit: Int64?, standing: Bool = false) throws -> [Approval] {
    try connection.query(
      """
      SELECT id, audit_id, kind, item_key, platform, assistive_tech, criterion, component_type, covers,
        approver, created_at, voided_at, voided_by
      FROM approval WHERE (audit_id = ?1 OR ?1 IS NULL) AND (voided_at IS NULL OR ?2 = 0) ORDER BY id
      """, [audit, standing ? 1 : 0]
    ).map { row in
      Approval(
        id: try row.decode("id"), audit: try row.decode("audit_id"),
        kind: Approval.Kind(rawValue: row.string("kind") ?? "") ?? .verdict, item: row.string("item_key"),
        platform: row.string("platform").flatMap(Platform.init(rawValue:)),
        assistiveTech: row.string("assistive_tech"), criterion: row.string("criterion"),
        componentType: row.string("component_type").flatMap(ACRComponentType.init(rawValue:)),
        covers: row.string("covers") ?? "", approver: row.string("approver") ?? "",
        approvedAt: row.string("created_at") ?? "", voidedAt: row.string("voided_at"),
        voidedBy: row.string("voided_by"))
    }
  }

  /// Every approval row that disagrees with the `approval.*` events of the trail: one added or
  /// voided behind it, one whose fields differ from what its event recorded, one the trail records
  /// that is gone.
  /// - Throws: The backend's error.
  func disagreements() throws -> [AuditChainReport.Problem] {
    var added: [Int64: (fields: [String: String], actor: String, at: String)] = [:]
    var voided: [Int64: String] = [:]
    for row in try connection.query(
      "SELECT at, actor, action, subject, after FROM audit_event WHERE action LIKE 'approval.%' ORDER BY id")
    {
      guard let id = row.string("subject").flatMap({ Int64($0.dropFirst("approval:".count)) }) else {
        continue
      }
      let fields = AuditJSON.fields(row.string("after"))
      switch row.string("action") {
      case "approval.add": added[id] = (fields, row.string("actor") ?? "", row.string("at") ?? "")
      case "approval.void": voided[id] = fields["change"] ?? ""
      default: continue
      }
    }
    var problems: [AuditChainReport.Problem] = []
    let approvals = try self.approvals(audit: nil)
    for approval in approvals {
      let path = "approval:\(approval.id)"
      guard let event = added[approval.id] else {
        problems.append(
          .init(path: path, problem: "no approval.add event records it: it was added behind the audit trail"))
        continue
      }
      let recorded = Request(
        audit: approval.audit, kind: approval.kind, item: approval.item, platform: approval.platform,
        assistiveTech: approval.assistiveTech, criterion: approval.criterion,
        componentType: approval.componentType,
        covers: approval.covers, approver: approval.approver
      ).recorded.compactMapValues { $0 }
      if recorded != event.fields || event.actor != approval.approver || event.at != approval.approvedAt {
        problems.append(
          .init(path: path, problem: "what it approves, or who, differs from its approval.add event"))
      }
      if (voided[approval.id] != nil) != !approval.stands
        || voided[approval.id].map({ $0 != approval.voidedBy }) == true
      {
        problems.append(
          .init(
            path: path,
            problem: approval.stands
              ? "the audit trail voided it, but its row stands"
              : "its row is voided without the approval.void event that says so"))
      }
    }
    let stored = Set(approvals.map(\.id))
    for id in added.keys.sorted() where !stored.contains(id) {
      problems.append(
        .init(path: "approval:\(id)", problem: "the audit trail records this approval, but its row is gone"))
    }
    return problems
  }
}
