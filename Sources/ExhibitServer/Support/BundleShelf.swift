import ExhibitKit
import Foundation
import HTTPTypes

/// The zips the server exported, in its exports folder, and what each held when it was made.
///
/// Zip names are checked before any file is touched: a name is `[A-Za-z0-9._-]+.zip` with no
/// `..`, and only files directly in the folder are served.
final class BundleShelf: @unchecked Sendable {
  /// A bundle as the page shows it.
  struct Entry: Sendable {
    let name: String
    let size: Int64
    let modified: Date
  }

  /// Where the zips are written.
  let folder: String
  private let lock = NSLock()
  private var exports: [String: BundleResult] = [:]
  /// When each visitor exported, for ``exportsPerHour``.
  private var recent: [String: [Date]] = [:]

  /// Exports one visitor may make in an hour: a zip copies every recording, so an unbounded
  /// number would fill the disk.
  static let exportsPerHour = 30
  /// Space that must stay free on the exports folder's disk after an export, by default.
  static let defaultFreeFloor: Int64 = 256 << 20
  /// Space that must stay free on the exports folder's disk after an export.
  let freeFloor: Int64

  init(folder: String, freeFloor: Int64 = BundleShelf.defaultFreeFloor) {
    self.folder = folder
    self.freeFloor = freeFloor
  }

  /// Whether a name may name a zip on the shelf.
  static func isValidName(_ name: String) -> Bool {
    name.hasSuffix(".zip") && !name.contains("..") && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
      }
  }

  /// The zip at a name, or nil when the name is not valid or no such file is on the shelf.
  func path(of name: String) -> String? {
    guard Self.isValidName(name) else { return nil }
    let path = (folder as NSString).appendingPathComponent(name)
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return path
  }

  /// Every zip on the shelf, newest first.
  func entries() -> [Entry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter(Self.isValidName).compactMap { name -> Entry? in
      guard let path = path(of: name),
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      else { return nil }
      return Entry(
        name: name, size: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
        modified: attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0))
    }.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
  }

  /// Exports a component's evidence on a platform as a zip on the shelf; recordings and captions
  /// are read back from `storage` when one is given (a team's bucket), else from their files.
  /// - Throws: ``BundleError``, ``LookupError``, ``SQLiteError`` or the store's error.
  func export(
    component: String, platform: Platform, source: BagSource, visitor: String, audit: String?,
    storage: (any EvidenceStorage)? = nil
  ) async throws -> BundleResult {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try admit(visitor: visitor, estimate: try await Self.estimate(component, platform, source.catalogue))
    var request = BundleRequest(
      component: component, platform: platform, outFolder: folder, zip: true,
      signingKeyPath: source.keyPath)
    request.audit = audit
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: folder) }
    defer { fetched?.remove() }
    if let fetched { request.localCopy = { try fetched.copy($0, $1, size: $2) } }
    let result = try await source.catalogue.exportBundle(request)
    lock.withLock { exports[URLText.fileName(result.path)] = result }
    return result
  }

  /// Refuses an export past the visitor's hourly share, or one that would leave the disk under
  /// ``freeFloor``.
  private func admit(visitor: String, estimate: Int64, now: Date = Date()) throws {
    try lock.withLock {
      let kept = (recent[visitor] ?? []).filter { now.timeIntervalSince($0) < 3600 }
      guard kept.count < Self.exportsPerHour else {
        throw WebError(
          .tooManyRequests, "export_quota",
          "\(Self.exportsPerHour) bundles were exported by \(visitor) in the last hour; try again later")
      }
      var volume = statvfs()
      if statvfs(folder, &volume) == 0 {
        let free = Int64(volume.f_bavail) * Int64(volume.f_frsize)
        guard free - estimate >= freeFloor else {
          throw WebError(
            HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "disk_full",
            "the disk holding \(folder) has \(free >> 20) MB free; this bundle needs about \(estimate >> 20) MB "
              + "and \(freeFloor >> 20) MB must stay free: remove old bundles there first")
        }
      }
      recent[visitor] = kept + [now]
    }
  }

  /// About how many bytes a bundle of the component will take: its recordings, and a margin.
  static func estimate(_ component: String, _ platform: Platform, _ catalogue: any CatalogueStorage)
    async throws -> Int64
  {
    let recordings = try await catalogue.recordings(
      component: try await catalogue.resolveComponent(component), platform: platform, status: nil,
      unattributed: false)
    return recordings.reduce(Int64(1 << 20)) { $0 + $1.size }
  }

  /// What an export of this server made the zip with (its contents and SHA-256), if it did.
  func export(named name: String) -> BundleResult? {
    lock.withLock { exports[name] }
  }
}
