import Foundation

/// The one timestamp format Exhibit stores: ISO 8601, UTC, milliseconds (`2026-11-21T13:55:02.123Z`).
public enum Timestamp {
  /// Renders a date.
  public static func string(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds = milliseconds / 1000
    let fraction = milliseconds - seconds * 1000
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(fraction))
  }
}
