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
  /// With `atMost`, a body longer than that many bytes is refused as soon as it passes them.
  public func download(_ key: String, to destination: String, atMost: Int64? = nil) async throws -> String {
    let response = try await openGet(key, range: nil)
    let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw S3Error.configuration("\(destination): cannot be written (\(String(cString: strerror(errno))))")
    }
    var hasher = SHA256()
    var received: Int64 = 0
    do {
      defer { close(descriptor) }
      for try await chunk in response.body {
        received += Int64(chunk.readableBytes)
        if let atMost, received > atMost {
          throw S3Error.changedInTransit(
            key: key, detail: "the bucket sent more than the catalogued \(atMost) bytes; it was stopped there"
          )
        }
        try chunk.withUnsafeReadableBytes { bytes in
          hasher.update(bufferPointer: bytes)
          try Self.write(bytes, to: descriptor, path: destination)
        }
      }
    } catch let error as S3Error {
      unlink(destination)
      throw error
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
    let expected = range.upperBound - range.lowerBound + 1
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          // Exactly the bytes asked for: a bucket that sends more is cut off there, one that
          // sends fewer is an error, never a short answer taken as whole.
          var received: Int64 = 0
          for try await chunk in response.body {
            let bytes = Array(chunk.readableBytesView.prefix(Int(expected - received)))
            received += Int64(bytes.count)
            if !bytes.isEmpty { continuation.yield(bytes) }
            if received == expected, chunk.readableBytes > bytes.count {
              throw S3Error.changedInTransit(
                key: key, detail: "the bucket sent more than the \(expected) bytes asked for")
            }
          }
          guard received == expected else {
            throw S3Error.changedInTransit(
              key: key, detail: "the bucket sent \(received) of the \(expected) bytes asked for")
          }
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
