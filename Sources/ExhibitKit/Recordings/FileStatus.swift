import Foundation

/// What `stat` says of a file, enough to tell whether it changed without reading it.
public struct FileStatus: Sendable, Equatable {
  public var size: Int64
  /// Modification time in nanoseconds since the epoch.
  public var modifiedNanoseconds: Int64
  /// Status-change time in nanoseconds since the epoch (changes on any write, even one that
  /// restores the modification time).
  public var changedNanoseconds: Int64
  public var inode: UInt64
  public var device: UInt64
  /// Whether it is a regular file (not a folder, FIFO, device, socket or symbolic link).
  public var isRegularFile: Bool

  init(_ status: stat) {
    size = Int64(status.st_size)
    modifiedNanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    changedNanoseconds = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    inode = UInt64(status.st_ino)
    device = UInt64(status.st_dev)
    isRegularFile = status.st_mode & S_IFMT == S_IFREG
  }

  /// The status of `path` itself (a symbolic link is not followed), or nil when it is gone.
  public static func of(_ path: String) -> FileStatus? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return FileStatus(status)
  }

  /// The status of an open file.
  static func of(descriptor: Int32) -> FileStatus? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileStatus(status)
  }

  /// Whether the two describe the same bytes at the same place, as far as `stat` can tell.
  public func isSameVersion(as other: FileStatus) -> Bool {
    size == other.size && modifiedNanoseconds == other.modifiedNanoseconds
      && changedNanoseconds == other.changedNanoseconds && inode == other.inode && device == other.device
  }
}
