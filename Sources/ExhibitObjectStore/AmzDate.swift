/// A moment in UTC as Signature Version 4 writes it: `20150830T123600Z`, and its day `20150830`.
public struct AmzDate: Sendable, Equatable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64

  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// The basic ISO 8601 form signed requests carry in `X-Amz-Date`.
  public var timestamp: String {
    let (year, month, day) = civilDate
    let seconds = Int(((secondsSince1970 % 86_400) + 86_400) % 86_400)
    return Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(day, 2) + "T"
      + Self.digits(seconds / 3600, 2) + Self.digits(seconds / 60 % 60, 2) + Self.digits(seconds % 60, 2)
      + "Z"
  }

  /// The day, as the credential scope names it.
  public var day: String { String(timestamp.prefix(8)) }

  /// Year, month and day of the proleptic Gregorian calendar (Howard Hinnant's days-to-civil).
  private var civilDate: (Int, Int, Int) {
    let days = Int((secondsSince1970 - (((secondsSince1970 % 86_400) + 86_400) % 86_400)) / 86_400)
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
