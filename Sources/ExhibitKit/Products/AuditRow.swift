import ExhibitStorage

/// An `audit` row with its product's name and the audit it retests, as every audit query reads it.
struct AuditRow: Sendable {
  static let select = """
    SELECT a.id, p.name AS product, a.release, a.name, a.from_audit_id, a.scope, a.platforms,
      p.platforms AS product_platforms, a.opened_at, a.opened_by, a.closed_at, a.closed_by,
      fp.name AS from_product, f.release AS from_release, f.closed_at AS from_closed_at
    FROM audit a JOIN product p ON p.id = a.product_id
      LEFT JOIN audit f ON f.id = a.from_audit_id LEFT JOIN product fp ON fp.id = f.product_id
    """

  let audit: Audit

  init(row: Row) throws {
    let own = try row.decode("platforms") as String
    let product = try row.decode("product_platforms") as String
    let platforms =
      (try? ProductPlatform.list(own.isEmpty ? product : own).get()).flatMap { $0.isEmpty ? nil : $0 }
      ?? ProductPlatform.allCases
    let fromID: Int64? = try row.decode("from_audit_id")
    let from = try fromID.map { id in
      AuditIdentity(
        id: id, product: try row.decode("from_product"), release: try row.decode("from_release"),
        state: (try row.decode("from_closed_at") as String?) == nil ? .open : .closed)
    }
    let closedAt: String? = try row.decode("closed_at")
    let scope: String = try row.decode("scope")
    audit = Audit(
      id: try row.decode("id"), product: try row.decode("product"), release: try row.decode("release"),
      name: try row.decode("name"), state: closedAt == nil ? .open : .closed, from: from,
      scope: scope.split(separator: ",").map(String.init), platforms: platforms,
      openedAt: try row.decode("opened_at"), openedBy: try row.decode("opened_by"), closedAt: closedAt,
      closedBy: try row.decode("closed_by"))
  }

  /// Audits matching an SQL condition over `a` (audit) and `p` (product), oldest first.
  static func fetch(
    _ connection: any RowQuerying, where condition: String = "1 = 1", _ values: [any SQLBindable] = []
  )
    throws -> [Audit]
  {
    try connection.query("\(select) WHERE \(condition) ORDER BY a.id", values).map { row in
      try RowDecodingError.reading("audit") { try AuditRow(row: row).audit }
    }
  }
}
