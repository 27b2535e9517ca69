import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit verify [BUNDLE]`: an evidence bundle, or the database's audit chain.
struct Verify: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check an evidence bundle (bag folder or zip), or the database's audit chain.",
    discussion: """
      With BUNDLE: checks bagit.txt, Payload-Oxum and every manifest and tag manifest by hashing \
      each file, and names every missing, extra, altered or unsafely named file. A zip is read \
      into a temporary folder only, its local headers compared with its central directory. A bag \
      that carries Exhibit evidence (manifest.json, audit-log.json, an Exhibit-* field or a \
      signature) is held to every Exhibit check, whatever its bag-info says: only the files \
      Exhibit writes; audit events that still hash as recorded, with the verdicts, items and \
      recordings following from them; report.html, earl.jsonld and bag-info rendered again from \
      manifest.json and compared byte for byte; the signature over every tag file; and, against a \
      workspace (--against-db, else the database when it exists), every event and the audit head \
      in its audit trail and its key. Each check is listed with its outcome; one not run says why. \
      Without BUNDLE: every audit event carries a SHA-256 over the previous event's hash and its \
      own content, so an edited, inserted or deleted event is found; the tables must hold what the \
      trail records (criteria revisions and every item's meaning, recordings with their \
      attribution, status and duration, caption cues, links, verdicts, retractions, accounts' \
      roles) and SQLite's integrity check must pass; the newest hash is printed, keep it \
      elsewhere to notice the loss of the newest events.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "A bag folder or a zip of one; omit to check the database's audit chain.")
  var bundle: String?
  @Option(help: "Check the bag's evidence against this workspace database (default: --db, when it exists).")
  var againstDb: String?
  @Flag(help: "Check the bag alone, not against any workspace database.")
  var withoutDb = false
  @Flag(help: "Fail when an Exhibit bag is not signed.")
  var requireSignature = false

  func validate() throws {
    if againstDb != nil && withoutDb {
      throw ValidationError("--against-db and --without-db exclude each other")
    }
    if bundle == nil && (againstDb != nil || withoutDb || requireSignature) {
      throw ValidationError("--against-db, --without-db and --require-signature go with a BUNDLE")
    }
  }

  var writes: Bool { false }

  /// Checks the catalogue, or a bag alone, against `--against-db`, or against the catalogue the
  /// database names when it is there. A server's catalogue gets the checks a workspace file gets
  /// (its storage checked by PostgreSQL itself), read in one snapshot, its bags' signatures checked
  /// against the opener's key.
  func body(with opener: any CatalogueOpener) async throws {
    let url = global.databasePath
    guard let bundle else {
      return try show(try await opener.withCatalogue(url: url) { try await $0.verifyCatalogue() })
    }
    if withoutDb {
      return try report(bundle, try BagVerifier.verify(bundle, requireSignature: requireSignature))
    }
    if let againstDb {
      let workspace = try Store.open(at: againstDb, access: .read)
      return try report(
        bundle,
        try workspace.verifyBag(
          bundle, named: againstDb, keyPath: SigningKey.path(forDatabase: againstDb),
          requireSignature: requireSignature))
    }
    guard opener.hasCatalogue(url: url) else {
      return try report(bundle, try BagVerifier.verify(bundle, requireSignature: requireSignature))
    }
    let (name, key, required) = (
      DatabaseURL.withoutPassword(url), opener.signingKeyPath(url: url), requireSignature
    )
    try report(
      bundle,
      try await opener.withCatalogue(url: url) {
        try await $0.verifyBag(bundle, named: name, keyPath: key, requireSignature: required)
      })
  }

  private func show(_ report: AuditChainReport) throws {
    if output.json {
      try Console.json(report)
    } else if report.valid {
      Console.out("audit chain valid: \(report.events) events, newest hash \(report.headHash)")
    }
    for problem in report.problems { Console.error("\(problem.path): \(problem.problem)") }
    if !report.valid { throw ExitCode.failure }
  }

  /// Prints what the check of the bag at `path` found.
  private func report(_ path: String, _ report: BagReport) throws {
    if output.json {
      try Console.json(report)
    } else {
      Console.out(BagReportText.headline(report))
      for line in BagReportText.checkLines(report) { Console.out(line) }
    }
    for check in report.checks where check.outcome == .warning {
      Console.warning("\(path): \(check.name.title): \(check.detail)")
    }
    for problem in report.problems { Console.error("\(path): \(problem.path): \(problem.problem)") }
    if !report.valid { throw ExitCode.failure }
  }
}
