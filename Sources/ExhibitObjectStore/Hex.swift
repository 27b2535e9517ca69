/// Lower-case hexadecimal, as Signature Version 4 writes hashes and signatures.
enum Hex {
  static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var text = [UInt8]()
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let digits = Array("0123456789abcdef".utf8)
}
