import AsyncHTTPClient
import Crypto
import ExhibitModel
import Foundation
import NIOCore
import NIOHTTP1

extension S3Bucket {
  /// Streams the object at `key` into a new file at `destination` (never replacing one),
  /// hashing it as it is written, and returns its SHA-256. The partial file of a failure is
  /// removed.
  public func download(_ key: String, to destination: String) async throws -> String {
    let response = try await openGet(key, range: nil)
    let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw S3Error.configuration("\(destination): cannot be written (\(String(cString: strerror(errno))))")
    }
    var hasher = SHA256()
    do {
      defer { close(descriptor) }
      for try await chunk in response.body {
        try chunk.withUnsafeReadableBytes { bytes in
          hasher.update(bufferPointer: bytes)
          try Self.write(bytes, to: descriptor, path: destination)
        }
      }
    } catch {
      unlink(destination)
      throw Self.interrupted(error, key: key)
    }
    return hasher.finalize().hexString
  }

  /// The bytes `range` (inclusive offsets) of the object at `key`, as they arrive.
  public func stream(_ key: String, range: ClosedRange<Int64>) async throws -> AsyncThrowingStream<
    [UInt8], any Error
  > {
    let response = try await openGet(key, range: range)
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for try await chunk in response.body { continuation.yield(Array(chunk.readableBytesView)) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: Self.interrupted(error, key: key))
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// A GET of the object whose answer is a success, its body not yet read: failures before the
  /// first byte (5xx, no answer) are retried as any request is.
  private func openGet(_ key: String, range: ClosedRange<Int64>?) async throws -> HTTPClientResponse {
    let headers = range.map { [("Range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? []
    return try await retrying("read", key: key) {
      // A recording may take long to send; the read timeout still ends a stalled one.
      let response = try await client.execute(
        signedRequest("GET", key: key, headers: headers), timeout: .hours(24))
      if response.status == .ok || response.status == .partialContent { return .done(response) }
      var body: [UInt8] = []
      for try await chunk in response.body { body += chunk.readableBytesView }
      let answer = S3Response(status: Int(response.status.code), headers: response.headers, body: body)
      guard answer.isTransient else { throw failure(answer, operation: "read", key: key) }
      return .again(answer.problem)
    }
  }

  private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
    var offset = 0
    while offset < bytes.count {
      let wrote = Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else {
        throw S3Error.configuration("\(path): write failed (\(String(cString: strerror(errno))))")
      }
      offset += wrote
    }
  }

  /// A transfer cut off after its first bytes, in S3Error's words.
  private static func interrupted(_ error: any Error, key: String) -> any Error {
    guard let error = error as? HTTPClientError else { return error }
    return S3Error.unavailable(operation: "read", key: key, attempts: 1, lastProblem: describe(error))
  }
}
