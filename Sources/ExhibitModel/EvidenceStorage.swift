/// Where a workspace keeps the bytes of its recordings and caption files for everyone who
/// shares it: an object store (`EXHIBIT_MEDIA=s3://bucket/prefix`), beside the paths they were
/// catalogued from. Without one (the default), the catalogued paths are the only copies.
///
/// Objects are stored by their SHA-256 and never overwritten, so one object serves every path
/// the same bytes were seen at.
public protocol EvidenceStorage: Sendable {
  /// The store as users write it, `s3://evidence/acme`: what the catalogue records them under.
  var location: String { get }

  /// Stores the file at `path`, whose bytes hash to `sha256`, unless the store holds them
  /// already. Returns only once the store holds exactly those bytes; throws otherwise, and then
  /// nothing of the file may be recorded as stored.
  func store(fileAt path: String, sha256: String, kind: StoredObjectKind) async throws

  /// Writes the stored object's bytes to a new file at `destination`, hashing them as they are
  /// written. Throws when the store lacks the object, sends more than `size` bytes (the
  /// catalogued size, or the most a caption may hold: it stops there), or its bytes do not hash
  /// to `sha256`.
  func fetch(sha256: String, kind: StoredObjectKind, size: Int64, to destination: String) async throws

  /// The bytes `range` (offsets, inclusive) of a stored object as they arrive, for a player:
  /// exactly `range.count` of them, or an error (a store that sends more or fewer is not trusted).
  /// Throws ``StoredObjectMissing`` before the first bytes when the store lacks the object.
  func read(sha256: String, kind: StoredObjectKind, range: ClosedRange<Int64>) async throws
    -> AsyncThrowingStream<[UInt8], any Error>

  /// Whether the store holds an export (a bundle's zip, or one file of a bag) under `name`, a
  /// relative path in its `exports/` folder.
  func hasExport(named name: String) async throws -> Bool

  /// Stores an export file, whose bytes hash to `sha256`, under `name` in its `exports/` folder.
  /// Other bytes under that name are an error, never replaced; the same bytes are left as they are.
  /// - Returns: Where the file is, as users write it (`s3://evidence/acme/exports/NAME.zip`).
  func storeExport(fileAt path: String, named name: String, sha256: String) async throws -> String
}
