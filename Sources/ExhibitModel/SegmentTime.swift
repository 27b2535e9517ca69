/// A time in a recording as an auditor types it, read one way only.
///
/// Accepted: seconds with a decimal point or a decimal comma (`2.5`, `2,5`, `12`), or a clock
/// (`0:02.5`, `1:02,5`, `1:02:03.25`) whose seconds and minutes below an hour are two digits
/// under 60. Anything else is refused with the reason, never read as another number: an English
/// browser's number field reads `2,5` as 25, which is why the forms do not use one.
public enum SegmentTime {
  /// Why a text is not a time.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as typed.
    public let text: String
    /// Why it was refused.
    public let reason: String

    public var description: String {
      "\(text.isEmpty ? "an empty time" : "'\(text)'") is not a time: \(reason); "
        + "write seconds (2.5 or 2,5) or minutes:seconds (0:02.5, 1:02.5)"
    }
  }

  /// The most fraction digits read: a millisecond is the precision links are stored at.
  private static let fractionDigits = 3

  /// Seconds as text to the millisecond, without trailing zeros (`2.5`, `12`, `0.84`): the way
  /// times are written in messages and media-fragment links.
  ///
  /// - Parameter seconds: A finite number of seconds.
  /// - Returns: The text.
  public static func text(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    let sign = milliseconds < 0 ? "-" : ""
    let whole = abs(milliseconds) / 1000
    var fraction = String(abs(milliseconds) % 1000)
    guard fraction != "0" else { return sign + String(whole) }
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(sign)\(whole).\(fraction)"
  }

  /// The seconds a text stands for.
  /// - Throws: ``ParseError`` naming what is wrong with it.
  public static func seconds(_ text: String) throws(ParseError) -> Double {
    let typed = text.trimmingSpaces
    func refuse(_ reason: String) -> ParseError { ParseError(text: typed, reason: reason) }
    guard !typed.isEmpty else { throw refuse("nothing was typed") }
    let parts = typed.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 3 else { throw refuse("it has more than hours, minutes and seconds") }
    var total = 0.0
    for (index, part) in parts.enumerated() {
      let last = index == parts.count - 1
      let value: Double
      if last {
        value = try secondsPart(part, inClock: parts.count > 1, refuse: refuse)
      } else {
        guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit) else {
          throw refuse("'\(part)' before a colon is not a whole number")
        }
        guard index == 0 || (part.count == 2 && (Int(part) ?? 60) < 60) else {
          throw refuse("minutes after hours are two digits under 60")
        }
        guard part.count <= 6 else { throw refuse("'\(part)' is too long") }
        value = Double(Int(part) ?? 0)
      }
      total = total * 60 + value
    }
    return total
  }

  /// The seconds after the last colon, or the whole text when there is none.
  private static func secondsPart(
    _ part: Substring, inClock: Bool, refuse: (String) -> ParseError
  ) throws(ParseError) -> Double {
    let separators = part.filter { $0 == "." || $0 == "," }
    guard separators.count <= 1 else {
      throw refuse("it has more than one decimal separator (thousands separators are not read)")
    }
    let pieces = part.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
    let whole = pieces[0]
    let fraction = pieces.count > 1 ? pieces[1] : ""
    if part.hasPrefix("-") { throw refuse("a time is never negative") }
    guard !whole.isEmpty || !fraction.isEmpty, whole.allSatisfy(\.isASCIIDigit),
      fraction.allSatisfy(\.isASCIIDigit)
    else {
      throw refuse("only digits, one decimal point or comma, and colons are read")
    }
    guard pieces.count == 1 || !fraction.isEmpty else {
      throw refuse("no digits follow the decimal separator")
    }
    guard fraction.count <= fractionDigits else { throw refuse("it is more precise than a millisecond") }
    if inClock {
      guard whole.count == 2, (Int(whole) ?? 60) < 60 else {
        throw refuse("seconds after a colon are two digits under 60, as in 1:02.5")
      }
    } else {
      guard whole.count <= 7 else { throw refuse("'\(whole)' seconds is longer than any recording") }
    }
    let wholeValue = Double(Int(whole) ?? 0)
    let fractionValue = Double(Int(fraction) ?? 0) / pow10(fraction.count)
    return wholeValue + fractionValue
  }

  private static func pow10(_ digits: Int) -> Double {
    (0..<digits).reduce(1.0) { value, _ in value * 10 }
  }

  /// A time as a clock with milliseconds, e.g. `1:02.500`, or `1:00:02.500` past an hour: what
  /// a form shows beside the field it read.
  public static func clock(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    let (totalSeconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    let (totalMinutes, second) = totalSeconds.quotientAndRemainder(dividingBy: 60)
    let (hours, minute) = totalMinutes.quotientAndRemainder(dividingBy: 60)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return hours > 0
      ? "\(hours):\(two(minute)):\(two(second)).\(millis)" : "\(minute):\(two(second)).\(millis)"
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
