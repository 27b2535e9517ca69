import Crypto
import Foundation

/// Checks a BagIt bag, as a folder or a zip, by hashing every file its manifests name.
///
/// It reports every problem rather than the first: a missing `bagit.txt` or bad declaration, a
/// wrong Payload-Oxum, a file a manifest names that is missing or whose hash differs, a payload
/// file no manifest names, a tag file no tag manifest names, unsafe names (absolute, `..`,
/// symbolic links, duplicates) and, in zips, entries Exhibit cannot read. Zips are unpacked
/// only into a temporary folder, after every name is checked.
public enum BagVerifier {
  /// Verifies the bag at `path` (a folder, or a zip).
  ///
  /// Besides the BagIt checks, an Exhibit bag's evidence is checked (see ``BundleEvidenceCheck``):
  /// its audit events, that its verdicts follow from them, its signature, and, given a
  /// workspace, that its events are in the workspace's audit trail.
  /// - Parameters:
  ///   - path: The bag folder or zip.
  ///   - scratch: Where a zip is unpacked, in a folder of its own removed afterwards (default:
  ///     the temporary folder).
  ///   - workspace: The workspace whose audit trail and key the bag must agree with, if any.
  ///   - requireSignature: Whether an unsigned Exhibit bag fails.
  /// - Returns: Every check with its outcome, and every problem found.
  /// - Throws: Only when the path cannot be read at all.
  public static func verify(
    _ path: String, unpackingIn scratch: String? = nil, against workspace: BagWorkspace? = nil,
    requireSignature: Bool = false
  )
    throws -> BagReport
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw BundleError.io(path: path, reason: "no such file or folder")
    }
    // Never open a FIFO, device or socket: reading one can block for ever.
    var status = stat()
    guard stat(path, &status) == 0, [S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT) else {
      throw BundleError.io(
        path: path, reason: "not a bag folder or zip file (a FIFO, device or socket is never read)")
    }
    var report =
      isFolder.boolValue
      ? verifyFolder(path, shownAs: path, workspace: workspace, requireSignature: requireSignature)
      : try verifyZip(
        path, unpackingIn: scratch ?? FileManager.default.temporaryDirectory.path, workspace: workspace,
        requireSignature: requireSignature)
    report.checkedAgainst = workspace?.path
    return report
  }

  // MARK: Folders

  // Long: the checks run in the order their results depend on (checksums, then contents and evidence, then rendering and signature).
  static func verifyFolder(
    _ root: String, shownAs shown: String, workspace: BagWorkspace? = nil, requireSignature: Bool = false,
    zipProblems: Int = 0
  ) -> BagReport {
    var problems: [BagReport.Problem] = []
    func problem(_ path: String, _ text: String) { problems.append(.init(path: path, problem: text)) }
    let files = listFiles(root, problems: &problems)

    // bagit.txt
    if let declaration = read(root, "bagit.txt") {
      let fields = tagFields(declaration)
      let version = fields.first { $0.0 == "BagIt-Version" }?.1
      if version == nil || !["1.0", "0.97", "0.96"].contains(version ?? "") {
        problem("bagit.txt", "no supported BagIt-Version (found \(version ?? "none"))")
      }
      if fields.first(where: { $0.0 == "Tag-File-Character-Encoding" })?.1.uppercased() != "UTF-8" {
        problem("bagit.txt", "Tag-File-Character-Encoding is not UTF-8")
      }
    } else {
      problem("bagit.txt", "missing")
    }

    // Payload manifests.
    let manifests = files.filter { $0.hasPrefix("manifest-") && $0.hasSuffix(".txt") && !$0.contains("/") }
    let tagManifests = files.filter {
      $0.hasPrefix("tagmanifest-") && $0.hasSuffix(".txt") && !$0.contains("/")
    }
    if manifests.isEmpty { problem("manifest-sha256.txt", "missing: the bag has no payload manifest") }
    // Names are compared as bytes: an NFD twin of a listed NFC name is another file on disk,
    // though Swift's strings call the two equal.
    let payloadFiles = files.filter { $0.hasPrefix("data/") }
    let payload = Set(payloadFiles.map { Array($0.utf8) })
    let existing = Set(files.map { Array($0.utf8) })
    var hashedBytes: Int64 = 0
    var cache: [String: [[UInt8]: String]] = [:]
    for manifest in manifests.sorted() {
      let listed = checkManifest(
        root, manifest, allowed: { $0.hasPrefix("data/") }, existing: existing, problems: &problems,
        cache: &cache)
      for extra in payload.subtracting(listed).map({ String(decoding: $0, as: UTF8.self) }).sorted() {
        problem(extra, "extra: not in \(manifest)" + (extra.isNFC ? "" : " (a name not in Unicode NFC)"))
      }
    }
    for file in payloadFiles {
      hashedBytes +=
        (try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int64)
        .flatMap { $0 } ?? 0
    }

    // Tag manifests.
    var tagListed = Set<[UInt8]>()
    for manifest in tagManifests.sorted() {
      tagListed.formUnion(
        checkManifest(
          root, manifest, allowed: { !$0.hasPrefix("data/") }, existing: existing, problems: &problems,
          cache: &cache))
    }
    if !tagManifests.isEmpty {
      for file in files
      where !file.hasPrefix("data/") && !tagManifests.contains(file) && !tagListed.contains(Array(file.utf8))
      {
        problem(file, "extra: a tag file no tag manifest names")
      }
    }

    // Payload-Oxum.
    if let info = read(root, "bag-info.txt") {
      if let oxum = tagFields(info).first(where: { $0.0 == "Payload-Oxum" })?.1 {
        let expected = "\(hashedBytes).\(payload.count)"
        if oxum != expected {
          problem("bag-info.txt", "Payload-Oxum \(oxum) does not match the payload (\(expected))")
        }
      }
    }
    if files.contains("fetch.txt") { problem("fetch.txt", "the bag needs fetching; Exhibit bags never do") }
    let failures = problems.count + zipProblems
    let checksums = BagCheck(
      .checksums, failures == 0 ? .passed : .failed,
      failures == 0
        ? "bagit.txt, Payload-Oxum and every manifest: each of \(files.count) files hashed and matching"
        : "\(failures) \(failures == 1 ? "problem" : "problems")")
    let evidence = BundleEvidenceCheck.check(
      root: root, files: files, workspace: workspace, fileHashes: cache["sha256"] ?? [:],
      requireSignature: requireSignature)
    var report = BagReport(
      bag: shown, files: payload.count, bytes: hashedBytes, problems: (problems + evidence.problems).sorted())
    report.signature = evidence.signature
    report.kind = evidence.kind
    report.checks = [checksums] + evidence.checks
    return report
  }

  /// Checks one manifest's lines, returning the paths it names.
  private static func checkManifest(
    _ root: String, _ manifest: String, allowed: (String) -> Bool, existing: Set<[UInt8]>,
    problems: inout [BagReport.Problem], cache: inout [String: [[UInt8]: String]]
  ) -> Set<[UInt8]> {
    let algorithm = String(manifest.split(separator: "-", maxSplits: 1)[1].dropLast(4))
    guard let text = read(root, manifest) else {
      problems.append(.init(path: manifest, problem: "unreadable"))
      return []
    }
    guard HashAlgorithm(rawValue: algorithm) != nil else {
      problems.append(.init(path: manifest, problem: "unsupported algorithm \(algorithm)"))
      return []
    }
    var listed = Set<[UInt8]>()
    for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
      let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
      guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isHexDigit) else {
        problems.append(.init(path: manifest, problem: "line \(number + 1) is not 'checksum path'"))
        continue
      }
      let expected = parts[0].lowercased()
      let path = BagPath.percentDecoded(String(parts[1].drop { $0 == " " || $0 == "\t" || $0 == "*" }))
      if let unsafe = BagPath.unsafety(of: path) {
        // An empty name still needs a place in the report: the manifest line.
        let shown = path.isEmpty ? "\(manifest) line \(number + 1)" : path
        problems.append(.init(path: shown, problem: "unsafe name in \(manifest): \(unsafe)"))
        continue
      }
      guard allowed(path) else {
        problems.append(.init(path: path, problem: "listed in \(manifest), which may not name it"))
        continue
      }
      let bytes = Array(path.utf8)
      if !listed.insert(bytes).inserted {
        problems.append(.init(path: path, problem: "listed twice in \(manifest)"))
        continue
      }
      guard existing.contains(bytes) else {
        problems.append(.init(path: path, problem: "missing: listed in \(manifest)"))
        continue
      }
      let found = cache[algorithm]?[bytes] ?? hash(root + "/" + path, algorithm: algorithm)
      cache[algorithm, default: [:]][bytes] = found
      if found != expected {
        problems.append(
          .init(path: path, problem: "altered: its \(algorithm) differs from the one in \(manifest)"))
      }
    }
    return listed
  }

  /// Every regular file below `root`, relative; links and other non-files are problems, and so
  /// is a name that is not UTF-8 (no manifest can list it, so it would hide in the bag).
  /// Folders are read with `readdir`, as the bytes the file system holds.
  static func listFiles(_ root: String, problems: inout [BagReport.Problem]) -> [String] {
    var files: [String] = []
    var folders: [[UInt8]] = [[]]
    while let folder = folders.popLast() {
      let absolute = Array(root.utf8) + (folder.isEmpty ? [] : Array("/".utf8) + folder)
      for name in rawNames(absolute) {
        let relative = folder.isEmpty ? name : folder + Array("/".utf8) + name
        let shown = String(decoding: relative, as: UTF8.self)
        var status = stat()
        let full = Array(root.utf8) + Array("/".utf8) + relative
        guard Self.withCPath(full, { lstat($0, &status) }) == 0 else { continue }
        guard let text = String(validating: relative, as: UTF8.self) else {
          problems.append(
            .init(path: shown, problem: "extra: a name that is not UTF-8, which no manifest can list"))
          continue
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: folders.append(relative)
        case S_IFREG: files.append(text)
        case S_IFLNK: problems.append(.init(path: text, problem: "unsafe: a symbolic link"))
        default: problems.append(.init(path: text, problem: "unsafe: not a regular file"))
        }
      }
    }
    return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// Calls `body` with `bytes` as a NUL-terminated C path; nil only if no pointer can be had.
  private static func withCPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result?
  {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { $0.baseAddress.map(body) }
  }

  /// The names in a folder (given as bytes), as bytes, without `.` and `..`.
  private static func rawNames(_ folder: [UInt8]) -> [[UInt8]] {
    guard let directory = Self.withCPath(folder, { opendir($0) }) ?? nil else { return [] }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  private static func read(_ root: String, _ name: String) -> String? {
    var status = stat()
    guard lstat(root + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try? String(contentsOfFile: root + "/" + name, encoding: .utf8)
  }

  /// `Label: value` lines, continuation lines joined.
  static func tagFields(_ text: String) -> [(String, String)] {
    var fields: [(String, String)] = []
    for line in text.split(whereSeparator: \.isNewline) {
      if line.first == " " || line.first == "\t", let last = fields.popLast() {
        fields.append((last.0, last.1 + " " + line.trimmingCharacters(in: .whitespaces)))
      } else if let colon = line.firstIndex(of: ":") {
        fields.append(
          (
            line[..<colon].trimmingCharacters(in: .whitespaces),
            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          ))
      }
    }
    return fields
  }

  private enum HashAlgorithm: String {
    case sha256, sha512, sha384, sha1, md5
  }

  private static func hash(_ path: String, algorithm: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path), let kind = HashAlgorithm(rawValue: algorithm)
    else {
      return ""
    }
    defer { try? handle.close() }
    func digest<H: HashFunction>(_ hasher: inout H) -> String {
      while let block = try? handle.read(upToCount: 1 << 20), !block.isEmpty { hasher.update(data: block) }
      return Array(hasher.finalize()).hexString
    }
    switch kind {
    case .sha256:
      var hasher = SHA256()
      return digest(&hasher)
    case .sha512:
      var hasher = SHA512()
      return digest(&hasher)
    case .sha384:
      var hasher = SHA384()
      return digest(&hasher)
    case .sha1:
      var hasher = Insecure.SHA1()
      return digest(&hasher)
    case .md5:
      var hasher = Insecure.MD5()
      return digest(&hasher)
    }
  }

  // MARK: Zips

  static func verifyZip(
    _ path: String, unpackingIn parent: String, workspace: BagWorkspace? = nil, requireSignature: Bool = false
  ) throws -> BagReport {
    let entries = try StoredZip.entries(of: path)
    var problems: [BagReport.Problem] = []
    var seen = Set<String>()
    var usable: [StoredZip.Entry] = []
    for (number, entry) in entries.enumerated() {
      if let unsafe = BagPath.unsafety(of: entry.isDirectory ? String(entry.name.dropLast()) : entry.name) {
        let shown = entry.name.isEmpty ? "zip entry \(number + 1)" : entry.name
        problems.append(.init(path: shown, problem: "unsafe name in zip: \(unsafe)"))
      } else if entry.isSymbolicLink {
        problems.append(.init(path: entry.name, problem: "unsafe: a symbolic link"))
      } else if !seen.insert(entry.name).inserted {
        problems.append(.init(path: entry.name, problem: "unsafe: the zip holds this name twice"))
      } else if !entry.isDirectory && entry.method != 0 {
        problems.append(
          .init(path: entry.name, problem: "compressed (method \(entry.method)); Exhibit reads stored zips"))
      } else {
        usable.append(entry)
      }
    }
    let scratch = (parent as NSString).appendingPathComponent("exhibit-verify-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for entry in usable {
      let target = scratch + "/" + entry.name
      do {
        if entry.isDirectory {
          try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
          continue
        }
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if try !StoredZip.extract(entry, from: path, to: target) {
          problems.append(.init(path: entry.name, problem: "altered: the zip's CRC-32 does not match"))
        }
      } catch {
        problems.append(.init(path: entry.name, problem: "\(error)"))
      }
    }
    // The bag is the zip's single top folder, or the zip's root.
    let top = Set(usable.compactMap { $0.name.split(separator: "/").first.map(String.init) })
    let prefix = top.count == 1 && !usable.contains(where: { !$0.name.contains("/") }) ? top.first ?? "" : ""
    let root = prefix.isEmpty ? scratch : scratch + "/" + prefix
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    // The zip's own problems count against its checksums, named as the zip names them.
    let inner = verifyFolder(
      root, shownAs: path, workspace: workspace, requireSignature: requireSignature,
      zipProblems: problems.count)
    let shown = inner.problems.map {
      BagReport.Problem(path: prefix.isEmpty ? $0.path : prefix + "/" + $0.path, problem: $0.problem)
    }
    var report = BagReport(
      bag: path, files: inner.files, bytes: inner.bytes, problems: (problems + shown).sorted())
    report.signature = inner.signature
    report.kind = inner.kind
    report.checks = inner.checks
    return report
  }
}

extension String {
  /// Whether the text is in Unicode Normalization Form C, as names usually are.
  var isNFC: Bool { precomposedStringWithCanonicalMapping.utf8.elementsEqual(utf8) }
}
