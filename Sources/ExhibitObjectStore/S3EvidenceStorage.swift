import ExhibitModel

/// Evidence storage in an S3 bucket: `recordings/<sha256>` and `captions/<sha256>` under the
/// location's prefix.
public struct S3EvidenceStorage: EvidenceStorage {
  public let bucket: S3Bucket

  public init(bucket: S3Bucket) {
    self.bucket = bucket
  }

  public var location: String { bucket.configuration.location.description }

  /// The object's key in the bucket.
  public func key(sha256: String, kind: StoredObjectKind) -> String {
    bucket.configuration.location.key("\(kind.folder)/\(sha256)")
  }

  public func store(fileAt path: String, sha256: String, kind: StoredObjectKind) async throws {
    _ = try await bucket.upload(fileAt: path, key: key(sha256: sha256, kind: kind), sha256: sha256)
  }

  public func read(sha256: String, kind: StoredObjectKind, range: ClosedRange<Int64>) async throws
    -> AsyncThrowingStream<[UInt8], any Error>
  {
    do {
      return try await bucket.stream(key(sha256: sha256, kind: kind), range: range)
    } catch S3Error.noSuchKey {
      throw StoredObjectMissing(location: location, sha256: sha256, kind: kind)
    }
  }

  public func fetch(sha256: String, kind: StoredObjectKind, size: Int64, to destination: String) async throws
  {
    let key = key(sha256: sha256, kind: kind)
    let written = try await bucket.download(key, to: destination, atMost: size)
    guard written == sha256 else {
      throw S3Error.changedInTransit(
        key: key, detail: "the bucket's bytes hash to \(written), not to the catalogued \(sha256)")
    }
  }

  /// The key of an export named `name`.
  public func exportKey(_ name: String) -> String {
    bucket.configuration.location.key("exports/\(name)")
  }

  public func hasExport(named name: String) async throws -> Bool {
    try await bucket.head(exportKey(name)) != nil
  }

  public func storeExport(fileAt path: String, named name: String, sha256: String) async throws -> String {
    let key = exportKey(name)
    _ = try await bucket.upload(fileAt: path, key: key, sha256: sha256)
    return "s3://\(bucket.configuration.location.bucket)/\(key)"
  }
}
