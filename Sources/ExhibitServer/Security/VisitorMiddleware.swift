import ExhibitKit
import Foundation
import HTTPTypes
import Hummingbird

/// Decides who is asking.
///
/// Every browser gets an `exhibit_session` cookie (HttpOnly, SameSite=Strict). In loopback mode
/// the visitor is the OS user, an auditor; with accounts, the cookie's session names them. What a
/// route group then asks of them (signed in; a POST with the cookie's CSRF token, from this
/// server) is the group's ``RequestPolicy``.
struct VisitorMiddleware: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  let mode: AccessMode
  let tokens: SessionTokens
  let stores: CataloguePool
  /// Where a session found signed in is granted reading recordings' bytes (``MediaFastPath``).
  let readers: ReaderGrants

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let request = request
    var context = context
    let presented = request.cookies[SessionTokens.cookieName]?.value
    let kept = presented.flatMap { SessionTokens.isWellFormed($0) ? $0 : nil }
    let known = kept != nil
    let token = kept ?? SessionTokens.random()
    let csrf = tokens.csrfToken(for: token)
    switch mode {
    case .loopback(let actor):
      context.visitor = Visitor(name: actor, role: .auditor, csrfToken: csrf)
    case .accounts:
      let key = SessionTokens.storageKey(token)
      // The version is read before the session, so a change in between voids the grant.
      let version = try stores.dataVersion()
      let account =
        known ? try await stores.read { try await $0.sessionAccount(tokenSHA256: key, at: Date()) } : nil
      if account?.role != nil { readers.grant(key, version: version) }
      context.visitor = Visitor(
        name: account?.name, role: account?.role, csrfToken: csrf, signedIn: account != nil)
    }
    // The audit the visitor works in, for pages and the API to read and write in.
    if context.visitor.mayRead, !request.uri.path.hasPrefix("/static/"),
      !request.uri.path.hasPrefix("/media/")
    {
      let choice = request.cookies[AuditMenu.cookieName]?.value
      context.visitor.audits = try await stores.cachedRead("audit menu \(choice ?? "")") {
        try await AuditMenu.read(choice: choice, from: $0)
      }
    }
    // The session's token, for the group's policy to check a write's CSRF token against.
    context.session = ExhibitRequestContext.Session(token: token, presented: known)
    var response = try await next(request, context)
    let setsSession = response.headers[values: .setCookie].contains {
      $0.hasPrefix(SessionTokens.cookieName + "=")
    }
    if !known && !setsSession {
      response.setCookie(Self.cookie(token))
    }
    return response
  }

  /// The session cookie for a token.
  static func cookie(_ token: String, maxAge: Int? = nil) -> Cookie {
    Cookie(
      name: SessionTokens.cookieName, value: token, maxAge: maxAge, path: "/", httpOnly: true,
      sameSite: .strict)
  }

  /// The `Set-Cookie` value of ``cookie(_:maxAge:)`` without a max age, written directly.
  static func cookieText(_ token: String) -> String {
    "\(SessionTokens.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Refuses a request whose `Origin` is another site, or that the browser marks cross-site
  /// (``RequestPolicy`` asks it of every write).
  static func requireSameOrigin(_ request: Request) throws {
    if let site = request.headers[.secFetchSite],
      site == "cross-site" || site == "same-site"
    {
      throw WebError.foreignOrigin
    }
    guard let origin = request.headers[.origin] else { return }
    guard let authority = request.head.authority,
      origin == "http://\(authority)" || origin == "https://\(authority)"
    else { throw WebError.foreignOrigin }
  }
}
