import Crypto

extension Sequence where Element == UInt8 {
  /// Lowercase hexadecimal digits of the bytes.
  ///
  /// Digests, chain hashes and filter tokens are written with this rather than
  /// `String(format: "%02x")`, whose first use in a process costs Foundation's formatter and the
  /// runtime's type lookups (about half a millisecond of `exhibit verify`).
  package var hexString: String {
    let digits = Array("0123456789abcdef".utf8)
    var result = [UInt8]()
    result.reserveCapacity(underestimatedCount * 2)
    for byte in self {
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: result, as: UTF8.self)
  }
}

extension SHA256.Digest {
  /// Lowercase hexadecimal digits of the digest.
  package var hexString: String { Array(self).hexString }
}
