import ExhibitTestServers
import Foundation
import Testing

@testable import ExhibitObjectStore

/// The S3 client against a real S3-compatible server (nanio, which checks every signature and
/// every Content-MD5), started by each test on 127.0.0.1. A bucket's client is shut down by a
/// task its `defer` starts, which holds it until the shutdown is done.
@Suite struct S3BucketTests {
  @Test func storesReadsRangesAndDeletesAnObject() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let bucket = S3Bucket(server.configuration(prefix: "team/a"))
    defer { Task { await bucket.shutdown() } }
    try await bucket.checkAccess()
    let bytes = Array("what the screen reader said, word for word".utf8)
    let key = bucket.configuration.location.key("notes/one.txt")
    #expect(try await bucket.head(key) == nil)
    try await bucket.put(key, bytes: bytes, sha256: PayloadDigest.sha256Hex(bytes))
    #expect(try Data(contentsOf: server.storedFile("team/a/notes/one.txt")) == Data(bytes))
    #expect(
      try await bucket.head(key)
        == S3ObjectHead(size: Int64(bytes.count), sha256: PayloadDigest.sha256Hex(bytes)))
    #expect(try await bucket.get(key) == bytes)
    #expect(try await bucket.get(key, range: 4...9) == Array(bytes[4...9]))
    try await bucket.delete(key)
    #expect(try await bucket.head(key) == nil)
    await #expect(throws: S3Error.noSuchKey(bucket: "evidence", key: key)) { try await bucket.get(key) }
  }

  @Test func uploadsAFileOnceByItsContentAddress() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let bucket = S3Bucket(server.configuration())
    defer { Task { await bucket.shutdown() } }
    let (file, sha) = try temporaryFile(bytes: 300_000, seed: 7)
    #expect(
      try await bucket.upload(fileAt: file.path, key: "recordings/\(sha)", sha256: sha) == .uploaded(parts: 1)
    )
    #expect(
      try await bucket.upload(fileAt: file.path, key: "recordings/\(sha)", sha256: sha) == .alreadyStored)
    #expect(try Data(contentsOf: server.storedFile("recordings/\(sha)")) == Data(contentsOf: file))
    // Other bytes at that address are never overwritten.
    let (other, _) = try temporaryFile(bytes: 1000, seed: 8)
    await #expect(throws: S3Error.self) {
      try await bucket.upload(fileAt: other.path, key: "recordings/\(sha)", sha256: sha)
    }
    #expect(try Data(contentsOf: server.storedFile("recordings/\(sha)")) == Data(contentsOf: file))
  }

  @Test func uploadsALargeFileInPartsAndChecksTheWholeHash() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    var configuration = server.configuration()
    configuration.partSize = 5 << 20
    configuration.concurrentParts = 2
    let bucket = S3Bucket(configuration)
    defer { Task { await bucket.shutdown() } }
    let (file, sha) = try temporaryFile(bytes: (12 << 20) + 12_345, seed: 3)
    #expect(
      try await bucket.upload(fileAt: file.path, key: "recordings/\(sha)", sha256: sha) == .uploaded(parts: 3)
    )
    #expect(try Data(contentsOf: server.storedFile("recordings/\(sha)")) == Data(contentsOf: file))
    #expect(try await bucket.head("recordings/\(sha)")?.sha256 == sha)
    // A file whose bytes are not those hashed is refused, in parts as in one request, and
    // leaves nothing behind.
    let wrong = String(repeating: "0", count: 64)
    await #expect(throws: S3Error.self) {
      try await bucket.upload(fileAt: file.path, key: "recordings/\(wrong)", sha256: wrong)
    }
    #expect(try await bucket.head("recordings/\(wrong)") == nil)
    let (small, _) = try temporaryFile(bytes: 10, seed: 1)
    await #expect(throws: S3Error.self) {
      try await bucket.upload(fileAt: small.path, key: "recordings/\(wrong)", sha256: wrong)
    }
    #expect(try await bucket.head("recordings/\(wrong)") == nil)
  }

  @Test func namesTheBucketNotTheSecretWhenTheKeyIsRefused() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let bucket = S3Bucket(server.configuration(secret: "not-the-secret-at-all"))
    defer { Task { await bucket.shutdown() } }
    do {
      try await bucket.checkAccess()
      Issue.record("a wrong secret was accepted")
    } catch let error as S3Error {
      guard case .keyRefused(let name, let id, _) = error else { throw error }
      #expect(name == "evidence" && id == ObjectStoreServer.accessKeyID)
      #expect(error.description.contains("evidence"))
      #expect(!error.description.contains("not-the-secret-at-all"))
    }
  }

  @Test func saysWhenTheBucketIsMissing() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    var configuration = server.configuration()
    configuration.location = S3Location(bucket: "no-such-bucket")
    let bucket = S3Bucket(configuration)
    defer { Task { await bucket.shutdown() } }
    await #expect(throws: S3Error.noSuchBucket(bucket: "no-such-bucket", endpoint: server.endpointURL)) {
      try await bucket.checkAccess()
    }
    let (file, sha) = try temporaryFile(bytes: 100, seed: 2)
    await #expect(throws: S3Error.noSuchBucket(bucket: "no-such-bucket", endpoint: server.endpointURL)) {
      _ = try await bucket.upload(fileAt: file.path, key: sha, sha256: sha)
    }
  }

  @Test func retriesServerErrorsAndGivesUpClearly() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let (file, sha) = try temporaryFile(bytes: 5000, seed: 4)
    // Two 500s, then the store answers: the retries carry the upload through.
    let flaky = try FaultProxy(before: server, mode: "fail", count: 2)
    defer { flaky.stop() }
    var configuration = server.configuration()
    configuration.endpoint = flaky.endpoint
    let patient = S3Bucket(configuration)
    defer { Task { await patient.shutdown() } }
    #expect(try await patient.upload(fileAt: file.path, key: "r/\(sha)", sha256: sha) == .uploaded(parts: 1))
    #expect(FileManager.default.fileExists(atPath: server.storedFile("r/\(sha)").path))
    // Writes refused every time: a clear error after the retries, and nothing stored.
    let refusing = try FaultProxy(before: server, mode: "fail-writes")
    defer { refusing.stop() }
    configuration.endpoint = refusing.endpoint
    let bucket = S3Bucket(configuration)
    defer { Task { await bucket.shutdown() } }
    let (second, secondSHA) = try temporaryFile(bytes: 5000, seed: 5)
    do {
      _ = try await bucket.upload(fileAt: second.path, key: "r/\(secondSHA)", sha256: secondSHA)
      Issue.record("an upload the store refused was reported stored")
    } catch let error as S3Error {
      guard case .unavailable(_, let key, let attempts, let last) = error else { throw error }
      #expect(key == "r/\(secondSHA)" && attempts == 3 && last.contains("500"))
    }
    #expect(!FileManager.default.fileExists(atPath: server.storedFile("r/\(secondSHA)").path))
  }

  @Test func givesUpOnAStoreThatStalls() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let stalling = try FaultProxy(before: server, mode: "stall", count: 5)
    defer { stalling.stop() }
    var configuration = server.configuration()
    configuration.endpoint = stalling.endpoint
    configuration.readTimeout = .milliseconds(500)
    configuration.retryDelays = [.milliseconds(10)]
    let bucket = S3Bucket(configuration)
    defer { Task { await bucket.shutdown() } }
    do {
      _ = try await bucket.head("anything")
      Issue.record("a stalled store answered")
    } catch let error as S3Error {
      guard case .unavailable(_, _, let attempts, let last) = error else { throw error }
      #expect(attempts == 2)
      #expect(last.contains("timeout"), "\(last)")
    }
  }

  /// A file of `bytes` pseudo-random bytes, and its SHA-256.
  private func temporaryFile(bytes: Int, seed: UInt64) throws -> (URL, String) {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var data = [UInt8](repeating: 0, count: bytes)
    for index in data.indices {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      data[index] = UInt8(truncatingIfNeeded: state)
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exhibit-upload-\(UUID().uuidString)")
    try Data(data).write(to: url)
    return (url, PayloadDigest.sha256Hex(data))
  }
}
