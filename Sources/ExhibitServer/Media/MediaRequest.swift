import HTTPTypes

/// What ``MediaFastPath`` reads of a request for a recording's bytes, whichever way the request
/// was read: from NIO's HTTP decoder (``init(_:)``) or straight from the connection's bytes
/// (``RawMediaRequest``). Both readings of the same request are equal, which a test checks.
struct MediaRequest: Equatable {
  /// HEAD rather than GET.
  var isHead: Bool
  /// The recording's SHA-256, from a target that is exactly `/media/` and 64 lowercase hex digits.
  var sha256: String
  /// The `Host` the request names, if it names one.
  var authority: String?
  /// The `Connection` header, if there is one.
  var connection: String?
  /// `If-None-Match`, `Range` and `If-Range`, if present.
  var ifNoneMatch: String?
  var range: String?
  var ifRange: String?
  /// Every `Cookie` header's value, in order.
  var cookies: [String]

  /// The request NIO's decoder read, if it is a GET or HEAD of a recording's bytes.
  init?(_ request: HTTPRequest) {
    guard request.method == .get || request.method == .head, let target = request.path,
      let sha = MediaFastPath.recordingSHA256(target)
    else { return nil }
    isHead = request.method == .head
    sha256 = sha
    authority = request.authority
    let fields = request.headerFields
    connection = fields[.connection]
    ifNoneMatch = fields[.ifNoneMatch]
    range = fields[.range]
    ifRange = fields[.ifRange]
    cookies = fields[values: .cookie]
  }

  /// A request given field by field.
  init(
    isHead: Bool, sha256: String, authority: String?, connection: String?, ifNoneMatch: String?,
    range: String?, ifRange: String?, cookies: [String]
  ) {
    self.isHead = isHead
    self.sha256 = sha256
    self.authority = authority
    self.connection = connection
    self.ifNoneMatch = ifNoneMatch
    self.range = range
    self.ifRange = ifRange
    self.cookies = cookies
  }
}
