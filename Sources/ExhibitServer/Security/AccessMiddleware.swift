import Hummingbird

/// Keeps everything but the sign-in page and the page assets from a visitor who has not
/// signed in: pages redirect to sign-in, the API and media answer 401.
struct AccessMiddleware: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  /// Paths anyone may reach.
  static func isPublic(_ path: String) -> Bool {
    path == "/signin" || path == "/api/session" || path.hasPrefix("/static/")
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard context.visitor.mayRead || Self.isPublic(path) else {
      if path.hasPrefix("/api/") || path.hasPrefix("/media/") || request.method != .get {
        throw WebError.signInRequired
      }
      let back = request.uri.string
      return Response.redirect(to: URLText.with("/signin", query: [("next", back)]), type: .normal)
    }
    return try await next(request, context)
  }
}
