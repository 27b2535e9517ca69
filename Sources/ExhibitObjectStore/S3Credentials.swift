/// An access key for an S3-compatible store.
public struct S3Credentials: Sendable, Equatable {
  /// The key's id, sent in every request's `Credential`.
  public var accessKeyID: String
  /// The key's secret, which signs requests and is never sent, printed or logged.
  public var secretAccessKey: String
  /// A temporary session's token, sent as `X-Amz-Security-Token` when present.
  public var sessionToken: String?

  public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken
  }
}
