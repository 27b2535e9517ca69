import Foundation

// Accounts, sessions and the CSRF key of every SQL catalogue (``AccountDirectory``), on a
// connection the engine lends: what every server sharing the database sees at once.

extension SQLCatalogue {
  /// Runs `body` with the account directory on a connection of the catalogue.
  private func withAccounts<Result: Sendable>(
    _ body: @escaping @Sendable (AccountDirectory) throws -> Result
  ) async throws -> Result {
    try await withConnection { try body(AccountDirectory(connection: $0.sql)) }
  }

  /// Every account, by name (``AccountStorage``).
  public func accounts() async throws -> [Account] {
    try await withAccounts { try $0.accounts() }
  }

  /// Adds an account whose password the caller has hashed; audited (``AccountStorage``).
  @discardableResult
  public func addAccount(name: String, role: AccountRole, passwordHash: String, actor: String, at now: Date)
    async throws -> Account
  {
    try await withAccounts {
      try $0.add(name: name, role: role, passwordHash: passwordHash, actor: actor, at: now)
    }
  }

  /// Removes an account and ends its sessions; audited (``AccountStorage``).
  public func removeAccount(name: String, actor: String, at now: Date) async throws {
    try await withAccounts { try $0.remove(name: name, actor: actor, at: now) }
  }

  /// An account's desk settings (``AccountStorage``).
  public func deskSettings(account: String) async throws -> DeskSettings {
    try await withAccounts { try $0.deskSettings(account: account) }
  }

  /// Keeps an account's desk settings (``AccountStorage``).
  public func setDeskSettings(_ settings: DeskSettings, account: String, at now: Date) async throws {
    try await withAccounts { try $0.setDeskSettings(settings, account: account, at: now) }
  }

  /// An account with its bcrypt hash, to check a sign-in against (``AccountStorage``).
  public func accountCredentials(name: String) async throws -> (account: Account, passwordHash: String)? {
    let found = try await withAccounts { directory in
      try directory.credentials(name: name).map {
        Credentials(account: $0.account, passwordHash: $0.passwordHash)
      }
    }
    return found.map { ($0.account, $0.passwordHash) }
  }

  /// Starts a sign-in session, stored by the SHA-256 of its token (``AccountStorage``).
  public func startSession(tokenSHA256: String, account: String, at now: Date, lifetime: TimeInterval)
    async throws
  {
    try await withAccounts {
      try $0.startSession(tokenSHA256: tokenSHA256, account: account, at: now, lifetime: lifetime)
    }
  }

  /// The account of a live session, or nil (``AccountStorage``).
  public func sessionAccount(tokenSHA256: String, at now: Date) async throws -> Account? {
    try await withAccounts { try $0.sessionAccount(tokenSHA256: tokenSHA256, at: now) }
  }

  /// Ends a session (``AccountStorage``).
  public func endSession(tokenSHA256: String) async throws {
    try await withAccounts { try $0.endSession(tokenSHA256: tokenSHA256) }
  }

  /// The key web pages sign CSRF tokens with, stored from `fresh` the first time (``AccountStorage``).
  public func webSecret(orStore fresh: String) async throws -> String {
    try await withAccounts { try $0.webSecret(orStore: fresh) }
  }

  /// The failed sign-ins under each of `keys` whose last came after `since` (``AccountStorage``).
  public func signInFailures(_ keys: [String], since: Date) async throws -> [String: SignInFailureCount] {
    try await withAccounts { try $0.signInFailures(keys, since: since) }
  }

  /// Counts one failure under each of `keys` at `now` (``AccountStorage``).
  public func recordSignInFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws {
    try await withAccounts { try $0.recordSignInFailure(keys, at: now, window: window) }
  }

  /// Forgets the failures under `key` (``AccountStorage``).
  public func forgetSignInFailures(_ key: String) async throws {
    try await withAccounts { try $0.forgetSignInFailures(key) }
  }
}

/// An account with its hash, sendable out of the connection's work.
private struct Credentials: Sendable {
  let account: Account
  let passwordHash: String
}
