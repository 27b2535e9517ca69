/// Small JSON texts written byte for byte as Foundation's `JSONEncoder` writes them with sorted
/// keys and unescaped slashes (an audit event's hash covers its text), at a fraction of its cost:
/// a catalogue writes several for every recording.
package enum JSONText {
  /// An object of string or null values with its keys in byte order, or nil when a key is not
  /// ASCII: how the encoder orders those is left to the encoder.
  package static func object(_ fields: [String: String?]) -> String? {
    guard fields.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
    var text: [UInt8] = [UInt8(ascii: "{")]
    for (number, key) in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
      if number > 0 { text.append(UInt8(ascii: ",")) }
      appendString(key, to: &text)
      text.append(UInt8(ascii: ":"))
      if let value = fields[key] ?? nil {
        appendString(value, to: &text)
      } else {
        text += "null".utf8
      }
    }
    text.append(UInt8(ascii: "}"))
    return String(decoding: text, as: UTF8.self)
  }

  /// An array of strings.
  package static func array(_ values: [String]) -> String {
    var text: [UInt8] = [UInt8(ascii: "[")]
    for (number, value) in values.enumerated() {
      if number > 0 { text.append(UInt8(ascii: ",")) }
      appendString(value, to: &text)
    }
    text.append(UInt8(ascii: "]"))
    return String(decoding: text, as: UTF8.self)
  }

  /// A quoted string: quote and backslash escaped, control characters as `\b`, `\t`, `\n`,
  /// `\f`, `\r` or `\u00XX` (lowercase hexadecimal), everything else as it is.
  package static func appendString(_ value: String, to text: inout [UInt8]) {
    text.append(UInt8(ascii: "\""))
    // Most strings need no escape: copied whole.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      text += value.utf8
      text.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += [UInt8(ascii: "\\"), byte]
      case 0x08: text += #"\b"#.utf8
      case 0x09: text += #"\t"#.utf8
      case 0x0A: text += #"\n"#.utf8
      case 0x0C: text += #"\f"#.utf8
      case 0x0D: text += #"\r"#.utf8
      case 0..<0x20:
        text += #"\u00"#.utf8
        text += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
      default: text.append(byte)
      }
    }
    text.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
