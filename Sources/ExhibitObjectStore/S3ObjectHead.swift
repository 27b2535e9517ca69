/// What a HEAD says of an object in the bucket.
public struct S3ObjectHead: Sendable, Equatable {
  /// The object's size in bytes.
  public let size: Int64
  /// The SHA-256 Exhibit stored with it (`x-amz-meta-sha256`), if any.
  public let sha256: String?
}
