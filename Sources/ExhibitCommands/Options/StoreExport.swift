import ExhibitKit
import Foundation

/// A bundle written to the evidence store's `exports/` (`bundle --to-store`): made and checked in
/// a temporary folder as any bundle is, then uploaded file by file, and the folder removed.
///
/// A bag's `bagit.txt` goes last, so a bag whose `bagit.txt` is in the store is whole; names
/// already in the store are skipped as names in the output folder are (`NAME.2`, `NAME.3`…).
final class StoreExport: Sendable {
  let storage: EvidenceStorage
  /// The temporary folder the bundle is made in.
  let folder: String

  /// Makes the temporary folder.
  init(to storage: EvidenceStorage) throws {
    self.storage = storage
    folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "exhibit-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Whether the store holds a zip of this name, or a whole bag (its `bagit.txt`).
  func isTaken(_ name: String) throws -> Bool {
    let storage = storage
    let probe = name.hasSuffix(".zip") || name.hasSuffix(".html") ? name : name + "/bagit.txt"
    return try waitFor { try await storage.hasExport(named: probe) }
  }

  /// Uploads the zip, bag or page at `path` in the folder under its name there.
  /// - Returns: Where it is in the store.
  /// - Throws: ``BundleError`` naming the file that could not be read, or the store's error.
  func store(_ path: String) throws -> String {
    let name = (path as NSString).lastPathComponent
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      return try upload(path, as: name)
    }
    let files = (FileManager.default.subpaths(atPath: path) ?? []).filter { file in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: (path as NSString).appendingPathComponent(file), isDirectory: &isFolder)
        && !isFolder.boolValue
    }
    for file in files.sorted() where file != "bagit.txt" {
      _ = try upload((path as NSString).appendingPathComponent(file), as: "\(name)/\(file)")
    }
    let location = try upload((path as NSString).appendingPathComponent("bagit.txt"), as: "\(name)/bagit.txt")
    return String(location.dropLast("/bagit.txt".count))
  }

  /// A page (`audit-ID-index.html`) under the first of its names the store does not hold other
  /// bytes under: `audit-1-index.html`, then `audit-1-index.2.html`…
  /// - Returns: Where it is in the store.
  func storePage(_ path: String) throws -> String {
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    var name = base + ".html"
    var sequence = 1
    while try isTaken(name) {
      sequence += 1
      name = "\(base).\(sequence).html"
    }
    return try upload(path, as: name)
  }

  private func upload(_ path: String, as name: String) throws -> String {
    let sha256: String
    do { sha256 = try FileHasher().hash(path).sha256 } catch {
      throw BundleError.io(path: path, reason: "\(error)")
    }
    let storage = storage
    return try waitFor { try await storage.storeExport(fileAt: path, named: name, sha256: sha256) }
  }

  /// Removes the temporary folder and what is in it.
  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
