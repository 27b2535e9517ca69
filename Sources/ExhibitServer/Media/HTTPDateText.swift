import Foundation
import NIOConcurrencyHelpers

/// The `Date` header's text for the current second (RFC 9110 §5.6.7, `Wed, 25 Nov 2026 17:29:33
/// GMT`), made once a second and shared, for answers written without Hummingbird's responder
/// (``MediaFastPath``).
enum HTTPDateText {
  private static let latest = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))
  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The date now.
  static func now() -> String {
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    let second = Int(clock.tv_sec)
    if let text = latest.withLockedValue({ $0.second == second ? $0.text : nil }) { return text }
    let text = format(second)
    latest.withLockedValue { $0 = (second, text) }
    return text
  }

  /// The date `second` seconds after 1970 began, in UTC.
  static func format(_ second: Int) -> String {
    var time = time_t(second)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
