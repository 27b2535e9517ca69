/// A criteria document's own list of related success criteria ("Further Reading", "Related
/// WCAG") against what the mapping gives its items: the listed criteria no item bears on, and the
/// criteria its items bear on that the list lacks. Hand-made lists are incomplete; the check shows
/// where, and neither side is taken as right.
public struct WCAGCrossCheck: Sendable, Equatable, Encodable {
  public let component: ComponentID
  /// The criteria the document lists, in its order.
  public let listed: [String]
  /// The criteria its items bear on (necessary or related), in WCAG's order.
  public let mapped: [String]
  public var listedNotMapped: [String] { listed.filter { !mapped.contains($0) } }
  public var mappedNotListed: [String] { mapped.filter { !listed.contains($0) } }

  /// The check of a component whose document lists `listed`, its items keyed `items`.
  public init(component: ComponentID, listed: [String], items: [ItemKey], mapping: WCAGMapping) {
    self.component = component
    self.listed = listed
    var mapped: [String] = []
    for key in items {
      for row in mapping.rows(for: key) where row.relation != .none && !mapped.contains(row.criterion) {
        mapped.append(row.criterion)
      }
    }
    self.mapped = mapped.sorted { WCAGMapping.order($0) < WCAGMapping.order($1) }
  }

  private enum CodingKeys: String, CodingKey {
    case component, listed, mapped, listedNotMapped, mappedNotListed
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(component, forKey: .component)
    try container.encode(listed, forKey: .listed)
    try container.encode(mapped, forKey: .mapped)
    try container.encode(listedNotMapped, forKey: .listedNotMapped)
    try container.encode(mappedNotListed, forKey: .mappedNotListed)
  }
}
