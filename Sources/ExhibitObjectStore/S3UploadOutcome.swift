/// What storing a file in the bucket did.
public enum S3UploadOutcome: Sendable, Equatable {
  /// The bucket already held these bytes at the key: nothing was sent.
  case alreadyStored
  /// The bytes were sent, in this many requests (1, or the parts of a multipart upload).
  case uploaded(parts: Int)
}
