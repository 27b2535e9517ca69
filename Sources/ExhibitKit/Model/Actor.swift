import Foundation

/// Who is acting, for links and the audit trail.
public enum Actor {
  /// The environment variable naming the auditor.
  public static let environmentVariable = "EXHIBIT_AUDITOR"

  /// `--auditor`, else `$EXHIBIT_AUDITOR`, else the login name, else `unknown`.
  public static func current(explicit: String? = nil, environment: [String: String]) -> String {
    if let explicit, !explicit.trimmingWhitespace.isEmpty { return explicit }
    if let named = environment[environmentVariable], !named.isEmpty { return named }
    if let user = environment["USER"] ?? environment["LOGNAME"], !user.isEmpty { return user }
    if let login = getlogin().map({ String(cString: $0) }), !login.isEmpty { return login }
    return "unknown"
  }
}
