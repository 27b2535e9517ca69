import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// A browser's side of a conversation with a live test server over a loopback socket: it names
/// the host as a browser does (`127.0.0.1:PORT`, which the host guard asks for), keeps the
/// session cookie and signs in with the form.
final class LiveBrowser: @unchecked Sendable {
  /// What the server answered.
  struct Answer: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
    var text: String { String(buffer: body) }
  }

  let port: Int
  private let client: TestClient
  private(set) var cookie: String?

  init(port: Int, cookie: String? = nil) {
    self.port = port
    self.cookie = cookie
    // A full test run keeps the cores busy for minutes: wait as long as the server may.
    client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(300)))
    client.connect()
  }

  /// A request with the session cookie, if there is one yet, to the server's own address unless
  /// `authority` names another.
  func request(
    _ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: ByteBuffer? = nil,
    authority: String? = nil
  ) async throws -> Answer {
    var headers = headers
    headers[.connection] = "keep-alive"
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(
      TestClient.Request(
        path, method: method, authority: authority ?? "127.0.0.1:\(port)", headers: headers, body: body))
    for value in response.headers[values: .setCookie] where value.hasPrefix("exhibit_session=") {
      cookie = String(value.split(separator: ";")[0])
    }
    return Answer(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
  }

  /// A form POST carrying the session's CSRF token.
  func post(_ path: String, form: [(String, String)]) async throws -> Answer {
    let session = try await request("/api/session")
    let token =
      (try JSONSerialization.jsonObject(with: Data(session.body.readableBytesView)) as? [String: Any])?[
        "csrf_token"] as? String ?? ""
    let fields = form + [("csrf_token", token)]
    let allowed = CharacterSet.alphanumerics
    let body = fields.map {
      "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
    return try await request(
      path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: body))
  }

  /// Closes the connection.
  func close() async throws {
    try await client.shutdown()
  }
}
