import Crypto
import ExhibitModel
import Foundation

extension S3Bucket {
  /// Stores the file at `path` under `key`, content-addressed: when the bucket already holds an
  /// object of this size and SHA-256 there, nothing is sent, and an object of other bytes there
  /// is an error, never overwritten.
  ///
  /// The file is read once. Its bytes are hashed as they are sent, and the upload is completed
  /// only when they hash to `sha256`, the hash the catalogue recorded: a file changed since it
  /// was hashed is refused and leaves nothing behind. Files of at least `partSize` bytes go in
  /// parts, `concurrentParts` at a time, each with its own MD5 and SHA-256 for the store to check.
  public func upload(fileAt path: String, key: String, sha256: String) async throws -> S3UploadOutcome {
    let file = try ReadableFile(path: path)
    defer { file.close() }
    if let existing = try await head(key) {
      guard existing.size == file.size, existing.sha256 == nil || existing.sha256 == sha256 else {
        throw S3Error.changedInTransit(
          key: key,
          detail: "the bucket already holds \(existing.size) other bytes at this content address; "
            + "Exhibit does not overwrite them")
      }
      return .alreadyStored
    }
    if file.size < Int64(configuration.partSize) {
      let bytes = try file.read(count: Int(file.size))
      guard PayloadDigest.sha256Hex(bytes) == sha256 else { throw changedSinceHashed(path) }
      try await put(key, bytes: bytes, sha256: sha256, contentType: Self.contentType(of: path))
      return .uploaded(parts: 1)
    }
    return try await uploadInParts(file, path: path, key: key, sha256: sha256)
  }

  private func uploadInParts(_ file: ReadableFile, path: String, key: String, sha256: String) async throws
    -> S3UploadOutcome
  {
    let upload = try await MultipartUpload.start(
      in: self, key: key, sha256: sha256, contentType: Self.contentType(of: path))
    do {
      var hasher = SHA256()
      var etags: [Int: String] = [:]
      let partSize = configuration.partSize
      let limit = max(1, configuration.concurrentParts)
      try await withThrowingTaskGroup(of: (Int, String).self) { group in
        var number = 0
        var running = 0
        while true {
          let bytes = try file.read(count: partSize)
          if bytes.isEmpty { break }
          hasher.update(data: bytes)
          number += 1
          if running == limit, let (done, etag) = try await group.next() {
            etags[done] = etag
            running -= 1
          }
          let partNumber = number
          group.addTask { (partNumber, try await upload.send(part: partNumber, bytes: bytes)) }
          running += 1
        }
        for try await (done, etag) in group { etags[done] = etag }
      }
      guard hasher.finalize().hexString == sha256 else { throw changedSinceHashed(path) }
      try await upload.complete(etags: etags)
      return .uploaded(parts: etags.count)
    } catch {
      await upload.abort()
      throw error
    }
  }

  private func changedSinceHashed(_ path: String) -> S3Error {
    .changedInTransit(
      key: path, detail: "the file changed since it was hashed; nothing was stored (catalogue it again)")
  }

  /// The media type a browser plays the object as.
  static func contentType(of path: String) -> String {
    switch (path as NSString).pathExtension.lowercased() {
    case "webm": return "video/webm"
    case "mkv": return "video/x-matroska"
    case "mp4", "m4v": return "video/mp4"
    case "mov": return "video/quicktime"
    case "vtt": return "text/vtt"
    case "zip": return "application/zip"
    case "html": return "text/html; charset=utf-8"
    case "json", "jsonld": return "application/json"
    case "txt", "feature", "yaml": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }
}
