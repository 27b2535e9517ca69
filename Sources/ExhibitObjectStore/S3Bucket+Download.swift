import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

extension S3Bucket {
  /// Streams the object at `key` into a new file at `destination` (never replacing one),
  /// hashing it as it is written, and returns its SHA-256. A failure before the first byte is
  /// retried as any request is; the partial file of a later failure is removed.
  public func download(_ key: String, to destination: String) async throws -> String {
    let delays = configuration.retryDelays
    var lastProblem = ""
    for attempt in 0...delays.count {
      if attempt > 0 { try await Task.sleep(for: delays[attempt - 1]) }
      let response: HTTPClientResponse
      do {
        response = try await client.execute(signedRequest("GET", key: key), timeout: .hours(24))
      } catch let error as HTTPClientError {
        lastProblem = "\(error)"
        continue
      }
      guard response.status == .ok else {
        var body: [UInt8] = []
        for try await chunk in response.body { body += chunk.readableBytesView }
        let answer = S3Response(status: Int(response.status.code), headers: response.headers, body: body)
        if answer.status >= 500 {
          lastProblem = "\(answer.status) \(answer.errorCode)"
          continue
        }
        throw failure(answer, operation: "read", key: key)
      }
      return try await write(response.body, to: destination, key: key)
    }
    throw S3Error.unavailable(
      operation: "read", key: key, attempts: delays.count + 1,
      lastProblem: lastProblem + " from \(configuration.endpoint.description)")
  }

  private func write(_ body: HTTPClientResponse.Body, to destination: String, key: String) async throws
    -> String
  {
    let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw S3Error.configuration("\(destination): cannot be written (\(String(cString: strerror(errno))))")
    }
    var hasher = SHA256()
    do {
      defer { close(descriptor) }
      for try await chunk in body {
        try chunk.withUnsafeReadableBytes { bytes in
          hasher.update(bufferPointer: bytes)
          var offset = 0
          while offset < bytes.count {
            let wrote = Foundation.write(
              descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else {
              throw S3Error.configuration(
                "\(destination): write failed (\(String(cString: strerror(errno))))")
            }
            offset += wrote
          }
        }
      }
    } catch {
      unlink(destination)
      if let error = error as? HTTPClientError {
        throw S3Error.unavailable(operation: "read", key: key, attempts: 1, lastProblem: "\(error)")
      }
      throw error
    }
    return Hex.string(hasher.finalize())
  }
}
