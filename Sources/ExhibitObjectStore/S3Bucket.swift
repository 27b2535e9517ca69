import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One bucket of an S3-compatible store, spoken to over the S3 API with signed requests.
///
/// Every request is signed with Signature Version 4, its body's SHA-256 signed too and its MD5
/// sent as `Content-MD5` for the store to check. Requests that fail for a reason worth asking
/// again (5xx, a timeout, a dropped connection) are retried after the configured pauses.
/// `shutdown()` must be called once it is no longer needed.
public final class S3Bucket: Sendable {
  public let configuration: S3Configuration
  let client: HTTPClient
  let signer: SigV4Signer

  public init(_ configuration: S3Configuration) {
    self.configuration = configuration
    signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region)
    let timeout = HTTPClient.Configuration.Timeout(
      connect: .seconds(10), read: TimeAmount(configuration.readTimeout),
      write: TimeAmount(configuration.readTimeout))
    var clientConfiguration = HTTPClient.Configuration(
      redirectConfiguration: .disallow, timeout: timeout, decompression: .disabled)
    clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(
      8, configuration.concurrentParts)
    client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
  }

  /// Closes the client's connections; a bucket must be shut down before it is released.
  public func shutdown() async {
    try? await client.shutdown()
  }

  /// Runs `body` with a bucket for `configuration`, shut down afterwards whatever happens.
  public static func with<Result: Sendable>(
    _ configuration: S3Configuration, _ body: (S3Bucket) async throws -> Result
  ) async throws -> Result {
    let bucket = S3Bucket(configuration)
    do {
      let result = try await body(bucket)
      await bucket.shutdown()
      return result
    } catch {
      await bucket.shutdown()
      throw error
    }
  }

  public var bucket: String { configuration.location.bucket }

  /// Asks that the bucket exists and the key is accepted: a clear error when it is missing or
  /// the key is refused, before any work is done.
  public func checkAccess() async throws {
    let response = try await send("HEAD", key: nil, operation: "check")
    guard response.status == 200 else { throw failure(response, operation: "check", key: "") }
  }

  /// The object at `key`'s size and recorded SHA-256; nil when there is none.
  public func head(_ key: String) async throws -> S3ObjectHead? {
    let response = try await send("HEAD", key: key, operation: "look up")
    if response.status == 404 { return nil }
    guard response.status == 200 else { throw failure(response, operation: "look up", key: key) }
    let size = response.headers.first(name: "content-length").flatMap { Int64($0) } ?? 0
    return S3ObjectHead(size: size, sha256: response.headers.first(name: "x-amz-meta-sha256"))
  }

  /// Stores `bytes` at `key` in one request, with `x-amz-meta-sha256` when given: their SHA-256,
  /// which is signed as the payload's, so a store that checks payloads refuses other bytes.
  public func put(_ key: String, bytes: [UInt8], sha256: String? = nil, contentType: String? = nil)
    async throws
  {
    var headers: [(String, String)] = []
    if let sha256 { headers.append(("x-amz-meta-sha256", sha256)) }
    if let contentType { headers.append(("Content-Type", contentType)) }
    let response = try await send(
      "PUT", key: key, headers: headers, body: bytes, payloadHash: sha256, operation: "store")
    guard response.status == 200 else { throw failure(response, operation: "store", key: key) }
  }

  /// The object's bytes, or those of `range` (inclusive offsets) of it.
  public func get(_ key: String, range: ClosedRange<Int64>? = nil) async throws -> [UInt8] {
    let headers = range.map { [("Range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? []
    let response = try await send("GET", key: key, headers: headers, operation: "read")
    guard response.status == 200 || response.status == 206 else {
      throw failure(response, operation: "read", key: key)
    }
    return response.body
  }

  /// Deletes the object at `key`; deleting one that is not there is not an error.
  public func delete(_ key: String) async throws {
    let response = try await send("DELETE", key: key, operation: "delete")
    guard response.status == 204 || response.status == 200 else {
      throw failure(response, operation: "delete", key: key)
    }
  }

  /// The error an unexpected answer means, naming the bucket and key, never the secret.
  func failure(_ response: S3Response, operation: String, key: String) -> S3Error {
    let code = response.errorCode
    switch (response.status, code) {
    case (_, "NoSuchBucket"):
      return .noSuchBucket(bucket: bucket, endpoint: configuration.endpoint.description)
    case (404, _) where key.isEmpty:
      return .noSuchBucket(bucket: bucket, endpoint: configuration.endpoint.description)
    case (_, "InvalidAccessKeyId"), (_, "SignatureDoesNotMatch"), (_, "InvalidToken"), (_, "ExpiredToken"):
      return .keyRefused(bucket: bucket, accessKeyID: configuration.credentials.accessKeyID, code: code)
    case (403, _) where key.isEmpty:
      return .keyRefused(bucket: bucket, accessKeyID: configuration.credentials.accessKeyID, code: code)
    case (_, "AccessDenied"), (403, _):
      return .accessDenied(bucket: bucket, operation: operation)
    case (_, "NoSuchKey"), (404, _):
      return .noSuchKey(bucket: bucket, key: key)
    case (_, "BadDigest"), (_, "XAmzContentSHA256Mismatch"):
      return .changedInTransit(key: key, detail: "the store received other bytes than were sent (\(code))")
    default:
      return .refused(
        operation: operation, key: key, status: response.status, code: code, message: response.errorMessage)
    }
  }
}
