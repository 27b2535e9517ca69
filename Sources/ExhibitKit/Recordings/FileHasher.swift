import Crypto
import Foundation

/// A file's SHA-256, with the status it had while it was read.
public struct FileDigest: Sendable, Equatable {
  /// Lowercase hexadecimal SHA-256.
  public var sha256: String
  public var status: FileStatus
}

/// Why a file could not be hashed.
public struct HashError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String
  /// Whether the file changed while it was read (size, times or identity moved under us).
  public let changedWhileReading: Bool

  public var description: String { "\(path): \(reason)" }
}

/// Streams a file through SHA-256 in blocks, so memory stays bounded whatever its size,
/// and notices a file that changes while it is read.
public struct FileHasher: Sendable {
  /// How many bytes are read at a time: 128 KiB, which stays in a core's L2 cache between the
  /// copy out of the page cache and the hash (1 MiB did not: a catalogue of the corpus took
  /// about 7% more CPU).
  public var blockSize = 1 << 17
  /// Called after each block with the bytes read so far; tests use it to change a file mid-read.
  var afterBlock: (@Sendable (Int64) -> Void)?

  /// A hasher with 128 KiB blocks.
  public init() {}

  /// Hashes the regular file at `path`.
  ///
  /// The file is opened without following a final symbolic link and checked to be regular
  /// (`fstat`). Its status is taken before and after the read; any difference in size,
  /// modification or change time, inode or device, or a read that ends early or late, means
  /// the bytes hashed may belong to no single version of the file, and the hash is refused.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - expected: The status the caller saw before (e.g. before probing); when given, it must
  ///     still hold, so metadata read earlier belongs to the hashed bytes.
  /// - Returns: The hash and the status the file had throughout the read.
  /// - Throws: ``HashError``.
  public func hash(_ path: String, expecting expected: FileStatus? = nil) throws -> FileDigest {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw HashError(path: path, reason: Self.errnoText(), changedWhileReading: false)
    }
    defer { close(descriptor) }
    guard let before = FileStatus.of(descriptor: descriptor) else {
      throw HashError(path: path, reason: Self.errnoText(), changedWhileReading: false)
    }
    guard before.isRegularFile else {
      throw HashError(path: path, reason: "not a regular file", changedWhileReading: false)
    }
    if let expected, !expected.isSameVersion(as: before) {
      throw Self.changedWhileReading(path)
    }
    var hasher = SHA256()
    var total: Int64 = 0
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, blockSize)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw HashError(path: path, reason: Self.errnoText(), changedWhileReading: false)
      }
      if count == 0 { break }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      total += Int64(count)
      afterBlock?(total)
    }
    guard let after = FileStatus.of(descriptor: descriptor), after.isSameVersion(as: before),
      total == before.size
    else { throw Self.changedWhileReading(path) }
    return FileDigest(sha256: hasher.finalize().hexString, status: before)
  }

  /// The error for a file whose status moved while it was read.
  static func changedWhileReading(_ path: String) -> HashError {
    HashError(
      path: path, reason: "the file changed while it was being read; catalogue it again when it is complete",
      changedWhileReading: true)
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
