/// The workspace a bag is checked against (``Store/bagWorkspace``): a bag's audit events must be
/// in its trail, and a bag of one of its components must be signed when it signs its bags.
public struct BagWorkspace {
  /// The database's path (or a server's URL without its password), named in problems.
  public let path: String
  /// The workspace's signing key file.
  public let keyPath: String
  let auditTrail: AuditTrail
  let components: ComponentDirectory
  /// The team's registered public keys.
  let keys: TeamKeyLedger

  /// What the team's keys say of `publicKey` (base64) when the bag whose audit head is `head` was made.
  /// - Throws: The database's error when the keys cannot be read.
  func standing(of publicKey: String, atHead head: String) throws -> TeamKeyStanding {
    try keys.standing(of: publicKey, atHead: head)
  }

  /// Whether the team registered any key: then a bag signed by none of them is not the team's.
  /// - Throws: The database's error when the keys cannot be read.
  func hasTeamKeys() throws -> Bool {
    try !keys.keys().isEmpty
  }

  /// The stored hash of an audit event, or nil when the trail has no such event.
  /// - Throws: The database's error when the trail cannot be read: never taken for "absent".
  func eventHash(id: Int64) throws -> String? {
    try auditTrail.eventHash(id: id)
  }

  /// Whether an event with this hash is in the trail.
  /// - Throws: The database's error when the trail cannot be read.
  func containsEvent(hash: String) throws -> Bool {
    try auditTrail.eventHash(of: hash) != nil
  }

  /// Whether criteria of the component (`family/slug`) were ever imported here.
  /// - Throws: The database's error when its criteria cannot be read.
  func hasComponent(_ component: String) throws -> Bool {
    try components.hasCriteria(component)
  }
}
