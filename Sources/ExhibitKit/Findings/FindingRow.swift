import ExhibitModel
import ExhibitStorage

/// A `finding` row as it is stored, with its columns: what the ledger writes and every event of
/// it records whole, so `verify` can replay the table from the trail.
struct FindingRow: Equatable, Sendable {
  let id: Int64
  let product: Int64
  let audit: Int64
  var title: String
  var severity: FindingSeverity
  var status: FindingStatus
  var statusRound: Int64
  var statusBy: String
  var reason: String
  var mergedInto: Int64?
  var tracker: FindingTracker?
  let createdAt: String
  var updatedAt: String
  /// Its columns, in the order they joined it.
  var columns: [FindingColumn]

  /// The select list of a `finding` row.
  static let select = """
    SELECT id, product_id, audit_id, title, severity, status, status_round, status_by, reason, merged_into,
    tracker_kind, tracker_key, tracker_url, created_at, updated_at FROM finding
    """

  /// Reads a row of ``select``; its columns are added by the caller.
  init(row: Row) throws {
    id = try row.decode("id")
    product = try row.decode("product_id")
    audit = try row.decode("audit_id")
    title = try row.decode("title")
    let severityName: String = try row.decode("severity")
    let statusName: String = try row.decode("status")
    guard let severity = FindingSeverity(rawValue: severityName),
      let status = FindingStatus(rawValue: statusName)
    else {
      throw RowDecodingError(
        table: "finding", column: "severity",
        problem: "severity \(severityName) or status \(statusName) is unknown")
    }
    self.severity = severity
    self.status = status
    statusRound = try row.decode("status_round")
    statusBy = try row.decode("status_by")
    reason = try row.decode("reason")
    mergedInto = try row.decode("merged_into")
    let kind: String? = try row.decode("tracker_kind")
    let key: String? = try row.decode("tracker_key")
    let url: String? = try row.decode("tracker_url")
    if let kind, let key { tracker = FindingTracker(kind: kind, key: key, url: url ?? "") }
    createdAt = try row.decode("created_at")
    updatedAt = try row.decode("updated_at")
    columns = []
  }

  /// A new row.
  init(
    id: Int64, product: Int64, audit: Int64, title: String, severity: FindingSeverity, statusBy: String,
    at: String, column: FindingColumn
  ) {
    self.id = id
    self.product = product
    self.audit = audit
    self.title = title
    self.severity = severity
    status = .open
    statusRound = audit
    self.statusBy = statusBy
    reason = ""
    createdAt = at
    updatedAt = at
    columns = [column]
  }

  /// What an event records of the row after it: every stored field, and the item of its first
  /// column (so `history` of the item and its component finds the event).
  var recorded: [String: String?] {
    [
      "finding": Finding.reference(id), "product": String(product), "audit": String(audit), "title": title,
      "severity": severity.rawValue, "status": status.rawValue, "status_round": String(statusRound),
      "status_by": statusBy, "reason": reason, "merged_into": mergedInto.map(String.init),
      "tracker_kind": tracker?.kind, "tracker_key": tracker?.key, "tracker_url": tracker?.url,
      "created_at": createdAt, "item": columns.first?.item.description,
      "columns": columns.map(\.description).joined(separator: " "),
    ]
  }
}
