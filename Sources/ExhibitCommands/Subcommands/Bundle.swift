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

  /// The words the parser read.
  var words: BundleWords {
    BundleWords(
      databasePath: global.databasePath, media: media.location, component: component, platform: platform,
      all: all, out: out, toStore: toStore, zip: zip, date: date, product: product, build: build, url: url,
      strict: strict, audit: audits.audit, json: output.json)
  }

  func validate() throws {
    if let problem = words.problem { throw ValidationError(problem) }
  }

  var writes: Bool { false }

  func body(with opener: any CatalogueOpener) async throws { try await words.export(with: opener) }
}

extension Bundle: PlainReadable {
  static let plainPath = ["bundle"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 0...1,
    options: [
      "--db", "--media", "--platform", "--out", "--date", "--product", "--build", "--url", "--audit",
    ],
    flags: ["--all", "--to-store", "--zip", "--strict", "--json"])

  /// The export a plain line asks; nil (for the parser, which reports it) when the platform is not
  /// a word it takes or the words make no export.
  static func plainWork(_ line: PlainLine) -> PlainWork? {
    guard let platform = line.choice("--platform", as: Platform.self) else { return nil }
    let words = BundleWords(
      databasePath: GlobalOptions.databasePath(explicit: line.value("--db")), media: line.value("--media"),
      component: line.argument(0), platform: platform, all: line.has("--all"), out: line.value("--out"),
      toStore: line.has("--to-store"), zip: line.has("--zip"), date: line.value("--date"),
      product: line.value("--product"), build: line.value("--build"), url: line.value("--url"),
      strict: line.has("--strict"), audit: line.value("--audit"), json: line.has("--json"))
    guard words.problem == nil else { return nil }
    return PlainWork(databasePath: words.databasePath, writes: false) { try await words.export(with: $0) }
  }
}
