import Hummingbird
import NIOConcurrencyHelpers

/// Refuses a request whose `Host` is not a name this server answers to, with 421 Misdirected
/// Request, before anything else reads it.
///
/// In loopback mode every connection is the local auditor, so a web page on a domain that
/// resolves to 127.0.0.1 (DNS rebinding) would otherwise read pages and post verdicts as them:
/// there the host must be `127.0.0.1`, `localhost` or `[::1]` with the port the server listens
/// on. With accounts, a deployment names the host names it is reached by (`--allowed-host`,
/// `--public-url`); without any, the cookie's host binding and signing in are the guard. A
/// request without `Host` (HTTP/1.0, a script) is let through: a browser always sends one.
struct HostGuard: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  /// The port the server listens on, once it does (0 while unknown: a test without sockets).
  final class BoundPort: Sendable {
    private let value = NIOLockedValueBox(0)
    var port: Int { value.withLockedValue { $0 } }
    func set(_ port: Int) { value.withLockedValue { $0 = port } }
  }

  let loopback: Bool
  /// Host names (lowercased, without port) accepted with accounts; empty accepts any.
  let allowedHosts: Set<String>
  let bound: BoundPort

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let authority = request.head.authority else { return try await next(request, context) }
    guard accepts(authority) else {
      throw WebError(
        .misdirectedRequest, "misdirected",
        "this server does not answer to the host \(authority); open it at its own address")
    }
    return try await next(request, context)
  }

  /// Whether `authority` (`host` or `host:port`) names this server.
  func accepts(_ authority: String) -> Bool {
    let (host, port) = Self.split(authority.lowercased())
    if loopback {
      guard ["127.0.0.1", "localhost", "[::1]"].contains(host) else { return false }
      let listening = bound.port
      return listening == 0 || port == listening || (port == nil && listening == 80)
    }
    return allowedHosts.isEmpty || allowedHosts.contains(host)
  }

  /// `[::1]:8080` → (`[::1]`, 8080); `example.org` → (`example.org`, nil).
  static func split(_ authority: String) -> (host: String, port: Int?) {
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      let host = String(authority[...close])
      let rest = authority[authority.index(after: close)...]
      return (host, rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
    }
    guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
    return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]) ?? -1)
  }
}
