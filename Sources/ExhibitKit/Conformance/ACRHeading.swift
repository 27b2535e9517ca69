/// What a conformance report says of the audit it reports: the product, the release, the audit
/// and its state. From a workspace's audit, or from a bag's manifest.
public struct ACRHeading: Sendable, Equatable {
  public let product: String
  public let release: String
  public let audit: Int64
  /// `Acme App 1.0`.
  public let name: String
  public let state: AuditState
  /// YYYY-MM-DD, when known.
  public let opened: String?
  public let closed: String?

  /// The heading of a workspace's audit.
  public init(_ audit: Audit) {
    product = audit.product
    release = audit.release
    self.audit = audit.id
    name = audit.name
    state = audit.state
    opened = String(audit.openedAt.prefix(10))
    closed = audit.closedAt.map { String($0.prefix(10)) }
  }

  /// The heading of the audit a bag's verdicts belong to.
  init(_ audit: BundleAuditFacts) {
    product = audit.product
    release = audit.release
    self.audit = audit.id
    name = "\(audit.product) \(audit.release)"
    state = audit.state
    opened = nil
    closed = nil
  }
}

/// The facts of an audit a bag's manifest records, as the report's heading needs them.
struct BundleAuditFacts {
  let id: Int64
  let product: String
  let release: String
  let state: AuditState
}

extension ACRHeading {
  /// What an open audit's report says first: it may still change.
  public static func provisionalNotice(_ audit: ACRHeading) -> String {
    "Provisional: audit \(audit.audit) (\(audit.name)) is still open, and its verdicts and levels may change "
      + "until it is closed."
  }
}
