import Crypto
import Foundation

/// Writes a BagIt 1.0 bag into a hidden sibling folder and moves it into place only when every
/// file is written and synced, so the final path holds a whole bag or nothing.
final class BagWriter {
  /// A written file: its path inside the bag, SHA-256 and size.
  struct Entry: Sendable, Equatable {
    var path: String
    var sha256: String
    var size: Int64
  }

  let destination: String
  private let stagingFolder: StagingFolder
  var staging: String { stagingFolder.path }
  private(set) var payload: [Entry] = []
  private var finished = false

  /// Prepares a staging folder beside `destination`, removing those killed exports left.
  /// - Throws: ``BundleError/targetExists(_:)`` when `destination` exists.
  /// Payload paths written so far, lowercased.
  private var written: Set<String> = []

  init(destination: String) throws {
    self.destination = destination
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: destination) { throw BundleError.targetExists(destination) }
    stagingFolder = try StagingFolder(beside: destination, kind: "partial")
    do {
      try fileManager.createDirectory(atPath: stagingFolder.path + "/data", withIntermediateDirectories: true)
    } catch {
      throw BundleError.io(path: stagingFolder.path, reason: error.localizedDescription)
    }
  }

  deinit {
    if !finished { try? FileManager.default.removeItem(atPath: staging) }
  }

  /// Writes a payload file from memory at `data/<relative>`.
  func write(_ data: Data, to relative: String) throws {
    let path = try prepare(relative)
    do { try data.write(to: URL(fileURLWithPath: path)) } catch {
      throw writeFailure("data/" + relative, error)
    }
    try AtomicFiles.sync(path)
    payload.append(
      Entry(path: "data/" + relative, sha256: SHA256.hash(data: data).hexString, size: Int64(data.count)))
    CrashPoint.file.reach()
  }

  /// Copies a file into `data/<relative>`, hashing as it copies, and refuses it when the bytes
  /// are not the ones catalogued.
  /// - Throws: ``BundleError/changedSinceCatalogued(path:expected:found:)`` or ``BundleError/io(path:reason:)``.
  func copy(from source: String, to relative: String, expectedSHA256: String) throws {
    let path = try prepare(relative)
    guard let input = FileHandle(forReadingAtPath: source) else { throw BundleError.missingSource(source) }
    defer { try? input.close() }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let output = FileHandle(forWritingAtPath: path)
    else { throw BundleError.io(path: path, reason: "cannot create") }
    defer { try? output.close() }
    var hasher = SHA256()
    var size: Int64 = 0
    // A failed read is the recording's fault; a failed write (a full disk) is the bag's.
    func reading() throws -> Data? {
      do { return try input.read(upToCount: 1 << 20) } catch {
        throw BundleError.io(path: source, reason: "cannot read: \(error.localizedDescription)")
      }
    }
    do {
      while let block = try reading(), !block.isEmpty {
        hasher.update(data: block)
        try output.write(contentsOf: block)
        size += Int64(block.count)
      }
      try output.synchronize()
    } catch let error as BundleError {
      throw error
    } catch {
      throw writeFailure("data/" + relative, error)
    }
    let found = hasher.finalize().hexString
    guard found == expectedSHA256 else {
      throw BundleError.changedSinceCatalogued(path: source, expected: expectedSHA256, found: found)
    }
    payload.append(Entry(path: "data/" + relative, sha256: found, size: size))
    CrashPoint.file.reach()
  }

  /// Writes the tag files, syncs the folders and renames the bag into place.
  /// - Parameters:
  ///   - info: `bag-info.txt` fields in order; Payload-Oxum is added.
  ///   - signingKey: When given, `exhibit-signature.json` is written (see ``BagSignature``) and
  ///     listed in the tag manifest.
  ///   - vetting: When given, called with the staging folder and its files before the bag is moved
  ///     into place; it throws to refuse the bag.
  /// - Returns: Every file of the bag, payload and tags, sorted by path.
  /// - Throws: ``BundleError``; the staging folder is removed then.
  func finish(
    info: [(String, String)], signingKey: Curve25519.Signing.PrivateKey? = nil,
    vetting: ((_ staging: String, _ files: [Entry]) throws -> Void)? = nil
  ) throws -> [Entry] {
    let bytes = payload.reduce(Int64(0)) { $0 + $1.size }
    var tags: [Entry] = []
    tags.append(try writeTag("bagit.txt", "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n"))
    let fields = info + [("Payload-Oxum", "\(bytes).\(payload.count)")]
    tags.append(
      try writeTag("bag-info.txt", fields.map { "\($0.0): \(Self.oneLine($0.1))\n" }.joined()))
    tags.append(try writeTag("manifest-sha256.txt", Self.manifest(payload)))
    if let signingKey {
      // The tag manifest as it will be without its line for the signature: the signature covers it.
      let signed = try BagSignature.signedFiles.map { name in
        if name.hasPrefix("tagmanifest-") { return Data(Self.manifest(tags).utf8) }
        do {
          return try Data(
            contentsOf: URL(fileURLWithPath: (staging as NSString).appendingPathComponent(name)))
        } catch {
          throw writeFailure(name, error)
        }
      }
      let signature: BagSignature
      do { signature = try BagSignature.sign(signed, with: signingKey) } catch {
        throw writeFailure(BagSignature.fileName, error)
      }
      let encoder = JSONEncoder()
      encoder.keyEncodingStrategy = .convertToSnakeCase
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let json = String(decoding: try encoder.encode(signature), as: UTF8.self) + "\n"
      tags.append(try writeTag(BagSignature.fileName, json))
    }
    let tagManifest = try writeTag("tagmanifest-sha256.txt", Self.manifest(tags))
    var folders = Set<String>([staging])
    for entry in payload {
      var folder = (entry.path as NSString).deletingLastPathComponent
      while !folder.isEmpty {
        folders.insert((staging as NSString).appendingPathComponent(folder))
        folder = (folder as NSString).deletingLastPathComponent
      }
    }
    for folder in folders.sorted().reversed() { try AtomicFiles.sync(folder) }
    // Before anyone can see it: the folder holds exactly the files the manifests list, at the
    // sizes they were written (their hashes were taken as they were written), names as bytes.
    var problems: [BagReport.Problem] = []
    let onDisk = Set(BagVerifier.listFiles(staging, problems: &problems).map { Array($0.utf8) })
    let written = payload + tags + [tagManifest]
    for entry in written {
      let size =
        (try? FileManager.default.attributesOfItem(atPath: staging + "/" + entry.path)[.size] as? Int64)
        ?? nil
      if size != entry.size {
        problems.append(.init(path: entry.path, problem: "not the \(entry.size) bytes written"))
      }
    }
    for extra in onDisk.subtracting(written.map { Array($0.path.utf8) }) {
      problems.append(.init(path: String(decoding: extra, as: UTF8.self), problem: "no manifest lists it"))
    }
    guard problems.isEmpty else {
      throw BundleError.invalidOutput(
        path: destination, problems: problems.map { "\($0.path): \($0.problem)" })
    }
    try vetting?(staging, written)
    CrashPoint.rename.reach()
    try AtomicFiles.renameWithoutReplacing(staging, to: destination)
    finished = true
    try AtomicFiles.sync((destination as NSString).deletingLastPathComponent)
    return (payload + tags + [tagManifest]).sorted { $0.path < $1.path }
  }

  /// Manifest lines, sorted by path, paths percent-encoded.
  static func manifest(_ entries: [Entry]) -> String {
    entries.sorted { $0.path < $1.path }.map { "\($0.sha256)  \(BagPath.percentEncoded($0.path))\n" }.joined()
  }

  /// A bag-info value on one line.
  static func oneLine(_ value: String) -> String {
    value.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// An error naming the bag being written (not its hidden staging folder) and the file.
  private func writeFailure(_ relative: String, _ error: any Error) -> BundleError {
    .io(
      path: destination,
      reason: "cannot write \(relative): \(error.localizedDescription.trimmingCharacters(in: ["."])); "
        + "nothing was left at the target")
  }

  private func writeTag(_ name: String, _ text: String) throws -> Entry {
    let path = (staging as NSString).appendingPathComponent(name)
    let data = Data(text.utf8)
    do { try data.write(to: URL(fileURLWithPath: path)) } catch {
      throw writeFailure(name, error)
    }
    try AtomicFiles.sync(path)
    CrashPoint.file.reach()
    return Entry(path: name, sha256: SHA256.hash(data: data).hexString, size: Int64(data.count))
  }

  private func prepare(_ relative: String) throws -> String {
    precondition(BagPath.unsafety(of: relative) == nil, "unsafe payload path \(relative)")
    // One file of the bag must never overwrite another, here or on a case-insensitive disk.
    guard written.insert(relative.lowercased()).inserted else {
      throw BundleError.invalidOutput(
        path: destination, problems: ["data/\(relative): two files of the bag would have this name"])
    }
    let path = (staging as NSString).appendingPathComponent("data/" + relative)
    let folder = (path as NSString).deletingLastPathComponent
    do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
      throw BundleError.io(path: folder, reason: error.localizedDescription)
    }
    return path
  }
}
