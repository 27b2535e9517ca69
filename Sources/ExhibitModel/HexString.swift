import Crypto

extension Sequence where Element == UInt8 {
  /// Lowercase hexadecimal digits of the bytes.
  ///
  /// Digests, chain hashes and filter tokens are written with this rather than
  /// `String(format: "%02x")`, whose first use in a process costs Foundation's formatter and the
  /// runtime's type lookups (about half a millisecond of `exhibit verify`). The digits are written
  /// straight into the string's storage: one allocation, not three (a new session's token is
  /// made with this on every answer to a browser without one).
  package var hexString: String {
    if let text = withContiguousStorageIfAvailable(Self.hexDigits) { return text }
    return ContiguousArray(self).withUnsafeBufferPointer(Self.hexDigits)
  }

  private static func hexDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { text in
      for (index, byte) in bytes.enumerated() {
        text[2 * index] = hexDigit(byte >> 4)
        text[2 * index + 1] = hexDigit(byte & 0x0F)
      }
      return bytes.count * 2
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x57 + value
  }
}

extension SHA256.Digest {
  /// Lowercase hexadecimal digits of the digest.
  package var hexString: String { withUnsafeBytes { $0.hexString } }
}
