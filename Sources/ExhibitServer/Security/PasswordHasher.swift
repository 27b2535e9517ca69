import HummingbirdBcrypt
import NIOPosix

/// bcrypt, off the event loops: hashing and checking a password takes tens of milliseconds
/// on purpose, which would stall every other request on the loop.
public struct PasswordHasher: Sendable {
  /// The work factor: 2^cost rounds. 12 for accounts; tests may use the minimum, 4.
  public let cost: UInt8

  /// A hasher with a work factor.
  public init(cost: UInt8 = 12) {
    self.cost = cost
  }

  /// A bcrypt hash of a password.
  public func hash(_ password: String) async throws -> String {
    let cost = cost
    return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
  }

  /// Whether a password matches a hash.
  public func verify(_ password: String, hash: String) async throws -> Bool {
    try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
  }

  /// A hash no password is checked against successfully, used when the account is unknown so a
  /// failed sign-in takes as long either way.
  static let decoy = Bcrypt.hash("exhibit decoy password", cost: 10)
}
