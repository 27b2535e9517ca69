import ExhibitKit
import ExhibitModel
import Foundation
import PostgresNIO

// Accounts, sessions and the CSRF key on PostgreSQL: what every server sharing the database sees
// at once. Adding and removing an account are recorded by AccountRules, as on SQLite, in the
// same transaction as the change.

extension PostgresCatalogue {
  /// Every account, by name.
  /// - Throws: `PostgresStoreError`.
  public func accounts() async throws -> [Account] {
    try await store.execute("SELECT name, role, created_at FROM account ORDER BY name").map(Self.account)
  }

  /// Adds an account whose password the caller has hashed with bcrypt; audited.
  /// - Throws: `AccountError` or `PostgresStoreError`.
  @discardableResult
  public func addAccount(
    name: String, role: AccountRole, passwordHash: String, actor: String, at now: Date = Date()
  ) async throws -> Account {
    guard Account.isValidName(name) else { throw AccountError.invalidName(name) }
    return try await store.transaction { connection in
      // The chain's lock first: two servers adding one name wait for each other, and the second
      // finds the first's account.
      try await store.lockAuditChain(on: connection)
      let exists =
        try await connection.query(
          "SELECT 1 FROM account WHERE name = \(name)", logger: logger
        ).collect().isEmpty == false
      if exists { throw AccountError.exists(name) }
      let createdAt = Timestamp.string(now)
      try await connection.query(
        """
        INSERT INTO account (name, role, password_hash, created_at)
        VALUES (\(name), \(role.rawValue), \(passwordHash), \(createdAt))
        """, logger: logger)
      _ = try await store.appendAuditEvent(
        AccountRules.addEntry(name: name, role: role, actor: actor, at: now), on: connection)
      return Account(name: name, role: role, createdAt: createdAt)
    }
  }

  /// Removes an account and ends its sessions; audited.
  /// - Throws: `AccountError.unknown` or `PostgresStoreError`.
  public func removeAccount(name: String, actor: String, at now: Date = Date()) async throws {
    try await store.transaction { connection in
      try await store.lockAuditChain(on: connection)
      guard
        let role = try await connection.query(
          "SELECT role FROM account WHERE name = \(name)", logger: logger
        ).collect().first?.decode(String.self)
      else { throw AccountError.unknown(name) }
      try await connection.query("DELETE FROM web_session WHERE account = \(name)", logger: logger)
      try await connection.query("DELETE FROM account WHERE name = \(name)", logger: logger)
      _ = try await store.appendAuditEvent(
        AccountRules.removeEntry(name: name, role: role, actor: actor, at: now), on: connection)
    }
  }

  /// An account with its bcrypt hash, to check a sign-in against.
  /// - Throws: `PostgresStoreError`.
  public func accountCredentials(name: String) async throws -> (account: Account, passwordHash: String)? {
    try await store.execute(
      "SELECT name, role, created_at, password_hash FROM account WHERE name = \(name)"
    ).first.map { row in
      let (name, role, createdAt, hash) = try row.decode((String, String, String, String).self)
      return (Account(name: name, role: try Self.known(role, column: "role"), createdAt: createdAt), hash)
    }
  }

  /// Starts a sign-in session, stored by the SHA-256 of its token; expired sessions are removed.
  /// - Throws: `PostgresStoreError`.
  public func startSession(
    tokenSHA256: String, account: String, at now: Date = Date(), lifetime: TimeInterval
  ) async throws {
    let started = Timestamp.string(now)
    let expires = Timestamp.string(now.addingTimeInterval(lifetime))
    try await store.transaction { connection in
      try await connection.query("DELETE FROM web_session WHERE expires_at < \(started)", logger: logger)
      try await connection.query(
        """
        INSERT INTO web_session (token_sha256, account, created_at, expires_at)
        VALUES (\(tokenSHA256), \(account), \(started), \(expires))
        """, logger: logger)
    }
  }

  /// The account of a live session, or nil for an unknown or expired token.
  /// - Throws: `PostgresStoreError`.
  public func sessionAccount(tokenSHA256: String, at now: Date = Date()) async throws -> Account? {
    try await store.execute(
      """
      SELECT a.name, a.role, a.created_at FROM web_session s JOIN account a ON a.name = s.account
      WHERE s.token_sha256 = \(tokenSHA256) AND s.expires_at >= \(Timestamp.string(now))
      """
    ).first.map(Self.account)
  }

  /// Ends a session.
  /// - Throws: `PostgresStoreError`.
  public func endSession(tokenSHA256: String) async throws {
    _ = try await store.execute("DELETE FROM web_session WHERE token_sha256 = \(tokenSHA256)")
  }

  /// The key web pages sign CSRF tokens with, stored from `fresh` the first time; every server
  /// sharing the database gets the first one stored.
  /// - Throws: `PostgresStoreError`.
  public func webSecret(orStore fresh: String) async throws -> String {
    let rows = try await store.execute(
      """
      WITH stored AS (INSERT INTO web_secret (id, secret) VALUES (1, \(fresh)) ON CONFLICT (id) DO NOTHING
                      RETURNING secret)
      SELECT secret FROM stored UNION ALL SELECT secret FROM web_secret WHERE id = 1
      """)
    if let secret = try rows.first?.decode(String.self) { return secret }
    // Another server stored its key while this statement waited on it: the statement's snapshot
    // predates that key, a new one sees it.
    guard
      let secret = try await store.execute("SELECT secret FROM web_secret WHERE id = 1").first?.decode(
        String.self)
    else {
      throw PostgresStoreError.refused(store.url, sqlState: "P0002", message: "web_secret holds no key")
    }
    return secret
  }

  private static func account(_ row: PostgresRow) throws -> Account {
    let (name, role, createdAt) = try row.decode((String, String, String).self)
    return Account(name: name, role: try known(role, column: "role"), createdAt: createdAt)
  }
}
