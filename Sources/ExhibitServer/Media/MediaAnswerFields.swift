import HTTPTypes

/// The header fields every answer of ``MediaFastPath`` carries, whichever recording it sends:
/// `Accept-Ranges`, `Cache-Control`, the server's safety headers and `Server`, decided once from
/// the server's rules, with their bytes as HTTP/1.1 writes them. The fields an answer sets for its
/// recording (type, tag, range, length, cookie, date) go before them, each unless a safety header
/// of the same name replaces it, as ``RequestRules/secure(_:)`` replaces a route's.
final class MediaAnswerFields: Sendable {
  /// The fields, in the order they are written.
  let fields: [HTTPField]
  /// The fields as a head's lines: `name: value` and a line end each.
  let bytes: [UInt8]
  /// The names the safety headers set, which an answer does not set for its recording.
  let replaced: Set<HTTPField.Name>

  init(rules: RequestRules) {
    var fields = HTTPFields([
      HTTPField(name: .acceptRanges, value: "bytes"),
      HTTPField(name: .cacheControl, value: "private, max-age=3600"),
    ])
    rules.secure(&fields)
    // The date and the server's name are set after the safety headers, on every path.
    fields[.date] = nil
    fields[.server] = WebServer.serverName
    self.fields = Array(fields)
    bytes = Array(fields.map { "\($0.name.rawName): \($0.value)\r\n" }.joined().utf8)
    replaced = Set(rules.safetyHeaders.map(\.name)).subtracting([.date, .server])
  }
}
