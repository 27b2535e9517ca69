import Hummingbird
import NIOCore

/// Hummingbird's request context with who is asking, set by ``VisitorMiddleware``.
public struct ExhibitRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// Who is asking; set before any route runs.
  public var visitor = Visitor(name: nil, role: nil, csrfToken: "")
  /// The form fields of a POST, read once by the middleware that checks its CSRF token.
  var form: FormFields = FormFields()
  /// The visitor's session token, and whether the request presented it (a new visitor is given
  /// one with the response), set by ``VisitorMiddleware``.
  var session = Session(token: "", presented: false)

  /// A session token as the request carried it.
  struct Session: Sendable {
    let token: String
    let presented: Bool
  }
  /// The address the request came from (its IP, without the port), to slow failed sign-ins by.
  let remoteAddress: String?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress?.ipAddress
  }

  /// Forms and JSON bodies are small: 1 MiB is far above any the pages send.
  public var maxUploadSize: Int { 1 << 20 }
}
