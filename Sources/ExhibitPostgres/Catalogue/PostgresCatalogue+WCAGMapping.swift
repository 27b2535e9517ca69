import ExhibitKit
import ExhibitModel
import PostgresNIO

// A workspace's own rows of the WCAG mapping on PostgreSQL: checked by WCAGOverrideRules as on
// SQLite, each stored with its audit event in one transaction.

extension PostgresCatalogue {
  /// Exhibit's reviewed rows with the workspace's own laid over them.
  /// - Throws: `PostgresStoreError` or `RowDecodingError`.
  public func wcagMapping() async throws -> WCAGMapping {
    let rows = try await store.execute(
      "SELECT item_key, criterion, relation, reason, actor, created_at FROM wcag_override ORDER BY id")
    let overrides = try rows.compactMap { row -> WCAGMappingRow? in
      let (key, criterion, relation, reason, actor, createdAt) = try row.decode(
        (String, String, String, String, String, String).self)
      guard let key = ItemKey(key), let relation = WCAGRelation(rawValue: relation) else { return nil }
      return WCAGMappingRow(
        selector: .item(key), criterion: criterion, relation: relation, rationale: reason, decidedBy: actor,
        decidedAt: createdAt)
    }
    return WCAGMapping.defaults.with(overrides: overrides)
  }

  /// Each current document's own list of related criteria, in the document's order, against the
  /// mapping (`ConformanceOperations.wcagCrossCheck(component:)`, as on SQLite).
  /// - Throws: `LookupError`, `PostgresStoreError` or `RowDecodingError`.
  public func wcagCrossCheck(component name: String?) async throws -> [WCAGCrossCheck] {
    try await withCatalogueSQL { sql in try ConformanceOperations(sql: sql).wcagCrossCheck(component: name) }
  }

  /// Maps a current criteria item to a success criterion for this workspace; audited.
  /// - Throws: `ConformanceError`, `EvidenceError`, `LookupError` or `PostgresStoreError`.
  @discardableResult
  public func mapWCAG(item: String, criterion: String, relation: WCAGRelation, reason: String, actor: String)
    async throws -> WCAGMappingRow
  {
    let reason = try WCAGOverrideRules.checkedReason(criterion: criterion, reason: reason)
    let key = try await currentItem(item)
    return try await store.transaction { connection in
      let event = try await store.appendAuditEvent(
        WCAGOverrideRules.entry(key, criterion: criterion, relation: relation, reason: reason, actor: actor),
        on: connection)
      try await connection.query(
        """
        INSERT INTO wcag_override (item_key, criterion, relation, reason, actor, created_at)
        VALUES (\(key.description), \(criterion), \(relation.rawValue), \(reason), \(actor), \(event.at))
        """, logger: logger)
      return WCAGMappingRow(
        selector: .item(key), criterion: criterion, relation: relation, rationale: reason, decidedBy: actor,
        decidedAt: event.at)
    }
  }

  /// The key of a current criteria item, as typed (the component by any name it goes by).
  /// - Throws: `EvidenceError.unknownItem` or `LookupError`.
  func currentItem(_ text: String) async throws -> ItemKey {
    let lowered = text.lowercased()
    guard let hash = lowered.firstIndex(of: "#") else { throw EvidenceError.unknownItem(text) }
    let component = try await resolveComponent(String(lowered[..<hash]))
    let key = ItemKey(component: component, name: String(lowered[hash...].dropFirst()))
    let items = try await componentCriteria(component, platform: nil).items
    guard items.contains(where: { $0.key == key }) else { throw EvidenceError.unknownItem(text) }
    return key
  }
}
