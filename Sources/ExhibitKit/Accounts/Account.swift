/// A person who may sign in to `exhibit serve` when it listens on an address other than loopback.
public struct Account: Sendable, Equatable, Codable {
  /// The sign-in name, also the actor the audit trail records for their links.
  public let name: String
  /// What they may do.
  public let role: AccountRole
  /// When the account was made (UTC, ISO 8601).
  public let createdAt: String

  /// An account as stored.
  public init(name: String, role: AccountRole, createdAt: String) {
    self.name = name
    self.role = role
    self.createdAt = createdAt
  }

  /// Whether `name` may name an account: 1 to 64 letters, digits, `.`, `-`, `_` or `@`.
  public static func isValidName(_ name: String) -> Bool {
    (1...64).contains(name.count)
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || ".-_@".unicodeScalars.contains(scalar))
      }
  }
}

/// What an account may do in the web workspace.
public enum AccountRole: String, Sendable, Codable, CaseIterable, Comparable {
  /// Reads pages and JSON, and downloads recordings and bundles.
  case reviewer
  /// Also links, retracts, accepts suggestions, imports and catalogues.
  case auditor

  /// Whether this role may change evidence.
  public var mayWrite: Bool { self == .auditor }

  public static func < (lhs: AccountRole, rhs: AccountRole) -> Bool {
    lhs == .reviewer && rhs == .auditor
  }
}
