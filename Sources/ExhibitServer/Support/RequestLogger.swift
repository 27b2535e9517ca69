import Hummingbird
import Logging

/// Gives every request the server's logger (``ServerLogHandler``), so routes and middleware log
/// through `context.logger`. The application's own logger stays quiet:
/// Hummingbird logs each malformed or dropped connection, nothing a user can act on, and a flood
/// an attacker controls.
struct RequestLogger: RouterMiddleware {
  typealias Context = ExhibitRequestContext

  let logger: Logger

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.logger = logger
    return try await next(request, context)
  }
}
