import Foundation

/// A teammate's public signing key, registered in the catalogue (`exhibit keys add`): a bag
/// signed with its private key verifies on every teammate's machine while it is registered and
/// not revoked, and one signed before a revocation keeps verifying.
public struct TeamKey: Sendable, Equatable, Encodable {
  /// Whose key it is: an auditor's name, unique in the catalogue.
  public let name: String
  /// The Ed25519 public key, its 32 raw bytes in base64 (as `exhibit keys public` prints it).
  public let publicKey: String
  /// The first 16 hex digits of the key's SHA-256, as signatures name it.
  public let fingerprint: String
  public let addedAt: String
  public let addedBy: String
  /// When it was revoked; nil while it stands.
  public let revokedAt: String?
  public let revokedBy: String?

  private enum CodingKeys: String, CodingKey {
    case name, publicKey, fingerprint, addedAt, addedBy, revokedAt, revokedBy
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(publicKey, forKey: .publicKey)
    try container.encode(fingerprint, forKey: .fingerprint)
    try container.encode(addedAt, forKey: .addedAt)
    try container.encode(addedBy, forKey: .addedBy)
    try container.encode(revokedAt, forKey: .revokedAt)
    try container.encode(revokedBy, forKey: .revokedBy)
  }
}

/// What a catalogue's keys say of the key that signed a bag, when the bag was made.
public enum TeamKeyStanding: Sendable, Equatable {
  /// Registered under this name before the bag was made, and not revoked then.
  case registered(String)
  /// Registered under this name, but revoked before the bag was made.
  case revoked(String)
  /// Registered under this name only after the bag was made.
  case addedLater(String)
  /// Not registered.
  case unknown
}

/// Why a key could not be added or revoked.
public enum TeamKeyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file does not hold a public key Exhibit can read.
  case unreadable(path: String, reason: String)
  /// The name is taken (a revoked key's name too: names are never reused).
  case nameTaken(String)
  /// The key is registered already, under this name.
  case alreadyRegistered(String)
  /// No key has this name.
  case unknown(String)
  /// The key was revoked already.
  case alreadyRevoked(String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "\(path): not a public signing key: \(reason)"
    case .nameTaken(let name): "\(name): a key has this name already (names are never reused); choose another"
    case .alreadyRegistered(let name): "this key is registered already, as \(name)"
    case .unknown(let name): "\(name): no key has this name (exhibit keys list names them)"
    case .alreadyRevoked(let name): "\(name): the key was revoked already"
    }
  }
}
