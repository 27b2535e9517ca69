import Foundation

/// The one timestamp format Exhibit stores: ISO 8601, UTC, milliseconds (`2026-11-21T13:55:02.123Z`).
public enum Timestamp {
  /// Renders a date.
  public static func string(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
    // Before 1970 the remainder is negative: borrow a second.
    let (whole, fraction) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : seconds
    var time = time_t(whole)
    var parts = tm()
    gmtime_r(&time, &parts)
    // Written digit by digit: `String(format:)` costs more than the rest of an audit event.
    var text: [UInt8] = []
    text.reserveCapacity(24)
    func append(_ value: Int, digits: Int) {
      let number = String(value.magnitude).utf8
      if value < 0 { text.append(UInt8(ascii: "-")) }
      text += repeatElement(UInt8(ascii: "0"), count: max(0, digits - number.count))
      text += number
    }
    append(Int(parts.tm_year) + 1900, digits: 4)
    text.append(UInt8(ascii: "-"))
    append(Int(parts.tm_mon) + 1, digits: 2)
    text.append(UInt8(ascii: "-"))
    append(Int(parts.tm_mday), digits: 2)
    text.append(UInt8(ascii: "T"))
    append(Int(parts.tm_hour), digits: 2)
    text.append(UInt8(ascii: ":"))
    append(Int(parts.tm_min), digits: 2)
    text.append(UInt8(ascii: ":"))
    append(Int(parts.tm_sec), digits: 2)
    text.append(UInt8(ascii: "."))
    append(Int(fraction), digits: 3)
    text.append(UInt8(ascii: "Z"))
    return String(decoding: text, as: UTF8.self)
  }
}
