/// A criteria item's key, `family/slug#section.name` (`native/checkbox#screenreader.role`): the
/// component it belongs to and its name there. Stable across revisions of the document.
public struct ItemKey: TextIdentity {
  public static let textForm = "family/slug#name"

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
}
