/// What went wrong with object storage, in words that name the bucket and never the secret.
public enum S3Error: Error, Sendable, Equatable, CustomStringConvertible {
  /// `AWS_ACCESS_KEY_ID` or `AWS_SECRET_ACCESS_KEY` is missing, or the endpoint is unreadable.
  case configuration(String)
  /// The bucket does not exist at the endpoint.
  case noSuchBucket(bucket: String, endpoint: String)
  /// The store did not accept the key: unknown, or a signature it could not match.
  case keyRefused(bucket: String, accessKeyID: String, code: String)
  /// The key is known but may not do this to the bucket.
  case accessDenied(bucket: String, operation: String)
  /// The bytes the store received are not the bytes sent (`BadDigest`), or not the bytes hashed.
  case changedInTransit(key: String, detail: String)
  /// The object is not in the bucket.
  case noSuchKey(bucket: String, key: String)
  /// Any other answer the store gave, with its status and S3 error code.
  case refused(operation: String, key: String, status: Int, code: String, message: String)
  /// The store kept failing (5xx, no answer, too slow) until the retries ran out.
  case unavailable(operation: String, key: String, attempts: Int, lastProblem: String)

  public var description: String {
    switch self {
    case .configuration(let text):
      return text
    case .noSuchBucket(let bucket, let endpoint):
      return "bucket \(bucket) does not exist at \(endpoint); its owner must make it first"
    case .keyRefused(let bucket, let accessKeyID, let code):
      return "the object store refused the access key \(accessKeyID) for bucket \(bucket) (\(code)): "
        + "check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
    case .accessDenied(let bucket, let operation):
      return "the access key may not \(operation) in bucket \(bucket) (AccessDenied)"
    case .changedInTransit(let key, let detail):
      return "\(key): \(detail)"
    case .noSuchKey(let bucket, let key):
      return "s3://\(bucket)/\(key) is not in the bucket"
    case .refused(let operation, let key, let status, let code, let message):
      let reason = message.isEmpty ? code : "\(code): \(message)"
      return "\(operation) \(key): the object store answered \(status) (\(reason))"
    case .unavailable(let operation, let key, let attempts, let lastProblem):
      return "\(operation) \(key): the object store failed \(attempts) times; last: \(lastProblem)"
    }
  }
}
