/// Text from files (criteria, captions, file names) made safe to print on a terminal: control
/// characters and bidirectional overrides are shown as `\u{…}` escapes instead of acting (a
/// screen clear, an OSC 52 clipboard write, text that reads backwards). Line breaks and tabs
/// stay, as the tables use them.
enum TerminalText {
  static func safe(_ text: String) -> String {
    // Text without anything unsafe, the common case, is returned as it is without a copy.
    if !hasUnsafeBytes(text) { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether the UTF-8 of `text` holds a scalar ``isUnsafe(_:)`` names, by its bytes: a C0
  /// control but tab and line feed, DEL, a C1 control (C2 80–9F), or a bidirectional control or
  /// line separator (E2 80 A8–AE, E2 81 A6–A9).
  static func hasUnsafeBytes(_ text: String) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in text.utf8 {
      if byte < 0x20, byte != 0x0A, byte != 0x09 { return true }
      if byte == 0x7F { return true }
      if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
      if beforePrevious == 0xE2, previous == 0x80, (0xA8...0xAE).contains(byte) { return true }
      if beforePrevious == 0xE2, previous == 0x81, (0xA6...0xA9).contains(byte) { return true }
      beforePrevious = previous
      previous = byte
    }
    return false
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }
}
