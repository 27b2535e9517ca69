import ExhibitSQLite
import ExhibitStorage
import Foundation

/// What the audit trail records of the tables around the links, replayed event by event:
/// products (`product.create`), audits with their product, release, name, source audit, scope and
/// platforms (`audit.create`, `audit.rename`, `audit.scope`), what each closed audit was read
/// against (`audit.close`), the workspace's WCAG mapping rows (`wcag.map`), decided levels
/// (`acr.set`) and the report's author (`acr.author`). Compared with the tables, it names every
/// row changed, inserted or deleted behind the trail's back, as ``EvidenceReplay`` does for links.
struct RegistryReplay {
  /// A product as its event records it.
  struct Product: Equatable {
    var name: String?
    var platforms: String?
    var url: String?
  }

  /// An audit as its events record it.
  struct Audit: Equatable {
    var product: String?
    var release: String?
    var name: String?
    var from: String?
    var scope: String?
    var platforms: String?
  }

  /// One event's fields that a row must carry, in the order the events came.
  typealias Fields = [String: String?]

  var products: [Int64: Product] = [:]
  var audits: [Int64: Audit] = [:]
  /// Each closed audit's record digest (``ClosedAuditRecord/digest(_:)``), where its close kept one.
  var closeRecords: [Int64: String] = [:]
  var mappings: [Fields] = []
  var decisions: [Fields] = []
  var author: Fields?

  /// Takes one event of the trail, oldest first.
  mutating func replay(action: String, subject: String, actor: String, at: String, after: [String: String]) {
    let id = subject.split(separator: ":", maxSplits: 1).last.flatMap { Int64($0) }
    switch action {
    case "product.create":
      guard let id, subject.hasPrefix("product:") else { return }
      products[id] = Product(name: after["name"], platforms: after["platforms"] ?? "", url: after["url"])
    case "audit.create":
      guard let id, subject.hasPrefix("audit:") else { return }
      let product = after["product"]
      let release = after["release"]
      audits[id] = Audit(
        product: product, release: release,
        name: after["name"] ?? "\(product ?? "") \(release ?? "")",
        from: after["from"], scope: after["scope"] ?? "", platforms: after["platforms"] ?? "")
    case "audit.rename":
      guard let id, subject.hasPrefix("audit:") else { return }
      audits[id]?.product = after["product"]
      audits[id]?.release = after["release"]
      audits[id]?.name = after["name"]
    case "audit.scope":
      guard let id, subject.hasPrefix("audit:") else { return }
      audits[id]?.scope = after["scope"] ?? ""
      audits[id]?.platforms = after["platforms"] ?? ""
    case "audit.close":
      guard let id, subject.hasPrefix("audit:"), let record = after["record"] else { return }
      closeRecords[id] = record
    case "wcag.map":
      mappings.append([
        "item_key": after["item"], "criterion": after["criterion"], "relation": after["relation"],
        "reason": after["reason"], "actor": actor, "created_at": at,
      ])
    case "acr.set":
      decisions.append([
        "audit_id": after["audit"], "criterion": after["criterion"],
        "component_type": after["component_type"],
        "level": after["level"], "remarks": after["remarks"], "actor": actor, "created_at": at,
      ])
    case "acr.author":
      author = ["value": after["author"], "actor": actor, "set_at": at]
    default:
      return
    }
  }

