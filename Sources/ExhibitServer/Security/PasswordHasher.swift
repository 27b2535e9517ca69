import HummingbirdBcrypt
import NIOConcurrencyHelpers
import NIOPosix

/// bcrypt, off the event loops: hashing and checking a password takes tens of milliseconds
/// on purpose, which would stall every other request on the loop.
public struct PasswordHasher: Sendable {
  /// The work factor: 2^cost rounds. 12 for accounts; tests may use the minimum, 4.
  public let cost: UInt8
  /// The decoy hash at this cost, made on first use.
  private let decoyHash = NIOLockedValueBox<String?>(nil)

  /// A hasher with a work factor.
  public init(cost: UInt8 = 12) {
    self.cost = cost
  }

  /// Checks a password against an account's hash, or, for an unknown account, against a decoy
  /// of the same cost, so that the answer takes as long either way and names no account.
  public func verify(_ password: String, hashOrNone hash: String?) async throws -> Bool {
    if let hash { return try await verify(password, hash: hash) }
    let cost = cost
    let decoy = try await NIOThreadPool.singleton.runIfActive { [decoyHash] in
      decoyHash.withLockedValue { stored in
        if let stored { return stored }
        let made = Bcrypt.hash("exhibit decoy password", cost: cost)
        stored = made
        return made
      }
    }
    _ = try await verify(password, hash: decoy)
    return false
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

}
