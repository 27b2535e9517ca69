import ExhibitModel
import ExhibitStorage

/// What one round (audit) of a product says of the columns findings rest on: each column's cell of
/// the coverage matrix (``CoverageQuery``, the one rule every surface reads), with the criteria it
/// was read against.
struct FindingRound {
  /// The audit.
  let audit: Audit
  /// Each column's cell, for the components read.
  private(set) var cells: [FindingColumn: Coverage.Cell] = [:]
  /// Each component's criteria as the round reads them.
  private(set) var criteria: [ComponentID: ComponentCriteria] = [:]

  /// Reads `components` of `audit`; a component whose criteria are gone is left out.
  /// - Throws: The backend's error or ``RowDecodingError``.
  init(audit: Audit, components: Set<ComponentID>, sql: any CatalogueSQL) throws {
    self.audit = audit
    let query = CoverageQuery(connection: sql)
    for component in components.sorted(by: { $0.description < $1.description }) {
      guard let read = try? query.read(component, audit: audit.id) else { continue }
      criteria[component] = read.criteria
      for item in read.coverage.items {
        for cell in item.cells {
          cells[FindingColumn(item: item.key, platform: cell.platform, assistiveTech: cell.assistiveTech)] =
            cell
        }
      }
    }
  }

  /// The components with any link (retracted ones too) in `audit`.
  /// - Throws: The backend's error.
  static func linkedComponents(audit: Int64, sql: any CatalogueSQL) throws -> Set<ComponentID> {
    Set(
      try sql.query(
        """
        SELECT DISTINCT d.family, d.component FROM evidence_link l
        JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
        WHERE l.audit_id = ?
        """, [audit]
      ).compactMap { row in
        ComponentID("\(try row.decode("family") as String)/\(try row.decode("component") as String)")
      })
  }

  /// The item a column's criteria hold, when the round reads its component.
  func item(_ column: FindingColumn) -> StoredCriteriaItem? {
    criteria[column.item.component]?.items.first { $0.key == column.item }
  }

  /// What the round says of `columns` (``FindingRules/outcome(_:)``).
  func outcome(of columns: [FindingColumn]) -> FindingRules.Outcome {
    FindingRules.outcome(columns.map { cells[$0] })
  }
}
