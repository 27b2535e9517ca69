import Hummingbird

/// What a group of routes asks of a request before a route runs: whether someone must have
/// signed in, and, for anything but GET and HEAD, a request from this site carrying the
/// session's CSRF token (a header, or the form's `csrf_token` field, whose fields it reads once
/// for the route).
struct RequestPolicy: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  /// Whether visitors who have not signed in may use the group's routes.
  let anonymous: Bool
  let tokens: SessionTokens

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    // A page asked for before signing in redirects to sign-in (the group's error rendering
    // turns this error into the redirect for GET, a 401 otherwise).
    guard anonymous || context.visitor.mayRead else { throw WebError.signInRequired }
    if request.method != .get && request.method != .head {
      try VisitorMiddleware.requireSameOrigin(request)
      var request = request
      let body = try await request.collectBody(upTo: context.maxUploadSize)
      if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
        context.form = FormFields(body: String(buffer: body))
      }
      let sent = request.headers[.csrfToken] ?? context.form["csrf_token"]
      guard context.session.presented, let sent, tokens.accepts(sent, for: context.session.token) else {
        throw WebError.badCSRFToken
      }
      return try await next(request, context)
    }
    return try await next(request, context)
  }
}
