import ArgumentParser
import ExhibitKit

/// `exhibit bundle COMPONENT --platform P [--out DIR] [--zip] [--date YYYY-MM-DD]`
struct Bundle: ParsableCommand {
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
      recordings and captions are read from the store and checked against their catalogued hashes.
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
  @Option(help: "The folder to create the bag or zip in.")
  var out: String = "."
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
  }

  func run() throws {
    try reportingFailures {
      try media.withStorageWaiting { storage in try export(from: storage) }
    }
  }

  private func export(from storage: EvidenceStorage?) throws {
    let store = try global.openForReading()
    var request = BundleRequest(
      component: component ?? "", platform: platform ?? .ios, outFolder: out, zip: zip, date: date,
      tested: BundleContents.TestedProduct(product: product, build: build, url: url),
      signingKeyPath: SigningKey.path(forDatabase: global.databasePath))
    request.strict = strict
    request.audit = audits.audit
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: out) }
    defer { fetched?.remove() }
    if let fetched { request.localCopy = { try fetched.copy($0, $1) } }
    if all { return try exportAll(request, store: store) }
    let result = try EvidenceBundler.export(request, from: store)
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
  private func exportAll(_ request: BundleRequest, store: Store) throws {
    let export = try EvidenceBundler.exportAudit(request, from: store) { number, count, what in
      Console.progress("[\(number)/\(count)] \(what)")
    }
    Console.endProgress()
    for failure in export.failures { Console.error(failure) }
    if output.json {
      try Console.json(export.bundles.map(\.result))
    } else {
      for entry in export.bundles {
        Console.out(
          "\(entry.result.path): overall \(entry.result.overallStatus), \(entry.result.gaps.count) gaps")
      }
      Console.out(
        "audit \(export.audit.id) (\(export.audit.identity.handle)): \(export.bundles.count) bundles, index \(export.index)"
      )
    }
    if !export.failures.isEmpty { throw ExitCode.failure }
  }
}
