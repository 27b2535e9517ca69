/// The HTTP(S) server an S3 API is asked at, and how a bucket is named in its requests.
public struct S3Endpoint: Sendable, Equatable {
  /// `http` or `https`.
  public let scheme: String
  public let host: String
  public let port: Int?
  /// True when the bucket is the path's first segment (`host/bucket/key`), as for an endpoint
  /// given by an IP address or `localhost`; false for the bucket as a host name
  /// (`bucket.host/key`), as AWS prefers.
  public let pathStyle: Bool

  /// AWS's endpoint for `region`.
  public static func aws(region: String) -> S3Endpoint {
    S3Endpoint(scheme: "https", host: "s3.\(region).amazonaws.com", port: nil, pathStyle: false)
  }

  public init(scheme: String, host: String, port: Int?, pathStyle: Bool) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.pathStyle = pathStyle
  }

  /// Reads `AWS_ENDPOINT_URL`'s form, `http://127.0.0.1:9000` or `https://storage.example`; nil
  /// when it is not an http(s) URL with a host.
  public init?(url: String) {
    let parts = url.split(separator: "://", maxSplits: 1)
    guard parts.count == 2, ["http", "https"].contains(parts[0].lowercased()) else { return nil }
    let authority = parts[1].prefix { $0 != "/" }
    guard !authority.isEmpty, !authority.contains("@") else { return nil }
    let host: Substring
    let port: Int?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      let after = authority[authority.index(after: close)...]
      port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
      if !after.isEmpty && port == nil { return nil }
    } else if let colon = authority.lastIndex(of: ":") {
      host = authority[..<colon]
      guard let number = Int(authority[authority.index(after: colon)...]), (1...65_535).contains(number)
      else { return nil }
      port = number
    } else {
      host = authority
      port = nil
    }
    guard !host.isEmpty else { return nil }
    let lowered = host.lowercased()
    let isAddress =
      lowered.hasPrefix("[") || lowered == "localhost" || lowered.hasSuffix(".localhost")
      || lowered.split(separator: ".").count == 4 && lowered.allSatisfy { $0.isNumber || $0 == "." }
    self.init(scheme: parts[0].lowercased(), host: lowered, port: port, pathStyle: isAddress)
  }

  /// The `Host` header's value for a request about `bucket`.
  public func hostHeader(bucket: String) -> String {
    let name = pathStyle ? host : "\(bucket).\(host)"
    guard let port, port != (scheme == "https" ? 443 : 80) else { return name }
    return "\(name):\(port)"
  }

  /// The request path for `key` in `bucket` (not yet percent-encoded); `key` nil for the bucket.
  public func path(bucket: String, key: String?) -> String {
    let objectPath = key.map { "/" + $0 } ?? "/"
    return pathStyle ? "/\(bucket)" + (key.map { "/" + $0 } ?? "") : objectPath
  }

  /// The endpoint as a user would write it, for messages.
  public var description: String {
    port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
  }
}
