/// A criteria item's key, `family/slug#section.name` (`native/checkbox#screenreader.role`): the
/// component it belongs to and its name there. Stable across revisions of the document.
public struct ItemKey: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
  /// The component.
  public let component: ComponentID
  /// The part after `#`, e.g. `screenreader.role`.
  public let name: String

  /// Creates a key from its parts.
  public init(component: ComponentID, name: String) {
    self.component = component
    self.name = name
  }

  /// Parses a stored key exactly; nil when it is not `family/slug#name`.
  public init?(_ text: String) {
    guard let hash = text.firstIndex(of: "#"), let component = ComponentID(String(text[..<hash])) else {
      return nil
    }
    let name = String(text[text.index(after: hash)...])
    guard !name.isEmpty else { return nil }
    self.init(component: component, name: name)
  }

  public var description: String { "\(component)#\(name)" }

  public static func < (lhs: ItemKey, rhs: ItemKey) -> Bool { lhs.description < rhs.description }
}

extension ItemKey: Codable {
  /// Reads the key's text, `family/slug#name`.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let key = ItemKey(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not family/slug#name"))
    }
    self = key
  }

  /// Writes the key's text, as JSON has always carried it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension ItemKey: ExpressibleByStringLiteral {
  /// A key written in code, `"native/checkbox#screenreader.role"`; a literal that is not
  /// `family/slug#name` is a programming error. A user's words go through
  /// ``Store/resolveItemKey(_:)``.
  public init(stringLiteral text: String) {
    guard let key = ItemKey(text) else { preconditionFailure("\(text) is not family/slug#name") }
    self = key
  }
}
