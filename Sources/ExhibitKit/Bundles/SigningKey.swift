import Crypto
import Foundation

/// The workspace's Ed25519 key, which signs its evidence bundles: `exhibit-signing.key` beside
/// the database, readable by its owner only. Keep a copy of its public key (its fingerprint is in
/// every signed bag) where the people who check bundles can see it.
public enum SigningKey {
  /// The key file for the database at `databasePath`.
  public static func path(forDatabase databasePath: String) -> String {
    ((databasePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
      "exhibit-signing.key")
  }

  /// The key at `path`, nil when there is none.
  /// - Throws: ``WorkspaceError/cannotCreate(path:reason:)`` for a file that is not a key.
  public static func load(at path: String) throws -> Curve25519.Signing.PrivateKey? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
      let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
    else {
      throw WorkspaceError.cannotCreate(path: path, reason: "not an Exhibit signing key (base64 of 32 bytes)")
    }
    return key
  }

  /// The key at `path`, made (mode 0600, never replacing a file) when there is none.
  /// - Throws: ``WorkspaceError/cannotCreate(path:reason:)`` when it can be neither read nor made.
  public static func loadOrCreate(at path: String) throws -> Curve25519.Signing.PrivateKey {
    if let key = try load(at: path) { return key }
    let key = Curve25519.Signing.PrivateKey()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST, let key = try load(at: path) { return key }
      throw WorkspaceError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let text = Array((key.rawRepresentation.base64EncodedString() + "\n").utf8)
    guard write(descriptor, text, text.count) == text.count, fsync(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(path)
      throw WorkspaceError.cannotCreate(path: path, reason: reason)
    }
    return key
  }

  /// Why the key file at `path` is not private, nil when only its owner can read it (or it is
  /// not there): a key others can read can sign bags that verify as the workspace's.
  public static func exposure(at path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let mode = status.st_mode & 0o777
    guard mode & 0o077 != 0 else { return nil }
    return
      "\(path) is readable by \(mode & 0o007 != 0 ? "others" : "its group") (mode \(String(mode, radix: 8))); "
      + "anyone who can read it can sign bags as this workspace: chmod 600 it"
  }
}
