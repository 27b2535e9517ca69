import ExhibitStorage

/// The rows a replay compares with the audit trail: the whole workspace, or one component's
/// (its criteria documents and their items, the recordings attributed to it or linked to its
/// items, their caption tracks, and the links to its items), which is what a bundle of it holds.
/// Each filter is an SQL condition with its parameters, for the alias the query gives the table.
/// Accounts are always compared: a role decides who may judge, and there are few of them.
struct ReplayScope {
  /// The component, nil for the whole workspace.
  let component: ComponentID?

  static let workspace = ReplayScope(component: nil)

  /// A condition on `criteria_document` aliased `d`.
  var documents: (sql: String, values: [any SQLBindable]) {
    guard let component else { return ("1 = 1", []) }
    return ("d.family = ? AND d.component = ?", [component.family.rawValue, component.slug])
  }

  /// A condition on `recording` aliased `r`.
  var recordings: (sql: String, values: [any SQLBindable]) {
    guard let component else { return ("1 = 1", []) }
    let values: [any SQLBindable] = [component.family.rawValue, component.slug]
    return (
      """
      (r.family = ? AND r.component = ?) OR r.id IN (SELECT l.recording_id FROM evidence_link l
        JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
        WHERE d.family = ? AND d.component = ?)
      """, values + values
    )
  }

  /// A condition on `criteria_item` aliased `i` (and so on the links to it).
  var items: (sql: String, values: [any SQLBindable]) {
    guard let component else { return ("1 = 1", []) }
    return (
      "i.document_id IN (SELECT id FROM criteria_document WHERE family = ? AND component = ?)",
      [component.family.rawValue, component.slug]
    )
  }

  /// Whether a full item key or document key (`native/checkbox#…`, `native/checkbox|…`) is in scope.
  func contains(key: String) -> Bool {
    guard let component else { return true }
    let name = component.description
    return key.hasPrefix(name + "#") || key.hasPrefix(name + "|")
  }

}
