import Foundation

/// Finds and reads criteria documents for an import, file by file, never stopping at a bad one.
public enum CriteriaFiles {
  /// File name endings taken from folders (files named directly are always read).
  public static let extensions: Set<String> = ["md", "markdown", "txt", "text"]

  /// What reading and parsing a batch gave.
  public struct Batch: Sendable {
    public var documents: [CriteriaDocument] = []
    public var skipped: [(path: String, reason: String)] = []
    public var errors: [CriteriaParseError] = []
  }

  /// Expands folders (recursively, sorted, hidden entries left out) into document paths.
  /// A path that does not exist becomes an error in the batch.
  static func expand(_ paths: [String], errors: inout [CriteriaParseError]) -> [String] {
    var files: [String] = []
    let fileManager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else {
        errors.append(CriteriaParseError(path: path, line: 0, reason: "no such file or folder"))
        continue
      }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      let root = URL(fileURLWithPath: path)
      guard
        let walker = fileManager.enumerator(
          at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
      else { continue }
      var found: [String] = []
      for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
        if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
          found.append(url.path)
        }
      }
      files += found.sorted()
    }
    return files
  }

  /// Reads and parses every document under `paths`.
  ///
  /// - Parameters:
  ///   - paths: Files or folders.
  ///   - parser: The parser to use.
  /// - Returns: The documents, the skipped files and the errors, each naming its file.
  public static func read(_ paths: [String], parser: CriteriaParser) -> Batch {
    var batch = Batch()
    for path in expand(paths, errors: &batch.errors) {
      do {
        let bytes = try readRegularFile(path, limit: TextLines.maximumDocumentBytes + 1)
        switch try parser.parse(bytes: bytes, path: path) {
        case .document(let document): batch.documents.append(document)
        case .skipped(let path, let reason): batch.skipped.append((path, reason))
        }
      } catch let error as CriteriaParseError {
        batch.errors.append(error)
      } catch {
        batch.errors.append(CriteriaParseError(path: path, line: 0, reason: "\(error)"))
      }
    }
    return batch
  }

  /// Reads at most `limit` bytes of a regular file (a symbolic link to one is followed).
  /// The file is opened non-blocking and checked with `fstat` before any read, so a FIFO,
  /// device or folder is refused without blocking the import.
  static func readRegularFile(_ path: String, limit: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw CriteriaParseError(path: path, line: 0, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw CriteriaParseError(path: path, line: 0, reason: String(cString: strerror(errno)))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw CriteriaParseError(path: path, line: 0, reason: "not a regular file")
    }
    var bytes = [UInt8](repeating: 0, count: min(limit, Int(status.st_size) + 1))
    var filled = 0
    while filled < bytes.count {
      let count = bytes[filled...].withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw CriteriaParseError(path: path, line: 0, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      filled += count
    }
    return Array(bytes[..<filled])
  }
}
