/// The percent-encoding Signature Version 4 canonicalises with: every byte but the unreserved
/// characters (`A-Z a-z 0-9 - . _ ~`) as `%XY` in upper-case hex, a space as `%20`.
enum SigV4Encoding {
  /// Encodes a query name or value, or a path segment (`/` encoded too).
  static func encode(_ text: String) -> String {
    encode(text, keepingSlash: false)
  }

  /// Encodes a path, leaving its `/` separators.
  static func encodePath(_ text: String) -> String {
    encode(text, keepingSlash: true)
  }

  private static func encode(_ text: String, keepingSlash: Bool) -> String {
    var encoded = [UInt8]()
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) || (keepingSlash && byte == UInt8(ascii: "/")) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
