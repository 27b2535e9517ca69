import ExhibitModel

/// A component's name as a user typed it (`native/segmented-control`, `segmented-control`,
/// `controls/segmented-control`), read the same way for every backend's lookups: lowercased and
/// trimmed, split into a family when it names one and the rest.
///
/// A backend resolves it in three steps, ``ComponentDirectory/resolve(_:)`` on SQLite: the
/// identifier when a family is named and known; else the bare slug in each family; else the
/// aliases (in the named family only, when one is named). Then ``choose(from:)`` decides.
package struct ComponentName: Sendable {
  /// What the user typed, for messages.
  package let typed: String
  /// Lowercased and trimmed.
  package let lowered: String
  /// The family the name starts with (`native/`), if any.
  package let family: Family?
  /// The name after the family, or all of it when it names none.
  package let rest: String

  /// Reads `typed`.
  package init(_ typed: String) {
    self.typed = typed
    lowered = typed.lowercased().trimmingWhitespace
    let parts = lowered.split(separator: "/", maxSplits: 1).map(String.init)
    family = parts.count == 2 ? Family(rawValue: parts[0]) : nil
    rest = family == nil ? lowered : parts[1]
  }

  /// The identifier the name spells (`native/checkbox`), once a backend found it known.
  /// - Throws: ``LookupError/unknownComponent(_:)`` when it is not an identifier.
  package func identifier() throws -> ComponentID {
    try Self.componentID(lowered, typed)
  }

  /// The one component among `matches` (`family/slug` texts).
  /// - Throws: ``LookupError`` for none, or listing the choices for more than one.
  package func choose(from matches: Set<String>) throws -> ComponentID {
    switch matches.count {
    case 1: return try Self.componentID(matches.first ?? "", typed)
    case 0: throw LookupError.unknownComponent(typed)
    default: throw LookupError.ambiguousComponent(typed, choices: matches.sorted())
    }
  }

  /// The identifier `id`, or an unknown-component error naming what the user typed.
  private static func componentID(_ id: String, _ typed: String) throws -> ComponentID {
    guard let component = ComponentID(id) else { throw LookupError.unknownComponent(typed) }
    return component
  }
}
