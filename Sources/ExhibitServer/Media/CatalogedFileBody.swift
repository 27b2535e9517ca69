import ExhibitKit
import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// A response body of a catalogued file's bytes, read from a descriptor opened without following
/// a symbolic link and checked to be the file catalogued (size, modification time, inode and
/// device) before a byte is read: a file swapped in after the route's own check is not sent.
/// Reads run on NIO's thread pool, 128 KiB at a time, and stop at the range's end or the file's.
enum CatalogedFileBody {
  /// The bytes of `range` of `file`.
  static func body(_ file: MediaFile, range: ClosedRange<Int64>) -> ResponseBody {
    ResponseBody(contentLength: Int(range.count)) { writer in
      guard let (descriptor, status) = file.openWithoutFollowingLinks() else {
        throw HTTPError(.gone, message: "the file is no longer on disk")
      }
      defer { close(descriptor) }
      guard file.isUnchanged(status) else {
        throw HTTPError(.conflict, message: "the file changed since it was catalogued")
      }
      var offset = range.lowerBound
      while offset <= range.upperBound {
        let want = Int(min(Int64(chunkLength), range.upperBound - offset + 1))
        let start = offset
        let chunk: ByteBuffer = try await NIOThreadPool.singleton.runIfActive {
          var buffer = ByteBufferAllocator().buffer(capacity: want)
          let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { bytes in
            max(pread(descriptor, bytes.baseAddress, want, off_t(start)), 0)
          }
          _ = read
          return buffer
        }
        // A file cut short while it is read ends the response early, never in a loop.
        guard chunk.readableBytes > 0 else { throw HTTPError(.conflict, message: "the file was cut short") }
        try await writer.write(chunk)
        offset += Int64(chunk.readableBytes)
      }
      try await writer.finish(nil)
    }
  }

  /// Bytes read at a time.
  static let chunkLength = 128 * 1024
}
