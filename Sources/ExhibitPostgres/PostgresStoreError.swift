import PostgresNIO

/// Why a PostgreSQL catalogue could not be used. Messages name the database by its URL without
/// its password (``PostgresLocation/redacted``).
public enum PostgresStoreError: Error, Equatable, CustomStringConvertible {
  /// The URL cannot be read.
  case badURL(String, reason: String)
  /// The server could not be reached or refused the sign-in.
  case unreachable(String, reason: String)
  /// The server refused a statement: its SQLSTATE and message.
  case refused(String, sqlState: String, message: String)
  /// The database's schema was made by a newer Exhibit.
  case newerSchema(String, version: Int, known: Int)
  /// A transaction kept failing to serialize after every retry.
  case busy(String, attempts: Int)
  /// The database's schema is older than this Exhibit's (0: none made yet).
  case olderSchema(String, version: Int, needed: Int)
  /// The role connected as has no rights on Exhibit's schema.
  case notGranted(String, role: String)

  public var description: String {
    switch self {
    case .badURL(let url, let reason): "\(url): \(reason)"
    case .unreachable(let url, let reason): "\(url): cannot connect: \(reason)"
    case .refused(let url, let sqlState, let message): "\(url): \(message) (SQLSTATE \(sqlState))"
    case .newerSchema(let url, let version, let known):
      "\(url): the schema is at version \(version), made by a newer Exhibit (this one knows \(known))"
    case .busy(let url, let attempts):
      "\(url): the transaction could not be serialized after \(attempts) attempts; try again"
    case .notGranted(let url, let role):
      "\(url): \(role) may not use Exhibit's schema here; the schema's owner gives it the rights with "
        + "`exhibit init --grant \(role)`"
    case .olderSchema(let url, 0, _):
      "\(url): no Exhibit catalogue in this database yet; run `exhibit init` (as the role to own it)"
    case .olderSchema(let url, let version, let needed):
      "\(url): the schema is at version \(version), this Exhibit needs \(needed); run `exhibit init` "
        + "(as the role that owns it)"
    }
  }

  /// The server's SQLSTATE when it refused a statement.
  public var sqlState: String? {
    if case .refused(_, let sqlState, _) = self { return sqlState }
    return nil
  }

  /// `error` as this type: a server's refusal with its SQLSTATE and message, a connection's
  /// failure with its cause. postgres-nio's own description hides both, so they are read here.
  static func from(_ error: any Error, url: String) -> PostgresStoreError {
    if let error = error as? PostgresStoreError { return error }
    guard let error = error as? PSQLError else { return .unreachable(url, reason: "\(error)") }
    if let serverInfo = error.serverInfo, let sqlState = serverInfo[.sqlState] {
      let message = serverInfo[.message] ?? "refused"
      // Sign-in refusals (28xxx) and a missing database (3D000) mean the database cannot be used.
      if sqlState.hasPrefix("28") || sqlState == "3D000" { return .unreachable(url, reason: message) }
      return .refused(url, sqlState: sqlState, message: message)
    }
    if let inner = error.underlying as? PSQLError { return from(inner, url: url) }
    if let underlying = error.underlying { return .unreachable(url, reason: "\(underlying)") }
    return .unreachable(url, reason: words(of: "\(error.code)"))
  }

  /// postgres-nio's name of a failure (`serverClosedConnection`) as words ("server closed connection").
  private static func words(of name: String) -> String {
    name.reduce(into: "") { text, character in
      if character.isUppercase { text += " " + character.lowercased() } else { text.append(character) }
    }
  }
}
