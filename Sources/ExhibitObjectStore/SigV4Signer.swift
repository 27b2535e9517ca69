import Crypto
import ExhibitModel

/// AWS Signature Version 4: signs requests with a key, for one region and service.
///
/// The steps are the published ones: a canonical request (method, encoded path, sorted encoded
/// query, trimmed lower-case headers, signed header names, payload hash), a string to sign over
/// its SHA-256 and the credential scope, a signing key derived from the secret by HMAC-SHA256
/// over the day, region, service and `aws4_request`, and the signature as hex.
public struct SigV4Signer: Sendable {
  public let credentials: S3Credentials
  public let region: String
  public let service: String

  public init(credentials: S3Credentials, region: String, service: String = "s3") {
    self.credentials = credentials
    self.region = region
    self.service = service
  }

  /// The headers that sign `request` at `date`: `Authorization`, `X-Amz-Date`, and the session
  /// token's header when the key has one. `request.headers` must already hold every other header
  /// to sign (Host, x-amz-content-sha256, Range, Content-MD5...).
  public func authorizationHeaders(for request: SignableRequest, at date: AmzDate)
    -> [(name: String, value: String)]
  {
    var headers = request.headers
    var added: [(name: String, value: String)] = [("X-Amz-Date", date.timestamp)]
    if let token = credentials.sessionToken { added.append(("X-Amz-Security-Token", token)) }
    headers += added
    var signed = request
    signed.headers = headers
    let canonical = CanonicalRequest(signed, encodesPathTwice: service != "s3")
    let signature = self.signature(of: canonical.text, at: date)
    let authorization =
      "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(at: date)), "
      + "SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)"
    return added + [("Authorization", authorization)]
  }

  /// The query a presigned URL carries, signature last, already percent-encoded and joined:
  /// anyone holding the URL may make this one request until it expires.
  public func presignedQuery(
    method: String, host: String, path: String, expiresIn seconds: Int, at date: AmzDate
  ) -> String {
    var query: [(name: String, value: String)] = [
      ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
      ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(at: date))"),
      ("X-Amz-Date", date.timestamp),
      ("X-Amz-Expires", String(seconds)),
      ("X-Amz-SignedHeaders", "host"),
    ]
    if let token = credentials.sessionToken { query.append(("X-Amz-Security-Token", token)) }
    let request = SignableRequest(
      method: method, path: path, query: query, headers: [("Host", host)],
      payloadHash: SignableRequest.unsignedPayload)
    let canonical = CanonicalRequest(request, encodesPathTwice: service != "s3")
    return canonical.query + "&X-Amz-Signature=" + signature(of: canonical.text, at: date)
  }

  /// `day/region/service/aws4_request`.
  public func scope(at date: AmzDate) -> String {
    "\(date.day)/\(region)/\(service)/aws4_request"
  }

  /// The string to sign for a canonical request's text.
  public func stringToSign(canonicalRequest: String, at date: AmzDate) -> String {
    let digest = SHA256.hash(data: Array(canonicalRequest.utf8))
    return "AWS4-HMAC-SHA256\n\(date.timestamp)\n\(scope(at: date))\n\(digest.hexString)"
  }

  private func signature(of canonicalRequest: String, at date: AmzDate) -> String {
    let toSign = stringToSign(canonicalRequest: canonicalRequest, at: date)
    let mac = HMAC<SHA256>.authenticationCode(for: Array(toSign.utf8), using: signingKey(at: date))
    return Array(mac).hexString
  }

  private func signingKey(at date: AmzDate) -> SymmetricKey {
    var key = SymmetricKey(data: Array("AWS4\(credentials.secretAccessKey)".utf8))
    for part in [date.day, region, service, "aws4_request"] {
      key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key))
    }
    return key
  }
}
