import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system steps an atomic export needs: durable writes and a rename that never replaces.
enum AtomicFiles {
  /// Flushes a file or folder to disk.
  static func sync(_ path: String) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw BundleError.io(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw BundleError.io(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// Renames `source` to `destination`, failing when the destination exists (even an empty
  /// folder, which plain rename(2) would replace).
  static func renameWithoutReplacing(_ source: String, to destination: String) throws {
    #if os(Linux)
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      if let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") {
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let noReplace: UInt32 = 1
        if renameat2(AT_FDCWD, source, AT_FDCWD, destination, noReplace) == 0 { return }
        if errno == EEXIST { throw BundleError.targetExists(destination) }
        if errno != EINVAL && errno != ENOSYS {
          throw BundleError.io(path: destination, reason: String(cString: strerror(errno)))
        }
      }
    #endif
    // Without renameat2 (or a file system refusing its flag): check, then rename; a race here
    // could only replace an empty folder created in between.
    if FileManager.default.fileExists(atPath: destination) { throw BundleError.targetExists(destination) }
    guard rename(source, destination) == 0 else {
      throw BundleError.io(path: destination, reason: String(cString: strerror(errno)))
    }
  }
}
