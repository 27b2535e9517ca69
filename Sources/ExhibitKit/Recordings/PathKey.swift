/// A file path as a dictionary or set key, equal only when its bytes are.
///
/// Swift's `String` calls an NFC and an NFD spelling of a name equal, but the file system holds
/// them as two files: keyed by `String`, one of two such recordings would never be catalogued.
struct PathKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ path: String) { bytes = Array(path.utf8) }
}
