/// An audit as other documents name it: `{"id", "product", "release", "state"}`.
public struct AuditIdentity: Sendable, Equatable, Hashable, Codable {
  public let id: Int64
  public let product: String
  public let release: String
  public let state: AuditState

  public init(id: Int64, product: String, release: String, state: AuditState) {
    self.id = id
    self.product = product
    self.release = release
    self.state = state
  }

  /// How a user types it when it is unique: `PRODUCT@RELEASE`.
  public var handle: String { "\(product)@\(release)" }
}
