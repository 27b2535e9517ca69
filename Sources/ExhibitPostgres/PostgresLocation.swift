import ExhibitModel
import Foundation

/// Where a PostgreSQL catalogue is: `postgres://user@host:port/database`, as `--db` or
/// `$EXHIBIT_DB` name it (also `postgresql://`, and `?host=/folder` for a Unix socket's folder,
/// as libpq reads it).
///
/// The password is looked up as libpq does: the URL's, else `$PGPASSWORD`, else the matching line
/// of `$PGPASSFILE` or `~/.pgpass`. It is never printed: ``redacted`` is the URL to show.
public struct PostgresLocation: Sendable, Equatable {
  /// The server's host name or address; nil when ``socketFolder`` is used.
  public var host: String?
  /// The folder holding the server's Unix socket (`.s.PGSQL.<port>`).
  public var socketFolder: String?
  public var port: Int
  public var user: String
  public var database: String
  /// The password, when one was found.
  public var password: String?
  /// Whether and how the connection is encrypted, as libpq's `sslmode` says.
  public var encryption: Encryption = .prefer

  /// libpq's `sslmode` values: `disable`; `prefer` (TLS when the server offers it, the default)
  /// and `require` (TLS or no connection), neither checking the server's certificate, as libpq;
  /// `verify-ca` (a certificate the system trusts) and `verify-full` (and for this host name).
  public enum Encryption: String, Sendable, Equatable, CaseIterable {
    case disable, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  /// Reads a `postgres://` URL, taking what it leaves out from the environment (`PGUSER`,
  /// `PGHOST`, `PGPORT`, `PGDATABASE`) and the password from where libpq would.
  /// - Throws: ``PostgresStoreError/badURL(_:reason:)``.
  public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard DatabaseURL.isPostgres(text), let components = URLComponents(string: text) else {
      throw PostgresStoreError.badURL(
        DatabaseURL.withoutPassword(text), reason: "expected postgres://user@host:port/database")
    }
    let query = Dictionary(
      (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    let hostText = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
    let named = !hostText.isEmpty ? hostText : query["host"] ?? environment["PGHOST"] ?? ""
    if named.hasPrefix("/") {
      socketFolder = named
    } else {
      host = named.isEmpty ? "localhost" : named
    }
    if let port = components.port {
      self.port = port
    } else if let named = query["port"] ?? environment["PGPORT"] {
      guard let port = Int(named), (1...65535).contains(port) else {
        throw PostgresStoreError.badURL(
          DatabaseURL.withoutPassword(text), reason: "the port \(named) is not a port number")
      }
      self.port = port
    } else {
      port = 5432
    }
    let login = ProcessInfo.processInfo.userName
    user = components.user?.removingPercentEncoding ?? query["user"] ?? environment["PGUSER"] ?? login
    let path = String(components.percentEncodedPath.drop(while: { $0 == "/" }))
    let databaseName = path.removingPercentEncoding ?? path
    database = !databaseName.isEmpty ? databaseName : query["dbname"] ?? environment["PGDATABASE"] ?? user
    if let mode = query["sslmode"] ?? environment["PGSSLMODE"] {
      guard let encryption = Encryption(rawValue: mode) else {
        throw PostgresStoreError.badURL(
          DatabaseURL.withoutPassword(text),
          reason: "sslmode \(mode) is not one of "
            + Encryption.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.encryption = encryption
    }
    password =
      components.password?.removingPercentEncoding ?? environment["PGPASSWORD"]
      ?? PasswordFile(environment: environment)?.password(
        host: socketFolder == nil ? (host ?? "localhost") : "localhost", port: port, database: database,
        user: user)
  }

  /// The URL to show in messages and logs: no password, whatever was given.
  public var redacted: String {
    var text = "postgres://\(user)@"
    if let host { text += host.contains(":") ? "[\(host)]" : host }
    text += ":\(port)/\(database)"
    if let socketFolder { text += "?host=\(socketFolder)" }
    return text
  }
}
