import ExhibitKit
import Foundation
import Hummingbird

/// Signing in and out, and `/api/session`, which tells a script who it is and its CSRF token.
struct SessionRoutes {
  let stores: CataloguePool
  /// Whether visitors sign in (on loopback without `--accounts` they do not).
  let accounts: Bool
  let passwordHasher: PasswordHasher
  let throttle: SignInThrottle
  /// The sessions the media fast path answers without asking the database.
  let readers: ReaderGrants

  /// What `/api/session` answers.
  struct SessionInfo: Encodable {
    let name: String?
    let role: AccountRole?
    let signedIn: Bool
    let accounts: Bool
    let csrfToken: String
  }

  func register(in groups: RouteGroups) {
    groups.openAPI.get("session") { _, context -> Response in
      try .json(
        SessionInfo(
          name: context.visitor.name, role: context.visitor.role, signedIn: context.visitor.signedIn,
          accounts: accounts, csrfToken: context.visitor.csrfToken))
    }

    groups.openPages.get("/signin") { request, context -> Response in
      guard accounts else { return .seeOther("/") }
      return .page(SignInPage(visitor: context.visitor, next: Self.safeNext(request.query("next"))).html)
    }

    groups.openPages.post("/signin") { request, context -> Response in
      guard accounts else { return .seeOther("/") }
      let form = context.form
      let next = Self.safeNext(form.text("next"))
      let name = form.text("name") ?? ""
      let password = form["password"] ?? ""
      // Admitted before any password is checked: parallel guesses are refused, not hashed.
      let ticket: SignInThrottle.Ticket
      switch try await throttle.admit(account: name, address: context.remoteAddress ?? "unknown") {
      case .refused(let retryAfter):
        let page = SignInPage(
          visitor: context.visitor, next: next,
          error: "Too many sign-in attempts for this account. Try again in \(retryAfter) seconds.")
        var response = Response.page(page.html, status: .tooManyRequests)
        response.headers[.retryAfter] = String(retryAfter)
        return response
      case .proceed(let wait, let admitted):
        ticket = admitted
        await throttle.wait(wait)
      }
      let credentials: (account: Account, passwordHash: String)?
      let matches: Bool
      do {
        credentials = try await stores.read { try await $0.accountCredentials(name: name) }
        // bcrypt reads 72 bytes at most and nothing after a NUL: a password past either would
        // match on its first part alone, so it never matches (`users add` refuses such passwords).
        let wholeRead = !password.utf8.contains(0) && password.utf8.count <= AccountError.maximumPasswordBytes
        matches =
          try await passwordHasher.verify(password, hashOrNone: credentials?.passwordHash) && wholeRead
      } catch {
        try? await throttle.finish(ticket, succeeded: false)
        throw error
      }
      guard let account = credentials?.account, matches else {
        try await throttle.finish(ticket, succeeded: false)
        let page = SignInPage(
          visitor: context.visitor, next: next, error: "The account or the password is wrong.")
        return .page(page.html, status: .unauthorized)
      }
      try await throttle.finish(ticket, succeeded: true)
      let token = SessionTokens.random()
      try await stores.write {
        try await $0.startSession(
          tokenSHA256: SessionTokens.storageKey(token), account: account.name, at: Date(),
          lifetime: SessionTokens.lifetime)
      }
      var response = Response.seeOther(next)
      response.setCookie(VisitorMiddleware.cookie(token))
      return response
    }

    groups.pages.post("/signout") { request, _ -> Response in
      if let token = request.cookies[SessionTokens.cookieName]?.value, SessionTokens.isWellFormed(token) {
        // Forgotten here at once; other servers hear of the ended session from the database.
        readers.revoke(SessionTokens.storageKey(token))
        try await stores.write { try await $0.endSession(tokenSHA256: SessionTokens.storageKey(token)) }
      }
      var response = Response.seeOther(accounts ? "/signin" : "/")
      response.setCookie(VisitorMiddleware.cookie(SessionTokens.random()))
      return response
    }
  }

  /// A path on this server to go to after signing in; anything else becomes `/`.
  /// The address is parsed as a URL: it must be a path on this server (no scheme, no host, no
  /// control characters such as a TAB, which browsers drop and would turn `/\t/evil.example`
  /// into `//evil.example`).
  static func safeNext(_ next: String?) -> String {
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
      !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\\" }),
      let parsed = URLComponents(string: next), parsed.scheme == nil, parsed.host == nil,
      parsed.path.hasPrefix("/"), !parsed.path.hasPrefix("//")
    else { return "/" }
    return next
  }
}
