import ArgumentParser
import ExhibitKit
import Foundation

/// What `exhibit bundle` was asked, read by the parser (``Bundle``) or from a plain line
/// (``Bundle/plainWork(_:)``): both export here, so both make the same bag.
struct BundleWords: Sendable {
  var databasePath: String
  var media: String?
  var component: String?
  var platform: Platform?
  var all = false
  var out: String?
  var toStore = false
  var zip = false
  var date: String?
  var product: String?
  var build: String?
  var url: String?
  var strict = false
  var audit: String?
  var json = false

  /// Why the words make no export, in the parser's words; nil when they make one.
  var problem: String? {
    if all, component != nil || platform != nil {
      return "--all exports every component and platform of the audit: give neither"
    }
    if !all, component == nil || platform == nil { return "give a component and --platform, or --all" }
    if toStore, out != nil { return "--to-store writes to the evidence store's exports/: give no --out" }
    return nil
  }

  /// Exports from one read snapshot of the catalogue, which the bundler checks first (its chain
  /// and the component's rows replayed), signed with the opener's key: a workspace file's, or on a
  /// server, the key of the workspace in the current folder.
  func export(with opener: any CatalogueOpener) async throws {
    // Each failing verdict's frame is decoded in a helper (the probe box).
    ProbeDeadline.boxProbes()
    let key = opener.signingKeyPath(url: databasePath)
    let words = self
    try await opener.withCatalogue(url: databasePath) { catalogue in
      // The key is made on first use, its folder with it, once the catalogue is reached.
      try FileManager.default.createDirectory(
        atPath: (key as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try await MediaOptions.withStorage(named: words.media) { storage in
        try await words.export(from: catalogue, storage: storage, key: key)
      }
    }
  }

  /// Exports the bag (or every bag, with `--all`) from `catalogue`, signed with the key at `key`.
  private func export(from catalogue: any CatalogueStorage, storage: EvidenceStorage?, key: String)
    async throws
  {
    var destination: StoreExport?
    if toStore {
      guard let storage else {
        throw ValidationError(
          "--to-store needs an evidence store: --media s3://bucket[/prefix] or $\(EvidenceStorageSetting.environmentVariable)"
        )
      }
      destination = try StoreExport(to: storage)
    }
    defer { destination?.remove() }
    let out = destination?.folder ?? self.out ?? "."
    var request = BundleRequest(
      component: component ?? "", platform: platform ?? .ios, outFolder: out, zip: zip, date: date,
      tested: BundleContents.TestedProduct(product: product, build: build, url: url),
      signingKeyPath: key)
    request.strict = strict
    request.audit = audit
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: out) }
    defer { fetched?.remove() }
    if let fetched { request.localCopy = { try fetched.copy($0, $1, size: $2) } }
    if let destination { request.nameTaken = { try destination.isTaken($0) } }
    if all { return try await exportAll(request, catalogue: catalogue, to: destination) }
    var result = try await catalogue.exportBundle(request)
    if let destination { result = result.moved(to: try destination.store(result.path)) }
    for warning in result.warnings { Console.warning(warning) }
    if json {
      try Console.json(result)
      return
    }
    Console.out(
      "\(result.path): \(result.files) files, \(result.bytes) bytes, overall \(result.overallStatus)")
    if let sha = result.sha256 { Console.out("zip SHA-256 \(sha)") }
    if let key = result.signedBy { Console.out("signed with the workspace key \(key)") }
    if let reason = result.unsignedBecause { Console.warning("not signed: \(reason)") }
    if !result.gaps.isEmpty {
      Console.out("\(result.gaps.count) items still need a verdict: \(result.gaps.joined(separator: ", "))")
    }
  }

  /// `--all`: every bag of the audit, a progress line on a terminal, then what was written.
  private func exportAll(
    _ request: BundleRequest, catalogue: any CatalogueStorage, to destination: StoreExport?
  )
    async throws
  {
    let export = try await catalogue.exportAuditBundles(request) { number, count, what in
      Console.progress("[\(number)/\(count)] \(what)")
    }
    Console.endProgress()
    for failure in export.failures { Console.error(failure) }
    var results = export.bundles.map(\.result)
    var index = export.index
    if let destination {
      results = try results.map { $0.moved(to: try destination.store($0.path)) }
      index = try destination.storePage(index)
    }
    if json {
      try Console.json(results)
    } else {
      for result in results {
        Console.out("\(result.path): overall \(result.overallStatus), \(result.gaps.count) gaps")
      }
      Console.out(
        "audit \(export.audit.id) (\(export.audit.identity.handle)): \(results.count) bundles, index \(index)"
      )
    }
    if !export.failures.isEmpty { throw ExitCode.failure }
  }
}
