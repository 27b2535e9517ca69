import ExhibitKit
import Foundation

/// Local copies of stored recordings and caption files, fetched from the evidence store for one
/// command (a bundle), in a hidden folder beside where it writes; `remove()` deletes them.
final class FetchedEvidence: @unchecked Sendable {
  private let storage: EvidenceStorage
  private let folder: String
  private var copies: [String: String] = [:]
  private let lock = NSLock()

  /// Makes the folder in `parent`, where the bundle will be written (the same file system).
  init(from storage: EvidenceStorage, in parent: String) throws {
    self.storage = storage
    folder = (parent as NSString).appendingPathComponent(
      ".exhibit-fetch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// The path of a local copy of the object, fetched (and checked against `sha256`) on first use.
  func copy(_ sha256: String, _ kind: StoredObjectKind) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let path = copies[sha256] { return path }
    let path = (folder as NSString).appendingPathComponent(sha256)
    let storage = self.storage
    try waitFor { try await storage.fetch(sha256: sha256, kind: kind, to: path) }
    copies[sha256] = path
    return path
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
