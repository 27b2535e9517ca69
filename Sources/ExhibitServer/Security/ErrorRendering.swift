import Hummingbird

/// Renders a route group's errors, knowing who is asking: as JSON (`{"error": {"code",
/// "message"}}`) for the API and media, as a page for the rest (keeping the navigation and the
/// sign-out button); a page asked for before signing in redirects to sign-in. An internal error
/// is logged through the request's logger. Errors from before any group (the host guard, a path
/// no route has) are rendered by ``ResponseSafetyMiddleware``.
struct ErrorRendering: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  enum Form {
    case json
    case page
  }

  let form: Form

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let web = WebError.from(error)
      if web.status == .internalServerError { context.logger.error("internal error: \(error)") }
      return render(web, request: request, context: context)
    }
  }

  func render(_ error: WebError, request: Request, context: Context) -> Response {
    switch form {
    case .json:
      let body = ["error": ["code": error.code, "message": error.message]]
      return (try? Response.json(body, status: error.status)) ?? Response(status: error.status)
    case .page:
      if error == .signInRequired && request.method == .get {
        return Response.seeOther(URLText.with("/signin", query: [("next", request.uri.string)]))
      }
      return Response.page(ErrorPage(error: error, visitor: context.visitor).html, status: error.status)
    }
  }
}
