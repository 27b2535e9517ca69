import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One visitor of a running `exhibit serve`: the session cookie and CSRF token its first page
/// gave it, sent with every request after, to whichever server it asks.
struct WebVisitor: Sendable {
  let session: String
  let csrfToken: String

  /// What a request answered.
  struct Answer: Sendable {
    let status: Int
    let body: String
    let seconds: Double
    /// The session token a `Set-Cookie` gave, if any.
    let session: String?
  }

  /// A client that keeps no cookies and follows no redirect: the test sees what was answered.
  private static let client: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
  }()

  /// A visitor that opened `path` on the server at `base` first.
  static func arrive(at base: String, path: String = "/") async throws -> WebVisitor {
    let (data, response) = try await client.data(from: try #require(URL(string: base + path)))
    let http = try #require(response as? HTTPURLResponse)
    let cookie = try #require(http.value(forHTTPHeaderField: "Set-Cookie"))
    let page = String(decoding: data, as: UTF8.self)
    let token = try #require(page.firstMatch(of: /name="csrf_token" value="([0-9a-f]+)"/)?.output.1)
    let value = try #require(cookie.firstMatch(of: /exhibit_session=([0-9a-f]+)/)?.output.1)
    return WebVisitor(session: String(value), csrfToken: String(token))
  }

  /// GETs `url`.
  func get(_ url: String) async throws -> Answer {
    try await send(try request(url))
  }

  /// POSTs `object` as JSON to `url`.
  func postJSON(_ url: String, _ object: [String: Any]) async throws -> Answer {
    var request = try request(url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: object)
    return try await send(request)
  }

  /// POSTs a form with `fields` (and the CSRF token) to `url`.
  func postForm(_ url: String, _ fields: [(String, String)]) async throws -> Answer {
    var request = try request(url)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    request.httpBody = Data(
      (fields + [("csrf_token", csrfToken)]).map { name, value in
        "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
      }.joined(separator: "&").utf8)
    return try await send(request)
  }

  private func request(_ url: String) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: url)))
    request.setValue("exhibit_session=\(session)", forHTTPHeaderField: "Cookie")
    request.setValue(csrfToken, forHTTPHeaderField: "X-CSRF-Token")
    return request
  }

  private func send(_ request: URLRequest) async throws -> Answer {
    let started = Date()
    let (data, response) = try await Self.client.data(for: request)
    let http = response as? HTTPURLResponse
    let cookie = http?.value(forHTTPHeaderField: "Set-Cookie")
    return Answer(
      status: http?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self),
      seconds: Date().timeIntervalSince(started),
      session: (cookie?.firstMatch(of: /exhibit_session=([0-9a-f]+)/)?.output.1).map(String.init))
  }
}

/// Leaves a redirect for the test to see.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
