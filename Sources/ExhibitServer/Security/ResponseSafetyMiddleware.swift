import HTTPTypes
import Hummingbird

/// Adds the headers that keep data from running as code to every response (the server's
/// ``RequestRules``, which the media fast path applies too). An error from outside every route group (the host guard's 421, a path
/// no route has) is answered here, as JSON to a client that asks only for JSON (`Accept`), else
/// as a page; the groups render their own (``ErrorRendering``).
struct ResponseSafetyMiddleware: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  /// The server's rules, whose safety headers every response carries.
  let rules: RequestRules

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    do {
      response = try await next(request, context)
    } catch {
      let web = WebError.from(error)
      if web.status == .internalServerError { context.logger.error("internal error: \(error)") }
      response = Self.render(web, request: request, context: context)
    }
    rules.secure(&response.headers)
    return response
  }

  /// An error from outside every route group, in the form the client accepts.
  static func render(_ error: WebError, request: Request, context: Context) -> Response {
    let accept = request.headers[.accept]?.lowercased() ?? ""
    let wantsJSON = accept.contains("application/json") && !accept.contains("text/html")
    return ErrorRendering(form: wantsJSON ? .json : .page).render(error, request: request, context: context)
  }
}
