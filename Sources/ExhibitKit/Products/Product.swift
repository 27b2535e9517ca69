/// An app or a site that is audited, release after release.
public struct Product: Sendable, Equatable, Encodable {
  public let id: Int64
  public let name: String
  /// Where it ships; empty when its owner did not say (every platform then).
  public let platforms: [ProductPlatform]
  /// Its address or bundle id, when given.
  public let url: String?
  public let createdAt: String
  /// Its audits, oldest first, as ``AuditIdentity`` names them.
  public var audits: [AuditIdentity] = []

  private enum CodingKeys: String, CodingKey {
    case id, name, platforms, url
    case createdAt = "created_at"
    case audits
  }
}
