/// One multipart upload in progress: its id, and the requests that add parts, finish or abort it.
struct MultipartUpload: Sendable {
  let bucket: S3Bucket
  let key: String
  let id: String

  /// Starts an upload of `key`, whose finished object will carry `x-amz-meta-sha256`.
  static func start(in bucket: S3Bucket, key: String, sha256: String, contentType: String) async throws
    -> MultipartUpload
  {
    let response = try await bucket.send(
      "POST", key: key, query: [("uploads", "")],
      headers: [("x-amz-meta-sha256", sha256), ("Content-Type", contentType)], operation: "start upload")
    guard response.status == 200, let id = XMLField.value("UploadId", in: response.text) else {
      throw bucket.failure(response, operation: "start upload", key: key)
    }
    return MultipartUpload(bucket: bucket, key: key, id: id)
  }

  /// Sends part `number` (from 1) and returns its ETag.
  func send(part number: Int, bytes: [UInt8]) async throws -> String {
    let response = try await bucket.send(
      "PUT", key: key, query: [("partNumber", String(number)), ("uploadId", id)], body: bytes,
      operation: "store part \(number)")
    guard response.status == 200, let etag = response.headers.first(name: "etag") else {
      throw bucket.failure(response, operation: "store part \(number)", key: key)
    }
    return etag
  }

  /// Joins the parts into the object. S3 may answer 200 with an error document here.
  func complete(etags: [Int: String]) async throws {
    let parts = etags.sorted { $0.key < $1.key }.map {
      "<Part><PartNumber>\($0.key)</PartNumber><ETag>\(Self.escaped($0.value))</ETag></Part>"
    }
    let document = "<CompleteMultipartUpload>\(parts.joined())</CompleteMultipartUpload>"
    let response = try await bucket.send(
      "POST", key: key, query: [("uploadId", id)], body: Array(document.utf8), operation: "complete upload")
    guard response.status == 200, XMLField.value("Code", in: response.text) == nil else {
      throw bucket.failure(response, operation: "complete upload", key: key)
    }
  }

  /// Abandons the upload so the store drops its parts; failures here are not reported, the
  /// error that led here is.
  func abort() async {
    _ = try? await bucket.send("DELETE", key: key, query: [("uploadId", id)], operation: "abort upload")
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "<", with: "&lt;")
  }
}
