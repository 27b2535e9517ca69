/// Signature Version 4's canonical form of a request, the text whose hash is signed.
public struct CanonicalRequest: Sendable {
  /// The whole canonical request: method, path, query, headers, signed names, payload hash.
  public let text: String
  /// The signed headers' lower-case names, sorted and joined by `;`.
  public let signedHeaders: String
  /// The canonical query: names and values encoded, sorted, joined by `&`.
  public let query: String

  /// - Parameters:
  ///   - request: The request to put in canonical form.
  ///   - encodesPathTwice: true for every service but S3, whose object keys are encoded
  ///   once; the others encode the already encoded path again and drop `.` and `..` segments.
  public init(_ request: SignableRequest, encodesPathTwice: Bool) {
    query = Self.canonicalQuery(request.query)
    let headers = Self.canonicalHeaders(request.headers)
    signedHeaders = headers.map(\.name).joined(separator: ";")
    var path = SigV4Encoding.encodePath(request.path.isEmpty ? "/" : request.path)
    if encodesPathTwice { path = SigV4Encoding.encodePath(Self.normalised(path)) }
    let headerLines = headers.map { "\($0.name):\($0.value)\n" }.joined()
    text = [request.method, path, query, headerLines, signedHeaders, request.payloadHash]
      .joined(separator: "\n")
  }

  private static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
    query.map { (SigV4Encoding.encode($0.name), SigV4Encoding.encode($0.value)) }
      .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
      .map { "\($0.0)=\($0.1)" }
      .joined(separator: "&")
  }

  /// Lower-case names, sorted; values trimmed, inner runs of spaces made one; a repeated name's
  /// values joined by commas in the order given.
  private static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(
    name: String, value: String
  )] {
    var values: [String: [String]] = [:]
    for header in headers {
      values[header.name.lowercased(), default: []].append(collapsed(header.value))
    }
    return values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.joined(separator: ",")) }
  }

  private static func collapsed(_ value: String) -> String {
    value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// A path with `.` segments dropped and `..` ones taking their parent with them.
  private static func normalised(_ path: String) -> String {
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == ".." {
        if !segments.isEmpty { segments.removeLast() }
        continue
      }
      segments.append(segment)
    }
    let joined = "/" + segments.joined(separator: "/")
    return path.hasSuffix("/") && joined != "/" ? joined + "/" : joined
  }
}
