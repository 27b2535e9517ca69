import Crypto
import ExhibitModel
import Foundation

/// The digests a request's body is sent with: SHA-256 in hex for the signature's payload hash,
/// MD5 in base64 for `Content-MD5`, which the store checks the bytes it received against.
public enum PayloadDigest {
  /// SHA-256 of `bytes` in lower-case hex.
  public static func sha256Hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hasher = SHA256()
    hasher.update(data: Array(bytes))
    return hasher.finalize().hexString
  }

  /// MD5 of `bytes` in base64, as `Content-MD5` carries it.
  public static func md5Base64<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hasher = Insecure.MD5()
    hasher.update(data: Array(bytes))
    return Data(hasher.finalize()).base64EncodedString()
  }
}
