import Foundation

/// Who is acting, for links and the audit trail.
public enum Actor {
  /// The environment variable naming the auditor.
  public static let environmentVariable = "EXHIBIT_AUDITOR"

  /// What the audit trail calls someone it cannot name.
  public static let unknown = "unknown"

  /// `--auditor`, else `$EXHIBIT_AUDITOR`, else ``named(explicit:environment:)``'s account, else
  /// `unknown`.
  public static func current(explicit: String? = nil, environment: [String: String]) -> String {
    named(explicit: explicit, environment: environment) ?? unknown
  }

  /// `--auditor`, else `$EXHIBIT_AUDITOR`, else `$USER` or `$LOGNAME`, else the account the
  /// process runs as (its password entry, so an empty `$USER` in a container or a cron job still
  /// names someone), else the login name; nil when none can be found.
  public static func named(explicit: String? = nil, environment: [String: String]) -> String? {
    if let explicit, !explicit.trimmingWhitespace.isEmpty { return explicit }
    if let named = environment[environmentVariable], !named.isEmpty { return named }
    for variable in ["USER", "LOGNAME"] {
      if let user = environment[variable], !user.trimmingWhitespace.isEmpty { return user }
    }
    if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
      let account = String(cString: name)
      if !account.isEmpty { return account }
    }
    if let login = getlogin().map({ String(cString: $0) }), !login.isEmpty { return login }
    return nil
  }
}
