/// A stored criteria item with its key.
public struct StoredCriteriaItem: Sendable, Equatable, Codable {
  public let key: ItemKey
  public let section: CriteriaSection
  public let label: String
  public let expectation: String
  public let platforms: [Platform]
  public let notApplicable: Bool
  /// Side sentences of the item that scope nothing ("Known issue: …"), in order.
  public var notes: [String] = []
}
