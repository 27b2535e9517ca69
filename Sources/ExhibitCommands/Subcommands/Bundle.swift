import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit bundle COMPONENT --platform P [--out DIR | --to-store] [--zip] [--date YYYY-MM-DD]`
struct Bundle: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "bundle",
    abstract: "Export a component's evidence on one platform as a BagIt bag (or a zip of it).",
    discussion: """
      The bag holds manifest.json, an accessible report.html, criteria.feature, earl.jsonld, \
      audit-log.json and the recordings with their captions. It is built beside the target and \
      moved into place when complete; an existing bag or zip is never overwritten (a second one \
      that day is NAME.2). It is signed with the workspace's Ed25519 key (exhibit-signing.key \
      beside the database, made on first use). The same database, key and --date give \
      byte-identical bags and zips. With an evidence store (--media s3://bucket/prefix), the \
      recordings and captions are read from the store and checked against their catalogued hashes; \
      with --to-store the bag or zip is written to the store's exports/ folder instead of --out. \
      On a catalogue on PostgreSQL, the bundle is made from one read snapshot of it, checked as \
      `exhibit verify` checks it, and signed with Database/exhibit-signing.key under the current \
      folder.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @OptionGroup var media: MediaOptions
  @Argument(help: "The component, e.g. native/checkbox (none with --all).")
  var component: String?
  @Option(help: "The platform the bundle is for (none with --all).")
  var platform: Platform?
  @Flag(help: "Export every component and platform of the audit, one bag or zip each, with an index page.")
  var all = false
  @Option(help: "The folder to create the bag or zip in (default: the current folder).")
  var out: String?
  @Flag(
    help: ArgumentHelp(
      "Write the bag or zip to the evidence store's exports/ folder (--media or $EXHIBIT_MEDIA).",
      discussion: "It is made and checked in a temporary folder first; a bag's bagit.txt is stored last."))
  var toStore = false
  @Flag(help: "Write a zip of the bag (entries stored, deterministic) instead of a folder.")
  var zip = false
  @Option(help: "The bag's date, YYYY-MM-DD (default: today, UTC).")
  var date: String?
  @Option(help: "The product that was tested, for the report and bag-info.")
  var product: String?
  @Option(help: "Its version or build.")
  var build: String?
  @Option(help: "The URL or app that was tested.")
  var url: String?
  @Flag(help: "Refuse to sign with a key file that its group or others can read.")
  var strict = false

  func validate() throws {
    if all, component != nil || platform != nil {
      throw ValidationError("--all exports every component and platform of the audit: give neither")
    }
    if !all, component == nil || platform == nil {
      throw ValidationError("give a component and --platform, or --all")
    }
    if toStore, out != nil {
      throw ValidationError("--to-store writes to the evidence store's exports/: give no --out")
    }
  }

  var writes: Bool { false }

  /// Exports from one read snapshot of the catalogue, which the bundler checks first (its chain
  /// and the component's rows replayed), signed with the opener's key: a workspace file's, or on a
  /// server, the key of the workspace in the current folder.
  func body(with opener: any CatalogueOpener) async throws {
    // Each failing verdict's frame is decoded in a helper (the probe box).
    ProbeDeadline.boxProbes()
    let url = global.databasePath
    let key = opener.signingKeyPath(url: url)
    let command = self
    try await opener.withCatalogue(url: url) { catalogue in
      // The key is made on first use, its folder with it, once the catalogue is reached.
      try FileManager.default.createDirectory(
        atPath: (key as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try await command.media.withStorage { storage in
        try await command.export(from: catalogue, storage: storage, key: key)
      }
    }
  }

  /// Exports the bag (or every bag, with `--all`) from `store`, signed with the key at `key`.
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
    request.audit = audits.audit
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: out) }
    defer { fetched?.remove() }
    if let fetched { request.localCopy = { try fetched.copy($0, $1, size: $2) } }
    if let destination { request.nameTaken = { try destination.isTaken($0) } }
    if all { return try await exportAll(request, catalogue: catalogue, to: destination) }
    var result = try await catalogue.exportBundle(request)
    if let destination { result = result.moved(to: try destination.store(result.path)) }
    for warning in result.warnings { Console.warning(warning) }
    if output.json {
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
    if output.json {
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
