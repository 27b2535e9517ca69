import Hummingbird

/// The server's routes in groups, each with its own middleware: how its errors are rendered and
/// what it asks of a request (``RequestPolicy``). A route is registered in the group it belongs
/// to, with a path relative to the group's.
struct RouteGroups {
  /// `/api/…`: JSON and JSON errors; signed in; CSRF on writes.
  let api: RouterGroup<ExhibitRequestContext>
  /// `/api/session`: what a script needs before signing in.
  let openAPI: RouterGroup<ExhibitRequestContext>
  /// `/media/…`: recordings' bytes and captions, JSON errors; signed in.
  let media: RouterGroup<ExhibitRequestContext>
  /// The pages: error pages, and a redirect to sign-in for a visitor who has not.
  let pages: RouterGroup<ExhibitRequestContext>
  /// Signing in: pages anyone may reach (a POST still carries its CSRF token).
  let openPages: RouterGroup<ExhibitRequestContext>
  /// `/static/…`: the stylesheet and script, for anyone.
  let assets: RouterGroup<ExhibitRequestContext>

  init(router: Router<ExhibitRequestContext>, tokens: SessionTokens) {
    func group(_ path: RouterPath, _ form: ErrorRendering.Form, anonymous: Bool) -> RouterGroup<
      ExhibitRequestContext
    > {
      router.group(path).add(middleware: ErrorRendering(form: form))
        .add(middleware: RequestPolicy(anonymous: anonymous, tokens: tokens))
    }
    openAPI = group("api", .json, anonymous: true)
    api = group("api", .json, anonymous: false)
    media = group("media", .json, anonymous: false)
    openPages = group("", .page, anonymous: true)
    pages = group("", .page, anonymous: false)
    assets = group("static", .page, anonymous: true)
  }

  /// Answers a path under `/api` that no route has in the API's form, JSON, like its other
  /// errors; registered after every API route. (`/media` has no such route: Hummingbird will not
  /// put one beside `/media/:sha`, and a media client reads the status.)
  func answerUnknownAPIPaths() {
    for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete] {
      api.on("**", method: method) { _, _ -> Response in throw WebError.notFound("there is no such API path")
      }
    }
  }
}
