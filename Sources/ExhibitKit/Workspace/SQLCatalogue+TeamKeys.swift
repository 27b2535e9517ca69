// A team's signing keys on every SQL catalogue (``TeamKeyLedger``), on a connection the engine lends.

extension SQLCatalogue {
  /// Every key, by name (`TeamKeyStorage`).
  public func teamKeys() async throws -> [TeamKey] {
    try await withConnection { try TeamKeyLedger(connection: $0.sql).keys() }
  }

  /// Registers a teammate's public key; audited (`TeamKeyStorage`).
  public func addTeamKey(name: String, publicKey: String, actor: String) async throws -> TeamKey {
    try await withConnection {
      try TeamKeyLedger(connection: $0.sql).add(name: name, publicKey: publicKey, actor: actor)
    }
  }

  /// Revokes a key; audited (`TeamKeyStorage`).
  public func revokeTeamKey(name: String, actor: String) async throws -> TeamKey {
    try await withConnection { try TeamKeyLedger(connection: $0.sql).revoke(name: name, actor: actor) }
  }
}
