import HTTPTypes
import Hummingbird

/// Turns an error no inner middleware rendered into a page or a JSON error with its status, and
/// adds the headers that keep data from running as code: a strict Content-Security-Policy (our script and styles
/// only, no inline script, no event-handler attributes, no framing) on every response.
struct ResponseSafetyMiddleware: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  /// The policy every response carries.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; "
    + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    do {
      response = try await next(request, context)
    } catch {
      response = Self.render(WebError.from(error), request: request, context: context)
    }
    response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicy] = "same-origin"
    response.headers[.xFrameOptions] = "DENY"
    return response
  }

  /// An error as JSON for the API and media, else as a page.
  static func render(_ error: WebError, request: Request, context: Context) -> Response {
    let path = request.uri.path
    if path.hasPrefix("/api/") || path.hasPrefix("/media/") {
      let body = ["error": ["code": error.code, "message": error.message]]
      return (try? Response.json(body, status: error.status)) ?? Response(status: error.status)
    }
    if error == .signInRequired && request.method == .get {
      return Response.seeOther(URLText.with("/signin", query: [("next", request.uri.string)]))
    }
    return Response.page(ErrorPage(error: error, visitor: context.visitor).html, status: error.status)
  }
}
