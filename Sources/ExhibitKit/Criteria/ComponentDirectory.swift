import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Which component a user means: identifiers, bare slugs and aliases resolved to one
/// ``ComponentID``, the same way for every command and the server, on either engine.
package struct ComponentDirectory {
  /// The catalogue's database.
  let connection: any CatalogueSQL

  /// The directory of the catalogue `connection` reaches.
  package init(connection: any CatalogueSQL) {
    self.connection = connection
  }

  /// Resolves what a user typed to `family/slug`.
  ///
  /// Accepts the identifier (`native/segmented-control`), a bare slug only one family has
  /// (`segmented-control`), and any alias: the prose's slug, the file name, the category path
  /// (`native/controls/segmented-control` or `controls/segmented-control`) and names a component
  /// had before it was renamed. An identifier wins over an alias that spells the same.
  /// - Throws: ``LookupError`` listing the choices for a name more than one component has.
  package func resolve(_ typed: String) throws -> ComponentID {
    let name = ComponentName(typed)
    // The identifier, or a bare slug in either family: a few index lookups, not a walk
    // over every recording.
    var matches: Set<String> = []
    if let family = name.family {
      if try isKnown(family, slug: name.rest) { return try name.identifier() }
    } else {
      matches = Set(
        try Family.allCases.filter { try isKnown($0, slug: name.rest) }.map { "\($0.rawValue)/\(name.rest)" })
    }
    // A name with a family, or no identifier, the aliases.
    if matches.isEmpty {
      matches = Set(
        try connection.query(
          """
          SELECT family || '/' || component AS id FROM component_alias
          WHERE alias = ?1 AND (family = ?2 OR ?2 IS NULL)
          """, [name.rest, name.family?.rawValue]
        ).map { try $0.decode("id") as String })
    }
    return try name.choose(from: matches)
  }

  /// Whether criteria or a recording name the component `family/slug`.
  private func isKnown(_ family: Family, slug: String) throws -> Bool {
    try connection.first(
      """
      SELECT EXISTS (SELECT 1 FROM criteria_document WHERE family = ?1 AND component = ?2)
        OR EXISTS (SELECT 1 FROM recording WHERE family = ?1 AND component = ?2) AS known
      """, [family.rawValue, slug])?.decode("known") ?? false
  }

  /// Resolves an item key whose component part may be any name ``resolve(_:)`` takes
  /// (`native/segemented-control-tabs#keyboard.tab` after a rename) to its canonical key's text.
  /// Text without `#` is returned lowercased, for the caller to report as an unknown item.
  /// - Throws: ``LookupError`` for an unknown or ambiguous component.
  func resolveItemKey(_ key: String) throws -> String {
    let lowered = key.lowercased()
    guard let hash = lowered.firstIndex(of: "#") else { return lowered }
    return ItemKey(
      component: try resolve(String(lowered[..<hash])), name: String(lowered[hash...].dropFirst())
    )
    .description
  }

  /// Every component's aliases as `family/alias`, by component.
  func aliases() throws -> [String: [String]] {
    var aliases: [String: [String]] = [:]
    for alias in try connection.fetch(ComponentAliasRow.self, "ORDER BY family, component, alias") {
      aliases[alias.component.description, default: []].append(alias.qualifiedAlias)
    }
    return aliases
  }

  /// The names that once stood for a component: itself and the names it was renamed from.
  func formerNames(of component: ComponentID) throws -> [String] {
    let family = component.family.rawValue
    return [component.description]
      + (try connection.fetch(
        ComponentAliasRow.self, "WHERE family = ? AND component = ? AND source = 'renamed' ORDER BY alias",
        [family, component.slug]
      ).map(\.qualifiedAlias))
  }

  /// Component slugs already imported, to recognise them in documents that name none.
  package func knownComponentSlugs() throws -> [String] {
    try connection.query("SELECT DISTINCT component FROM criteria_document").map {
      try $0.decode("component")
    }
  }

  /// Whether criteria of `component` (`family/slug`) were ever imported.
  /// - Throws: The engine's error.
  func hasCriteria(_ component: String) throws -> Bool {
    try connection.first(
      "SELECT 1 AS found FROM criteria_document WHERE family || '/' || component = ?", [component]) != nil
  }
}
