import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hidden folder beside an export's final path where it is built, locked while in use.
///
/// The lock (`flock` on the folder) is held until ``release()`` or until the process ends, however
/// it ends: the kernel drops it even after `kill -9`. So before making a new one, an export
/// removes the staging folders of the same target that nobody holds any more, the remains of
/// exports that were killed, and leaves alone those another export is still writing.
final class StagingFolder {
  /// The folder's path.
  let path: String
  private var descriptor: Int32

  /// Makes `.<target name>.<kind>-<random>` beside `target`, locked, after sweeping stale ones.
  /// - Throws: ``BundleError/io(path:reason:)``.
  init(beside target: String, kind: String) throws {
    let folder = (target as NSString).deletingLastPathComponent
    let prefix = ".\((target as NSString).lastPathComponent).\(kind)-"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw BundleError.io(path: folder, reason: "cannot create the folder: \(error.localizedDescription)")
    }
    Self.sweep(folder: folder, prefix: prefix)
    path = (folder as NSString).appendingPathComponent(prefix + UUID().uuidString.prefix(8))
    guard mkdir(path, 0o755) == 0 else {
      throw BundleError.io(
        path: folder, reason: "cannot write in this folder: \(String(cString: strerror(errno)))")
    }
    descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      rmdir(path)
      throw BundleError.io(path: path, reason: "cannot lock the staging folder: \(reason)")
    }
  }

  deinit { release() }

  /// Drops the lock (the folder itself is the owner's to remove or rename).
  func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  /// Removes the folders in `folder` named `prefix…` whose lock is free.
  static func sweep(folder: String, prefix: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix(prefix) {
      let stale = (folder as NSString).appendingPathComponent(name)
      let probe = open(stale, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard probe >= 0 else { continue }
      defer { close(probe) }
      guard flock(probe, LOCK_EX | LOCK_NB) == 0 else { continue }
      try? FileManager.default.removeItem(atPath: stale)
    }
  }
}
