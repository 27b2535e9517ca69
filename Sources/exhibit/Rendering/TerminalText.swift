/// Text from files (criteria, captions, file names) made safe to print on a terminal: control
/// characters and bidirectional overrides are shown as `\u{…}` escapes instead of acting (a
/// screen clear, an OSC 52 clipboard write, text that reads backwards). Line breaks and tabs
/// stay, as the tables use them.
enum TerminalText {
  static func safe(_ text: String) -> String {
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

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }
}
