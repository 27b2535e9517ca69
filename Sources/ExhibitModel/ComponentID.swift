/// A component's identifier, `family/slug` (`native/checkbox`): how MagentaA11y names it, and the
/// one name stored, linked and exported. Encoded in JSON as that string.
public struct ComponentID: TextIdentity {
  public static let textForm = "family/slug"

  /// Native app or web page.
  public let family: Family
  /// The component's slug in its family (`checkbox`, `segmented-control`).
  public let slug: String

  /// Creates an identifier from its parts.
  public init(family: Family, slug: String) {
    self.family = family
    self.slug = slug
  }

  /// Parses `family/slug` exactly as stored; nil for anything else (a bare slug, an alias, a
  /// category path). A user's words go through ``Store/resolveComponent(_:)`` instead.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let family = Family(rawValue: String(parts[0])), !parts[1].isEmpty else {
      return nil
    }
    self.init(family: family, slug: String(parts[1]))
  }

  /// Reads a stored `family` and `component` pair.
  /// - Throws: ``LookupError/unknownComponent(_:)`` when the family is not one Exhibit knows.
  init(stored family: String, component: String) throws {
    guard let known = Family(rawValue: family), !component.isEmpty else {
      throw LookupError.unknownComponent("\(family)/\(component)")
    }
    self.init(family: known, slug: component)
  }

  public var description: String { "\(family.rawValue)/\(slug)" }
}
