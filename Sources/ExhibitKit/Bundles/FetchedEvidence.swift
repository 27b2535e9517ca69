import ExhibitModel
import Foundation

/// Local copies of stored recordings and caption files, fetched from the evidence store for one
/// bundle, in a hidden folder beside where it is written; ``remove()`` deletes them. A bundle's
/// request takes ``copy(_:_:)`` as its `localCopy`, so a bundle made where the recordings are
/// not on disk (a team's server, an auditor's laptop) reads them back from the bucket, checked
/// against their SHA-256.
public final class FetchedEvidence: @unchecked Sendable {
  private let storage: any EvidenceStorage
  private let folder: String
  private var copies: [String: String] = [:]
  private let lock = NSLock()

  /// Makes the folder in `parent`, where the bundle will be written (the same file system).
  /// - Throws: Foundation's error when the folder cannot be made.
  public init(from storage: any EvidenceStorage, in parent: String) throws {
    self.storage = storage
    folder = (parent as NSString).appendingPathComponent(
      ".exhibit-fetch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// The path of a local copy of the object, fetched (and checked against `sha256`) on first
  /// use. It blocks its thread while it fetches: call it off Swift's cooperative threads.
  /// - Throws: The store's error, or ``StoredObjectMissing``.
  /// `size` bounds what is read (the catalogued size; nil for a caption, which the most a
  /// caption file may hold bounds).
  public func copy(_ sha256: String, _ kind: StoredObjectKind, size: Int64?) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let path = copies[sha256] { return path }
    let path = (folder as NSString).appendingPathComponent(sha256)
    let storage = self.storage
    let bound = size ?? Int64(RecordingExaminer.maximumCaptionBytes)
    try waitFor { try await storage.fetch(sha256: sha256, kind: kind, size: bound, to: path) }
    copies[sha256] = path
    return path
  }

  /// Deletes the copies and their folder.
  public func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
