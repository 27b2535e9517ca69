import AsyncHTTPClient
import ExhibitKit
import Foundation
import NIOCore
import NIOHTTP1

/// One request to a tracker's REST API and its answer read the way every tracker client needs: JSON
/// on success, a short rate limit (403 or 429 with `Retry-After`, or none left until
/// `x-ratelimit-reset`) waited out and a longer one named, and every other answer turned into a
/// ``TrackerError`` that names the tracker and the finding, never the credential.
struct TrackerRequest {
  let client: HTTPClient
  /// How messages name the tracker.
  let tracker: String
  /// The base of the API's paths.
  let apiURL: String
  /// The headers every request carries (the credential among them).
  let headers: [(String, String)]
  /// The longest wait for a rate limit before giving up, in seconds.
  let longestWait: Double
  /// What an error status means on this tracker.
  let explain: @Sendable (Int, String?) -> String

  // Long: one request with its headers, then the answer read: JSON, a wait for a rate limit, or an error named.
  /// Sends one request; the answer's JSON (an empty object for an empty body).
  /// - Throws: ``TrackerError``.
  func send(
    _ method: String, _ path: String, finding: String?, json: [String: Any]? = nil,
    body: (bytes: [UInt8], contentType: String)? = nil, extraHeaders: [(String, String)] = []
  ) async throws -> Any {
    var waited = 0.0
    while true {
      var request = HTTPClientRequest(url: apiURL + path)
      request.method = HTTPMethod(rawValue: method)
      for (name, value) in headers + extraHeaders { request.headers.add(name: name, value: value) }
      if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: Array(try JSONSerialization.data(withJSONObject: json))))
      } else if let body {
        request.headers.add(name: "Content-Type", value: body.contentType)
        request.body = .bytes(ByteBuffer(bytes: body.bytes))
      }
      let response: HTTPClientResponse
      let bytes: ByteBuffer
      do {
        response = try await client.execute(request, timeout: .seconds(30))
        bytes = try await response.body.collect(upTo: 8 << 20)
      } catch {
        throw TrackerError(tracker: tracker, finding: finding, reason: "could not reach \(apiURL): \(error)")
      }
      let data = Data(bytes.readableBytesView)
      let status = Int(response.status.code)
      if (200..<300).contains(status) {
        return data.isEmpty ? [String: Any]() : try JSONSerialization.jsonObject(with: data)
      }
      if let wait = Self.rateLimitWait(response, status: status) {
        guard waited + wait <= longestWait else {
          throw TrackerError(
            tracker: tracker, finding: finding,
            reason: "rate limited for \(Int(wait.rounded(.up))) s more; run it again later")
        }
        waited += wait
        try await Task.sleep(for: .seconds(wait))
        continue
      }
      throw TrackerError(tracker: tracker, finding: finding, reason: explain(status, Self.message(data)))
    }
  }

  /// How long a rate-limited answer asks to wait, nil when it is not one.
  private static func rateLimitWait(_ response: HTTPClientResponse, status: Int) -> Double? {
    guard status == 403 || status == 429 else { return nil }
    if let after = response.headers.first(name: "Retry-After").flatMap(Double.init) { return max(after, 0) }
    if response.headers.first(name: "x-ratelimit-remaining") == "0",
      let reset = response.headers.first(name: "x-ratelimit-reset").flatMap(Double.init)
    {
      return max(reset - Date().timeIntervalSince1970, 0)
    }
    return status == 429 ? 1 : nil
  }

  /// What an error answer says: GitHub's `message`, Jira's `errorMessages` and `errors`.
  private static func message(_ data: Data) -> String? {
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
    if let message = object["message"] as? String { return message }
    let messages =
      (object["errorMessages"] as? [String] ?? [])
      + (object["errors"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map {
        "\($0.key): \($0.value)"
      }
    return messages.isEmpty ? nil : messages.joined(separator: "; ")
  }
}