  // Long: one walk per table, each a few lines comparing its rows with what the trail replayed.
  /// Every row of these tables that disagrees with the replayed trail.
  func disagreements(in connection: any CatalogueSQL) throws -> [AuditChainReport.Problem] {
    var found: [AuditChainReport.Problem] = []
    func problem(_ path: String, _ text: String) { found.append(.init(path: path, problem: text)) }

    // Every table's rows at once: on a database server, one wait rather than one a table.
    let overrideColumns = ["item_key", "criterion", "relation", "reason", "actor", "created_at"]
    let decisionColumns = [
      "audit_id", "criterion", "component_type", "level", "remarks", "actor", "created_at",
    ]
    let tables = try connection.queries([
      SQLQuery("SELECT id, name, platforms, url FROM product ORDER BY id"),
      SQLQuery(
        """
        SELECT a.id, p.name AS product, a.release, a.name, a.from_audit_id, a.scope, a.platforms
        FROM audit a LEFT JOIN product p ON p.id = a.product_id ORDER BY a.id
        """),
      Self.appendOnlyRows(of: "wcag_override", columns: overrideColumns),
      Self.appendOnlyRows(of: "acr_decision", columns: decisionColumns),
      SQLQuery("SELECT value, actor, set_at FROM conformance_setting WHERE name = 'author'"),
    ])

    var seenProducts = Set<Int64>()
    for row in tables[0] {
      let id = row.int64("id") ?? 0
      seenProducts.insert(id)
      guard let recorded = products[id] else {
        problem(
          "product:\(id)",
          "no product.create event records this product: it was inserted behind the audit trail")
        continue
      }
      let differences = Self.differences([
        ("name", row.string("name"), recorded.name),
        ("platforms", row.string("platforms"), recorded.platforms),
        ("url", row.string("url"), recorded.url),
      ])
      if !differences.isEmpty { problem("product:\(id)", differences) }
    }
    for id in Set(products.keys).subtracting(seenProducts).sorted() {
      problem("product:\(id)", "the audit trail records this product, but its row is gone")
    }

    for row in tables[1] {
      let id = row.int64("id") ?? 0
      // An audit with no audit.create event is named by EvidenceReplay.
      guard let recorded = audits[id] else { continue }
      let differences = Self.differences([
        ("product", row.string("product"), recorded.product),
        ("release", row.string("release"), recorded.release),
        ("name", row.string("name"), recorded.name),
        ("source audit", row.int64("from_audit_id").map(String.init), recorded.from),
        ("scope", row.string("scope"), recorded.scope),
        ("platforms", row.string("platforms"), recorded.platforms),
      ])
      if !differences.isEmpty { problem("audit:\(id)", differences) }
    }

    for (audit, recorded) in closeRecords.sorted(by: { $0.key < $1.key }) {
      let stored = try ClosedAuditRecord.digest(audit, in: connection)
      if stored != recorded {
        problem(
          "closed_audit:\(audit)",
          "what audit \(audit) was read against (its criteria revisions, its recordings' attribution, its "
            + "WCAG mapping) is not what its audit.close event records")
      }
    }

    compare(
      table: "wcag_override", rows: tables[2], recorded: mappings, event: "wcag.map",
      columns: overrideColumns,
      problem: problem)
    compare(
      table: "acr_decision", rows: tables[3], recorded: decisions, event: "acr.set", columns: decisionColumns,
      problem: problem)

    switch (tables[4].first, author) {
    case (nil, nil): break
    case (nil, .some):
      problem(
        "conformance_setting:author", "the audit trail records the report's author, but its row is gone")
    case (.some, nil):
      problem(
        "conformance_setting:author",
        "no acr.author event records the report's author: it was set behind the audit trail")
    case (.some(let row), .some(let recorded)):
      let differences = Self.differences(
        ["value", "actor", "set_at"].map { ($0, row.string($0), recorded[$0] ?? nil) })
      if !differences.isEmpty { problem("conformance_setting:author", differences) }
    }
    return found
  }

  /// The rows of an append-only table, in the order they were written, with the columns given.
  private static func appendOnlyRows(of table: String, columns: [String]) -> SQLQuery {
    SQLQuery("SELECT id, \(columns.joined(separator: ", ")) FROM \(table) ORDER BY id")
  }

  /// Rows of an append-only table (``appendOnlyRows(of:columns:)``) against the events that
  /// wrote them, one each, in order.
  private func compare(
    table: String, rows: [Row], recorded: [Fields], event: String, columns: [String],
    problem: (String, String) -> Void
  ) {
    for (index, row) in rows.enumerated() {
      let shown = "\(table):\(row.int64("id") ?? 0)"
      guard index < recorded.count else {
        problem(shown, "no \(event) event records this row: it was inserted behind the audit trail")
        continue
      }
      let differences = Self.differences(
        columns.map { column in
          (
            column.replacingOccurrences(of: "_", with: " "),
            row.string(column) ?? row.int64(column).map(String.init),
            recorded[index][column] ?? nil
          )
        })
      if !differences.isEmpty { problem(shown, differences) }
    }
    if rows.count < recorded.count {
      problem(table, "the audit trail records \(recorded.count) rows (\(event)), but \(rows.count) are left")
    }
  }

  /// `name stored, the audit trail records recorded` for each pair that differs, joined.
  private static func differences(_ pairs: [(String, String?, String?)]) -> String {
    pairs.compactMap { name, stored, recorded in
      stored == recorded ? nil : "\(name) \(stored ?? "none"), the audit trail records \(recorded ?? "none")"
    }.joined(separator: "; ")
  }
}
