import Crypto
import Foundation

/// `exhibit-signature.json`: an Ed25519 signature by the workspace's key over a bag's
/// `bagit.txt`, `bag-info.txt` and `manifest-sha256.txt`. The payload manifest holds the SHA-256
/// of every payload file and bag-info the audit head, so the signature covers the whole bag:
/// re-saving the manifests after an edit (as bagit-python would) breaks it. It is a tag file the
/// tag manifest lists, so BagIt tools see a valid bag either way.
public struct BagSignature: Sendable, Equatable, Codable {
  /// The tag file's name.
  public static let fileName = "exhibit-signature.json"
  /// The files signed, in the order they are fed to the signature.
  public static let signedFiles = ["bagit.txt", "bag-info.txt", "manifest-sha256.txt"]

  public let algorithm: String
  /// The raw 32-byte public key, base64.
  public let publicKey: String
  /// The first 16 hex digits of the public key's SHA-256, to compare by eye.
  public let fingerprint: String
  public let signedFiles: [String]
  /// The 64-byte signature, base64.
  public let signature: String

  /// Signs the files' contents (given in ``signedFiles`` order) with `key`.
  /// - Throws: When the signature cannot be made (swift-crypto's error).
  public static func sign(_ contents: [Data], with key: Curve25519.Signing.PrivateKey) throws -> BagSignature
  {
    let publicKey = key.publicKey.rawRepresentation
    return BagSignature(
      algorithm: "Ed25519", publicKey: publicKey.base64EncodedString(),
      fingerprint: fingerprint(of: publicKey),
      signedFiles: signedFiles, signature: try key.signature(for: message(contents)).base64EncodedString())
  }

  /// Whether the signature matches the files' contents (in ``signedFiles`` order).
  public func isValid(for contents: [Data]) -> Bool {
    guard algorithm == "Ed25519", signedFiles == Self.signedFiles, let raw = Data(base64Encoded: publicKey),
      let signed = Data(base64Encoded: signature),
      let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
    else { return false }
    return key.isValidSignature(signed, for: Self.message(contents))
  }

  /// The first 16 hex digits of a raw public key's SHA-256.
  public static func fingerprint(of publicKey: Data) -> String {
    String(SHA256.hash(data: publicKey).hexString.prefix(16))
  }

  /// What is signed: each file's name and bytes, each preceded by its length, so no two sets of
  /// files give the same message.
  static func message(_ contents: [Data]) -> Data {
    var message = Data()
    for (name, data) in zip(signedFiles, contents) {
      message.append(Data("\(name.utf8.count):\(name)\(data.count):".utf8))
      message.append(data)
    }
    return message
  }
}
