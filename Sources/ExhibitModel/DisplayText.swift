import Foundation

/// How times and languages read to a person, the same in the bundle's report and the web pages.
public enum DisplayText {
  /// A time in seconds as `m:ss.s`.
  public static func clock(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10).rounded())
    // Written out, not with `String(format:)`, whose first use costs a reading command a
    // fiftieth of its start.
    let seconds = (tenths / 10) % 60
    return "\(tenths / 600):\(seconds >= 0 && seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
  }

  /// A language tag (`en-US`) in English words (`English (United States)`), or the tag itself.
  public static func languageName(_ code: String) -> String {
    Locale(identifier: "en").localizedString(forIdentifier: code) ?? code
  }
}
