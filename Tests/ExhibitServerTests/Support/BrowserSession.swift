import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// A browser's side of a conversation with the server: it keeps the session cookie and reads
/// the CSRF token from `/api/session`, as a page's forms carry it.
struct BrowserSession: Sendable {
  let client: any TestClientProtocol
  private(set) var cookie: String?
  private(set) var csrfToken = ""

  init(_ client: any TestClientProtocol) {
    self.client = client
  }

  /// Fetches `/api/session` to get a cookie and a CSRF token.
  mutating func start() async throws {
    let response = try await get("/api/session")
    let session =
      try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
    csrfToken = session?["csrf_token"] as? String ?? ""
  }

  /// A GET, with the cookie.
  @discardableResult
  mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
    var headers = headers
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(uri: path, method: .get, headers: headers)
    remember(response)
    return response
  }

  /// A form POST with the CSRF token unless `csrf` is false.
  @discardableResult
  mutating func post(_ path: String, form: [(String, String)], csrf: Bool = true, headers: HTTPFields = [:])
    async throws -> TestResponse
  {
    var fields = form
    if csrf { fields.append(("csrf_token", csrfToken)) }
    let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    var headers = headers
    headers[.contentType] = "application/x-www-form-urlencoded"
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    remember(response)
    return response
  }

  /// A JSON POST with the CSRF token in its header.
  @discardableResult
  mutating func postJSON(_ path: String, _ object: [String: Any], csrf: Bool = true) async throws
    -> TestResponse
  {
    var headers: HTTPFields = [.contentType: "application/json"]
    if csrf, let name = HTTPField.Name("X-CSRF-Token") { headers[name] = csrfToken }
    if let cookie { headers[.cookie] = cookie }
    let body = try JSONSerialization.data(withJSONObject: object)
    let response = try await client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    remember(response)
    return response
  }

  /// Signs in with the sign-in form.
  mutating func signIn(_ name: String, password: String = "a long enough password") async throws
    -> TestResponse
  {
    if cookie == nil { try await start() }
    let response = try await post("/signin", form: [("name", name), ("password", password), ("next", "/")])
    try await start()
    return response
  }

  private mutating func remember(_ response: TestResponse) {
    for value in response.headers[values: .setCookie] where value.hasPrefix("exhibit_session=") {
      cookie = String(value.split(separator: ";")[0])
    }
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }

  /// The body as a JSON object.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
  }
}
