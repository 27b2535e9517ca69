import NIOHTTP1

/// A store's answer, read whole: status, headers and body (an error document or a small object).
struct S3Response: Sendable {
  let status: Int
  let headers: HTTPHeaders
  let body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The S3 error code of a failed answer, or the status's reason when the body has none (HEAD).
  var errorCode: String {
    XMLField.value("Code", in: text) ?? Self.codes[status] ?? "HTTP\(status)"
  }

  var errorMessage: String { XMLField.value("Message", in: text) ?? "" }

  /// Whether the store asks to be asked again: a 5xx, `SlowDown` or `RequestTimeout`.
  var isTransient: Bool {
    status >= 500 || (status >= 400 && ["SlowDown", "RequestTimeout"].contains(errorCode))
  }

  /// The status and code, for the message after the last try.
  var problem: String { "\(status) \(errorCode)" }

  private static let codes = [
    400: "BadRequest", 403: "Forbidden", 404: "NotFound", 500: "InternalError", 503: "ServiceUnavailable",
  ]
}
