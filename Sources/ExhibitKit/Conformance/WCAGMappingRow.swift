/// One row of the mapping from criteria items to WCAG: which items (a label rule such as every
/// `screenreader.role` item, one family's, or one item by its key), which success criterion, how,
/// and why. A workspace's own rows (`exhibit wcag map`) name who decided them.
public struct WCAGMappingRow: Sendable, Equatable, Encodable {
  /// Which items a row speaks for.
  public enum Selector: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Every item with this label (`screenreader.role`), in one family or in both.
    case label(String, family: Family?)
    /// One item.
    case item(ItemKey)

    /// `screenreader.role`, `web:settings.text-resize` or `native/checkbox#screenreader.name`.
    public init?(_ text: String) {
      if text.contains("#") {
        guard let key = ItemKey(text) else { return nil }
        self = .item(key)
      } else if let colon = text.firstIndex(of: ":") {
        guard let family = Family(rawValue: String(text[..<colon])) else { return nil }
        self = .label(String(text[text.index(after: colon)...]), family: family)
      } else {
        guard !text.isEmpty, !text.contains(" ") else { return nil }
        self = .label(text, family: nil)
      }
    }

    public var description: String {
      switch self {
      case .label(let label, let family): family.map { "\($0.rawValue):\(label)" } ?? label
      case .item(let key): key.description
      }
    }

    /// Whether the item keyed `key` is one this selector names.
    public func matches(_ key: ItemKey) -> Bool {
      switch self {
      case .item(let item): item == key
      case .label(let label, let family):
        key.name == label && (family == nil || family == key.component.family)
      }
    }
  }

  public let selector: Selector
  /// The success criterion's number (`4.1.2`).
  public let criterion: String
  public let relation: WCAGRelation
  /// Why, in a line.
  public let rationale: String
  /// Who set a workspace's own row, and when; nil for Exhibit's default rows.
  public var decidedBy: String?
  public var decidedAt: String?

  public init(
    selector: Selector, criterion: String, relation: WCAGRelation, rationale: String,
    decidedBy: String? = nil, decidedAt: String? = nil
  ) {
    self.selector = selector
    self.criterion = criterion
    self.relation = relation
    self.rationale = rationale
    self.decidedBy = decidedBy
    self.decidedAt = decidedAt
  }

  private enum CodingKeys: String, CodingKey {
    case selector, criterion, handle, level, relation, rationale, decidedBy, decidedAt
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(selector.description, forKey: .selector)
    try container.encode(criterion, forKey: .criterion)
    let known = WCAG22.criterion(criterion)
    try container.encodeIfPresent(known?.handle, forKey: .handle)
    try container.encodeIfPresent(known?.level?.rawValue, forKey: .level)
    try container.encode(relation, forKey: .relation)
    try container.encode(rationale, forKey: .rationale)
    try container.encodeIfPresent(decidedBy, forKey: .decidedBy)
    try container.encodeIfPresent(decidedAt, forKey: .decidedAt)
  }
}
