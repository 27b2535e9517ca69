/// A component's identifier, `family/slug` (`native/checkbox`): how MagentaA11y names it, and the
/// one name stored, linked and exported. Encoded in JSON as that string.
public struct ComponentID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
  LosslessStringConvertible
{
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

  public static func < (lhs: ComponentID, rhs: ComponentID) -> Bool { lhs.description < rhs.description }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = ComponentID(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not family/slug"))
    }
    self = id
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension ComponentID: ExpressibleByStringLiteral {
  /// An identifier written in code, `"native/checkbox"`; a literal that is not `family/slug` is a
  /// programming error. A user's words go through ``Store/resolveComponent(_:)``.
  public init(stringLiteral text: String) {
    guard let id = ComponentID(text) else { preconditionFailure("\(text) is not family/slug") }
    self = id
  }
}
