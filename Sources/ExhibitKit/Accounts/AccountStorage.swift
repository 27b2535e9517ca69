import Foundation

/// Where the web workspace's accounts, sign-in sessions, failed sign-ins and CSRF key are kept: the seam ``Store``
/// (SQLite) and ExhibitPostgres' `PostgresCatalogue` implement. Kept in the database, they are the
/// same on every server that shares it: a session started on one is live on all, and all sign
/// CSRF tokens with one key. Adding and removing an account is audited the same way on both
/// (``AccountRules``).
public protocol AccountStorage {
  /// Every account, by name.
  /// - Returns: The accounts.
  /// - Throws: The backend's error.
  func accounts() async throws -> [Account]

  /// Adds an account whose password the caller has hashed with bcrypt; audited.
  /// - Returns: The account as stored.
  /// - Throws: ``AccountError`` or the backend's error.
  func addAccount(name: String, role: AccountRole, passwordHash: String, actor: String, at now: Date)
    async throws -> Account

  /// Removes an account and ends its sessions; audited.
  /// - Throws: ``AccountError/unknown(_:)`` or the backend's error.
  func removeAccount(name: String, actor: String, at now: Date) async throws

  /// An account with its bcrypt hash, to check a sign-in against.
  /// - Returns: The account and its hash, or nil for no such account.
  /// - Throws: The backend's error.
  /// An account's desk settings (``DeskSettings``); the standard when it kept none.
  func deskSettings(account: String) async throws -> DeskSettings

  /// Keeps an account's desk settings, replacing those it had.
  func setDeskSettings(_ settings: DeskSettings, account: String, at now: Date) async throws

  func accountCredentials(name: String) async throws -> (account: Account, passwordHash: String)?

  /// Starts a sign-in session, stored by the SHA-256 of its token; expired sessions are removed.
  /// - Throws: The backend's error.
  func startSession(tokenSHA256: String, account: String, at now: Date, lifetime: TimeInterval) async throws

  /// The account of a live session.
  /// - Returns: The account, or nil for an unknown or expired token.
  /// - Throws: The backend's error.
  func sessionAccount(tokenSHA256: String, at now: Date) async throws -> Account?

  /// Ends a session (signing out).
  /// - Throws: The backend's error.
  func endSession(tokenSHA256: String) async throws

  /// The key web pages sign CSRF tokens with, stored from `fresh` the first time.
  /// - Returns: The stored key.
  /// - Throws: The backend's error.
  func webSecret(orStore fresh: String) async throws -> String

  /// The failed sign-ins under each of `keys` (the throttle's: an account, an address, or both)
  /// whose last came after `since`; a key with none is absent.
  /// - Returns: The counts by key.
  /// - Throws: The backend's error.
  func signInFailures(_ keys: [String], since: Date) async throws -> [String: SignInFailureCount]

  /// Counts one failure under each of `keys` at `now`, in one statement, so failures counted by
  /// several servers at once all count; a count whose last failure is `window` old or older
  /// starts again from one. Counts past their window are forgotten on the way.
  /// - Throws: The backend's error.
  func recordSignInFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws

  /// Forgets the failures under `key` (a pair that signed in).
  /// - Throws: The backend's error.
  func forgetSignInFailures(_ key: String) async throws
}

/// What adding and removing an account records, the same on every backend.
package enum AccountRules {
  /// The `account.add` event.
  package static func addEntry(name: String, role: AccountRole, actor: String, at now: Date) -> AuditEntry {
    AuditEntry(
      actor: actor, action: "account.add", subject: "account:\(name)",
      after: AuditJSON.object(["role": role.rawValue]), at: now)
  }

  /// The `account.remove` event.
  package static func removeEntry(name: String, role: String, actor: String, at now: Date) -> AuditEntry {
    AuditEntry(
      actor: actor, action: "account.remove", subject: "account:\(name)",
      before: AuditJSON.object(["role": role]), at: now)
  }
}
