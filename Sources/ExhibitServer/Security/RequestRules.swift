import HTTPTypes

/// The rules every request is held to, as one value: which hosts the server answers to, who the
/// visitor is and may read, and the headers every response carries. The application's middleware
/// (``HostGuard``, ``VisitorMiddleware``, ``ResponseSafetyMiddleware``) and the media fast path
/// (``MediaFastPath``) both apply it, so a rule changed here holds on both paths.
struct RequestRules: Sendable {
  /// Which hosts the server answers to.
  let hosts: HostGuard
  /// Loopback (the OS user) or accounts.
  let mode: AccessMode
  /// The sessions found signed in, at a database version, that may read recordings' bytes.
  let readers: ReaderGrants
  /// The headers every response carries.
  let safetyHeaders: HTTPFields

  /// The headers that keep data from running as code: a strict Content-Security-Policy (our
  /// script and styles only, no inline script, no event-handler attributes, no framing), no
  /// sniffing, no referrer to other sites, no framing.
  static let standardSafetyHeaders: HTTPFields = [
    .contentSecurityPolicy:
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; "
      + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    .xContentTypeOptions: "nosniff",
    .referrerPolicy: "same-origin",
    .xFrameOptions: "DENY",
  ]

  /// Sets every safety header on `headers`, replacing what a route set.
  func secure(_ headers: inout HTTPFields) {
    for field in safetyHeaders { headers[field.name] = field.value }
  }

  /// What may be decided of a request to read a recording's bytes without the database.
  enum QuickRead: Equatable {
    /// The visitor may read; a browser without a session is given `newCookie`.
    case allowed(newCookie: String?)
    /// Only the application can say (a sign-in to look up, or none to be had).
    case askTheApplication
  }

  /// Whether the session on a request (``MediaFastPath/sessionCookie(_:)``: nil for a malformed
  /// cookie, `.some(nil)` for none) may read recordings at database version `version`, as
  /// ``VisitorMiddleware`` and the media group's policy would decide it: in loopback mode every
  /// browser reads (one without a session gets one); with accounts, a session granted at that
  /// version does.
  func quickRead(session: String??, version: Int64) -> QuickRead {
    guard let session else { return .askTheApplication }
    switch mode {
    case .loopback:
      return .allowed(newCookie: session == nil ? VisitorMiddleware.cookieText(SessionTokens.random()) : nil)
    case .accounts:
      guard let session, readers.allows(SessionTokens.storageKey(session), version: version) else {
        return .askTheApplication
      }
      return .allowed(newCookie: nil)
    }
  }
}
