import ExhibitSQLite
import ExhibitStorage
import Foundation

/// The accounts of the web workspace, their sessions and the key its CSRF tokens are signed with.
///
/// It stores what it is given: hashing passwords and making tokens is the server's work, so
/// ExhibitKit needs no bcrypt. Adding and removing an account is audited (never its hash).
struct AccountDirectory {
  let connection: any CatalogueSQL

  /// Every account, by name.
  func accounts() throws -> [Account] {
    try connection.query("SELECT name, role, created_at FROM account ORDER BY name").map(Self.account)
  }

  /// Adds an account with an already hashed password.
  /// - Throws: ``AccountError`` or the engine's error.
  func add(name: String, role: AccountRole, passwordHash: String, actor: String, at now: Date) throws
    -> Account
  {
    guard Account.isValidName(name) else { throw AccountError.invalidName(name) }
    return try connection.transaction {
      guard try connection.first("SELECT 1 FROM account WHERE name = ?", [name]) == nil else {
        throw AccountError.exists(name)
      }
      let createdAt = Timestamp.string(now)
      try connection.execute(
        "INSERT INTO account (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)",
        [name, role.rawValue, passwordHash, createdAt])
      let entry = AccountRules.addEntry(name: name, role: role, actor: actor, at: now)
      try connection.appendAuditEvent(entry)
      return Account(name: name, role: role, createdAt: createdAt)
    }
  }

  /// Removes an account and ends its sessions.
  /// - Throws: ``AccountError/unknown(_:)`` or the engine's error.
  func remove(name: String, actor: String, at now: Date) throws {
    try connection.transaction {
      guard let row = try connection.first("SELECT role FROM account WHERE name = ?", [name]) else {
        throw AccountError.unknown(name)
      }
      let role: String = try row.decode("role")
      try connection.execute("DELETE FROM web_session WHERE account = ?", [name])
      try connection.execute("DELETE FROM account WHERE name = ?", [name])
      let entry = AccountRules.removeEntry(name: name, role: role, actor: actor, at: now)
      try connection.appendAuditEvent(entry)
    }
  }

  /// The account and its password hash, for checking a sign-in.
  /// An account's desk settings; the standard when it kept none.
  func deskSettings(account: String) throws -> DeskSettings {
    guard let row = try connection.first("SELECT settings FROM desk_settings WHERE account = ?", [account])
    else {
      return .standard
    }
    return DeskSettings(json: try row.decode("settings"))
  }

  /// Keeps an account's desk settings, replacing those it had, in one transaction.
  /// - Throws: ``AccountError`` for an account that does not exist, or the engine's error.
  func setDeskSettings(_ settings: DeskSettings, account: String, at now: Date) throws {
    try connection.transaction {
      guard try connection.first("SELECT 1 AS found FROM account WHERE name = ?", [account]) != nil else {
        throw AccountError.unknown(account)
      }
      try connection.execute("DELETE FROM desk_settings WHERE account = ?", [account])
      try connection.execute(
        "INSERT INTO desk_settings (account, settings, updated_at) VALUES (?, ?, ?)",
        [account, settings.json, Timestamp.string(now)])
    }
  }

  func credentials(name: String) throws -> (account: Account, passwordHash: String)? {
    try connection.first("SELECT name, role, created_at, password_hash FROM account WHERE name = ?", [name])
      .map { row in (try Self.account(row), try row.decode("password_hash")) }
  }

  /// Starts a session for an account; the token itself is never stored.
  func startSession(tokenSHA256: String, account: String, at now: Date, lifetime: TimeInterval) throws {
    try connection.transaction {
      try connection.execute("DELETE FROM web_session WHERE expires_at < ?", [Timestamp.string(now)])
      try connection.execute(
        "INSERT INTO web_session (token_sha256, account, created_at, expires_at) VALUES (?, ?, ?, ?)",
        [tokenSHA256, account, Timestamp.string(now), Timestamp.string(now.addingTimeInterval(lifetime))])
    }
  }

  /// The account a live session belongs to, or nil for an unknown or expired token.
  func sessionAccount(tokenSHA256: String, at now: Date) throws -> Account? {
    try connection.first(
      """
      SELECT a.name, a.role, a.created_at FROM web_session s JOIN account a ON a.name = s.account
      WHERE s.token_sha256 = ? AND s.expires_at >= ?
      """, [tokenSHA256, Timestamp.string(now)]
    ).map(Self.account)
  }

  /// Ends a session (signing out).
  func endSession(tokenSHA256: String) throws {
    try connection.execute("DELETE FROM web_session WHERE token_sha256 = ?", [tokenSHA256])
  }

  /// The workspace's key for signing CSRF tokens (64 hex digits), made from `fresh` on first use.
  func webSecret(orStore fresh: String) throws -> String {
    try connection.transaction {
      if let row = try connection.first("SELECT secret FROM web_secret WHERE id = 1") {
        return try row.decode("secret")
      }
      try connection.execute("INSERT INTO web_secret (id, secret) VALUES (1, ?)", [fresh])
      return fresh
    }
  }

  /// The failed sign-ins under each of `keys` whose last came after `since`.
  func signInFailures(_ keys: [String], since: Date) throws -> [String: SignInFailureCount] {
    guard !keys.isEmpty else { return [:] }
    var found: [String: SignInFailureCount] = [:]
    for row in try connection.query(
      "SELECT key, failures, last_at FROM sign_in_failure WHERE last_at > ? AND key IN ("
        + keys.map { _ in "?" }.joined(separator: ", ") + ")",
      [since.timeIntervalSince1970] + keys)
    {
      found[try row.decode("key")] = SignInFailureCount(
        failures: try row.decode("failures"),
        last: Date(timeIntervalSince1970: try row.decode("last_at")))
    }
    return found
  }

  /// Counts one failure under each of `keys` at `now`; a count `window` old or older starts
  /// again from one, and counts past their window are forgotten.
  func recordSignInFailure(_ keys: [String], at now: Date, window: TimeInterval) throws {
    guard !keys.isEmpty else { return }
    let (time, expired) = (now.timeIntervalSince1970, now.timeIntervalSince1970 - window)
    try connection.transaction {
      try connection.execute(
        "INSERT INTO sign_in_failure (key, failures, last_at) VALUES "
          + keys.map { _ in "(?, 1, ?)" }.joined(separator: ", ")
            + """
             ON CONFLICT (key) DO UPDATE SET
              failures = CASE WHEN sign_in_failure.last_at <= ? THEN 1 ELSE sign_in_failure.failures + 1 END,
              last_at = excluded.last_at
            """,
        keys.flatMap { [$0, time] as [any SQLBindable] } + [expired])
      try connection.execute("DELETE FROM sign_in_failure WHERE last_at <= ?", [expired])
    }
  }

  /// Forgets the failures under `key`.
  func forgetSignInFailures(_ key: String) throws {
    try connection.execute("DELETE FROM sign_in_failure WHERE key = ?", [key])
  }

  private static func account(_ row: Row) throws -> Account {
    try RowDecodingError.reading("account") {
      Account(
        name: try row.decode("name"), role: try row.decode("role"), createdAt: try row.decode("created_at"))
    }
  }
}
