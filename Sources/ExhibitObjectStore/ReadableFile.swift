import Foundation

/// A file opened for reading from its start, with its size at opening.
final class ReadableFile: @unchecked Sendable {
  let size: Int64
  private let descriptor: Int32
  private let path: String

  init(path: String) throws {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw S3Error.configuration("\(path): cannot be read (\(String(cString: strerror(errno))))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      Foundation.close(descriptor)
      throw S3Error.configuration("\(path): not a regular file")
    }
    size = Int64(status.st_size)
  }

  /// Up to `count` further bytes; empty at the end.
  func read(count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.read(descriptor, base + filled, count - filled)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw S3Error.configuration("\(path): read failed (\(String(cString: strerror(errno))))")
      }
      if got == 0 { break }
      filled += got
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  func close() { Foundation.close(descriptor) }
}
