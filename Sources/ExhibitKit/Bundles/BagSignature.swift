import Crypto
import Foundation

/// `exhibit-signature.json`: an Ed25519 signature by the workspace's key over a bag's
/// `bagit.txt`, `bag-info.txt`, `manifest-sha256.txt` and `tagmanifest-sha256.txt` (without the
/// tag manifest's own line for this file, which cannot be known before the signature is made).
/// The payload manifest holds the SHA-256 of every payload file and the tag manifest that of every
/// other tag file, so the signature covers the whole bag: re-saving the manifests after an edit
/// (as bagit-python would), or adding a tag file and listing it, breaks it. It is a tag file the
/// tag manifest lists, so BagIt tools see a valid bag either way.
///
/// Bags signed before the tag manifest was covered name only the first three files; they still
/// verify, and `exhibit verify` holds their tag files to the ones Exhibit writes.
public struct BagSignature: Sendable, Equatable, Codable {
  /// The tag file's name.
  public static let fileName = "exhibit-signature.json"
  /// The files signed, in the order they are fed to the signature.
  public static let signedFiles = [
    "bagit.txt", "bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt",
  ]
  /// What an earlier Exhibit signed: the tag manifest not covered.
  public static let earlierSignedFiles = ["bagit.txt", "bag-info.txt", "manifest-sha256.txt"]

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
      signedFiles: signedFiles,
      signature: try key.signature(for: message(contents, names: signedFiles)).base64EncodedString())
  }

  /// Whether it covers the tag manifest (an earlier Exhibit's signature does not).
  public var coversTagManifest: Bool { signedFiles == Self.signedFiles }

  /// Whether the signature matches the files' contents (in ``signedFiles`` order, the tag
  /// manifest as ``signedTagManifest(_:)`` gives it).
  public func isValid(for contents: [Data]) -> Bool {
    guard algorithm == "Ed25519", signedFiles == Self.signedFiles || signedFiles == Self.earlierSignedFiles,
      contents.count == signedFiles.count, let raw = Data(base64Encoded: publicKey),
      let signed = Data(base64Encoded: signature),
      let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
    else { return false }
    return key.isValidSignature(signed, for: Self.message(contents, names: signedFiles))
  }

  /// The signed files of the bag at `root`, in ``signedFiles`` order: each file's bytes (empty
  /// when it cannot be read), the tag manifest without its line for the signature.
  public func contents(inBag root: String) -> [Data] {
    signedFiles.map { name in
      let data = FileManager.default.contents(atPath: root + "/" + name) ?? Data()
      return name.hasPrefix("tagmanifest-") ? Self.signedTagManifest(data) : data
    }
  }

  /// A tag manifest as the signature covers it: every line but the one naming the signature file.
  public static func signedTagManifest(_ data: Data) -> Data {
    var kept = Data()
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
      let text = String(decoding: line, as: UTF8.self)
      let path = text.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" }).last.map {
        BagPath.percentDecoded(String($0.drop { $0 == " " || $0 == "\t" || $0 == "*" }))
      }
      if path == fileName { continue }
      kept.append(line)
      kept.append(UInt8(ascii: "\n"))
    }
    // A last line without its line end is kept as it is.
    if let last = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last,
      !last.isEmpty
    {
      kept.append(last)
    }
    return kept
  }

  /// The first 16 hex digits of a raw public key's SHA-256.
  public static func fingerprint(of publicKey: Data) -> String {
    String(SHA256.hash(data: publicKey).hexString.prefix(16))
  }

  /// What is signed: each file's name and bytes, each preceded by its length, so no two sets of
  /// files give the same message.
  static func message(_ contents: [Data], names: [String]) -> Data {
    var message = Data()
    for (name, data) in zip(names, contents) {
      message.append(Data("\(name.utf8.count):\(name)\(data.count):".utf8))
      message.append(data)
    }
    return message
  }
}
