/// An HTTP request as Signature Version 4 sees it, before it is signed.
public struct SignableRequest: Sendable {
  /// `GET`, `PUT`, `HEAD`, `POST` or `DELETE`.
  public var method: String
  /// The path, not yet percent-encoded: `/bucket/key`.
  public var path: String
  /// The query's names and values, not yet percent-encoded, in any order.
  public var query: [(name: String, value: String)]
  /// The headers to sign, `Host` among them; names in any case.
  public var headers: [(name: String, value: String)]
  /// The body's SHA-256 in lower-case hex, or `UNSIGNED-PAYLOAD`.
  public var payloadHash: String

  public init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)], payloadHash: String
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.payloadHash = payloadHash
  }

  /// The SHA-256 of an empty body.
  public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
  /// The payload hash of a presigned URL, whose body is not known when it is signed.
  public static let unsignedPayload = "UNSIGNED-PAYLOAD"
}
