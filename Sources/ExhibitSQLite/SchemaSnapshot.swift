import ExhibitModel
import Foundation

/// The schema a migrator's steps build, as one script (with its `PRAGMA user_version`), and the
/// database file that script makes.
///
/// A new file is written from the image: running the script (some 190 tables, indexes, triggers
/// and full-text tables, each parsed and planned) was most of a new workspace's `init`, and
/// writing the file costs a fraction of it. The script stays for a migrator without an image;
/// either replaces every step, which create, drop and remake tables and indexes on their way.
public struct SchemaSnapshot: Sendable {
  /// The version the script leaves: the last step's.
  public let version: Int
  /// The statements, `PRAGMA user_version` among them.
  public let sql: String
  /// The file the statements make in WAL mode, encoded (``imageBytes``); nil for none.
  let encodedImage: String?

  /// - Parameters:
  ///   - version: The version the script leaves.
  ///   - sql: The statements.
  ///   - image: The database file they make, as `Scripts/make-schema-image.py` encodes it (base64 of the
  ///     length, then each stretch between long runs of zeros as the zeros before it, its length
  ///     and its bytes, numbers in four bytes little-endian); nil to build new files from `sql`.
  public init(version: Int, sql: String, image: String? = nil) {
    self.version = version
    self.sql = sql
    encodedImage = image
  }

  /// The database file the script makes, or nil when there is no image or it does not decode.
  public var imageBytes: [UInt8]? {
    guard let encodedImage, let data = Data(base64Encoded: encodedImage) else { return nil }
    let encoded = [UInt8](data)
    var offset = 0
    func number() -> Int? {
      guard offset + 4 <= encoded.count else { return nil }
      defer { offset += 4 }
      return (0..<4).reduce(0) { $0 | Int(encoded[offset + $1]) << (8 * $1) }
    }
    guard let length = number() else { return nil }
    var image = [UInt8](repeating: 0, count: length)
    var position = 0
    while offset < encoded.count {
      guard let zeros = number(), let count = number(), offset + count <= encoded.count,
        position + zeros + count <= length
      else { return nil }
      position += zeros
      image.withUnsafeMutableBytes { target in
        encoded.withUnsafeBytes { source in
          guard let to = target.baseAddress, let from = source.baseAddress else { return }
          to.advanced(by: position).copyMemory(from: from.advanced(by: offset), byteCount: count)
        }
      }
      position += count
      offset += count
    }
    return image
  }

  /// Linux's `O_TMPFILE`, a macro Swift does not import: `__O_TMPFILE` with `O_DIRECTORY`.
  private static let unnamedFile: Int32 = 0o2000_0000 | O_DIRECTORY

  /// Writes the image as a new database file at `path`, if nothing is there: into a file with no
  /// name yet in the same folder (`O_TMPFILE`), flushed to the disk, then linked at `path`, so the
  /// path never holds part of a file, a process killed on the way leaves nothing, and a file
  /// another process made first is kept. Any failure (no image, a file system without unnamed
  /// files, no room, no permission) leaves nothing and returns false; the caller then makes the
  /// file as before.
  /// - Returns: Whether this call made the file.
  public func writeNewFile(at path: String) -> Bool {
    guard let image = imageBytes else { return false }
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    let descriptor = open(folder, Self.unnamedFile | O_WRONLY | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    let written = image.withUnsafeBytes { bytes -> Bool in
      guard let start = bytes.baseAddress else { return false }
      var offset = 0
      while offset < bytes.count {
        let count = write(descriptor, start.advanced(by: offset), bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard written, fsync(descriptor) == 0 else {
      close(descriptor)
      return false
    }
    CrashPoint.file.reach()
    let linked = linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    close(descriptor)
    guard linked else { return false }
    CrashPoint.committed.reach()
    // The folder's new entry reaches the disk too, before anything is written on top of it.
    let entries = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if entries >= 0 {
      fsync(entries)
      close(entries)
    }
    return true
  }
}
