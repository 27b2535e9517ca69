import ExhibitKit
import Foundation

/// A recording as the media route serves it: the file catalogued under its SHA-256 and the type
/// it is sent as. Read once per database version and shared (``CataloguePool/cachedRead(_:_:)``), by
/// the route and by ``MediaFastPath``.
struct ServedMedia: Sendable, Equatable {
  /// The file as catalogued.
  let file: MediaFile
  /// Its `Content-Type`.
  let contentType: String
  /// Its `ETag`: the SHA-256, quoted.
  let etag: String

  /// The read cache's key for the recording `sha256`.
  static func cacheKey(_ sha256: String) -> String { "media \(sha256)" }

  /// The recording `sha256` from the database, or nil when no file of it is on record.
  static func read(_ sha256: String, from store: any CatalogueStorage) async throws -> ServedMedia? {
    try await store.mediaFile(sha256: sha256).map {
      ServedMedia(
        file: $0, contentType: MediaRoutes.contentType(container: $0.container, path: $0.path),
        etag: "\"\(sha256)\"")
    }
  }
}

extension MediaFile {
  /// Whether a file's status says it is still the file catalogued: a regular file of the size,
  /// modification time, inode and device on record (the media route's freshness rule).
  func isUnchanged(_ status: stat) -> Bool {
    let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    return status.st_mode & S_IFMT == S_IFREG && Int64(status.st_size) == size
      && modified == modificationNanoseconds
      && (inode == 0 || Int64(bitPattern: UInt64(status.st_ino)) == inode)
      && (device == 0 || Int64(bitPattern: UInt64(status.st_dev)) == device)
  }

  /// The file, opened without following a symbolic link, and its status; nil when it cannot be
  /// opened so (gone, or a link put in its place).
  func openWithoutFollowingLinks() -> (descriptor: Int32, status: stat)? {
    let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      return nil
    }
    return (descriptor, status)
  }
}
