import Hummingbird

/// Renders a route's error as a page or JSON, knowing who is asking (so an error page keeps the
/// navigation and the sign-out button). Errors from before the visitor is known are rendered by
/// ``ResponseSafetyMiddleware``.
struct ErrorPageMiddleware: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      return ResponseSafetyMiddleware.render(WebError.from(error), request: request, context: context)
    }
  }
}
