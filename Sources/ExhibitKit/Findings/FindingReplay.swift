import ExhibitModel
import ExhibitStorage

/// What the audit trail records of findings, replayed event by event (`finding.open`,
/// `finding.status`, `finding.set`, `finding.merge`, `finding.file`, each recording the row whole):
/// compared with the `finding` and `finding_column` tables, it names every row changed, inserted or
/// deleted behind the trail's back, as ``EvidenceReplay`` does for links.
struct FindingReplay {
  /// Each finding's fields as its latest event records them, with the event's time.
  private var recorded: [Int64: [String: String]] = [:]

  /// The fields a row is compared on, as the events name them.
  private static let fields = [
    "product", "audit", "title", "severity", "status", "status_round", "status_by", "reason", "merged_into",
    "tracker_kind", "tracker_key", "tracker_url", "created_at", "updated_at", "columns",
  ]

  /// Replays the finding events of `sql`'s trail, oldest first.
  /// - Throws: The backend's error.
  init(_ sql: any CatalogueSQL) throws {
    for row in try sql.query(
      "SELECT at, subject, after FROM audit_event WHERE action LIKE 'finding.%' ORDER BY id")
    {
      let subject = row.string("subject") ?? ""
      guard subject.hasPrefix("finding:"), let id = Int64(subject.dropFirst("finding:".count)) else {
        continue
      }
      var fields = AuditJSON.fields(row.string("after"))
      fields["updated_at"] = row.string("at") ?? ""
      recorded[id] = fields
    }
  }

  /// Every finding row (and its columns) that disagrees with the replayed trail.
  /// - Throws: The backend's error.
  func disagreements(in sql: any CatalogueSQL) throws -> [AuditChainReport.Problem] {
    var problems: [AuditChainReport.Problem] = []
    let rows = try FindingLedger(connection: sql).rows()
    for row in rows {
      let path = "finding:\(row.id)"
      guard let recorded = recorded[row.id] else {
        problems.append(
          .init(
            path: path, problem: "no finding.open event records it: it was inserted behind the audit trail"))
        continue
      }
      let stored = Self.stored(row)
      let differences = Self.fields.compactMap { field -> String? in
        let have = Self.normalized(field, stored[field] ?? "")
        let want = Self.normalized(field, recorded[field] ?? "")
        return have == want
          ? nil
          : "\(field.replacingOccurrences(of: "_", with: " ")) \(have.isEmpty ? "none" : have), "
            + "the audit trail records \(want.isEmpty ? "none" : want)"
      }
      if !differences.isEmpty {
        problems.append(.init(path: path, problem: differences.joined(separator: "; ")))
      }
    }
    let present = Set(rows.map(\.id))
    for id in recorded.keys.sorted() where !present.contains(id) {
      problems.append(
        .init(path: "finding:\(id)", problem: "the audit trail records this finding, but its row is gone"))
    }
    return problems
  }

  /// A field as compared: a finding's columns in any order (a merge appends the moved ones).
  private static func normalized(_ field: String, _ value: String) -> String {
    field == "columns" ? value.split(separator: " ").sorted().joined(separator: " ") : value
  }

  /// A stored row's fields as an event writes them.
  private static func stored(_ row: FindingRow) -> [String: String] {
    var fields = row.recorded.compactMapValues { $0 }
    fields["updated_at"] = row.updatedAt
    return fields
  }
}
