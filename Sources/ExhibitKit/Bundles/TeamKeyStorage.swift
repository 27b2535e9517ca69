/// Where a team's public signing keys are kept: the seam every SQL catalogue implements
/// (``TeamKeyLedger`` over its connection). Each change is audited.
public protocol TeamKeyStorage {
  /// Every key, by name, revoked ones too.
  /// - Throws: The backend's error.
  func teamKeys() async throws -> [TeamKey]

  /// Registers a teammate's public key (base64 of its 32 raw bytes) under `name`; audited.
  /// - Throws: ``TeamKeyError`` or the backend's error.
  func addTeamKey(name: String, publicKey: String, actor: String) async throws -> TeamKey

  /// Revokes `name`'s key; audited. Bags it signed before keep verifying.
  /// - Throws: ``TeamKeyError`` or the backend's error.
  func revokeTeamKey(name: String, actor: String) async throws -> TeamKey
}

extension TeamKey {
  /// The base64 public key a file holds: `exhibit keys public`'s line, or the key's 32 raw bytes.
  /// - Throws: ``TeamKeyError/unreadable(path:reason:)``.
  public static func publicKey(inFile path: String) throws -> String {
    try TeamKeyLedger.publicKey(inFile: path)
  }
}
