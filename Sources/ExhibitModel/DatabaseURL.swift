/// What `--db` and `$EXHIBIT_DB` may name besides a SQLite file: a database server's URL
/// (`postgres://user@host/database`), read by the catalogue's server backend.
public enum DatabaseURL {
  /// Whether `text` is a PostgreSQL URL (`postgres://` or `postgresql://`) rather than a path.
  public static func isPostgres(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// `text` with any password between `scheme://user:` and `@` taken out: what messages show.
  public static func withoutPassword(_ text: String) -> String {
    guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else {
      return text
    }
    let userInfo = text[scheme.upperBound..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return text }
    return String(text[..<colon]) + String(text[at...])
  }
}
