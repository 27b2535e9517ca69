import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit search QUERY [--component C] [--platform P] [--kind K] [--limit N]`
struct Search: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search criteria, what screen readers said, recording names and auditors' notes.",
    discussion: """
      The query is plain text: every word must match, "quoted words" match as a phrase, a \
      trailing * matches a prefix (announ*), and OR or NOT in capitals between two words combine \
      them. Words match across endings (announces finds announced; checked does not find \
      checkbox). Hits are ranked, grouped by component; caption hits give the second to open. \
      Phrases Exhibit heard in recordings without captions (exhibit listen) are searched with \
      captions, marked as heard and ranked below every other hit; --kind heard finds them alone.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "What to look for.")
  var query: String
  @Option(help: "Only this component (native/checkbox, or a bare name).")
  var component: String?
  @Option(help: "Only what applies to this platform.")
  var platform: Platform?
  @Option(help: "Only look in criteria, captions, recordings, notes or heard (repeatable).")
  var kind: [SearchKind] = []
  @Option(help: "The most hits to show.")
  var limit: Int = SearchRequest.defaultLimit

  /// What was asked, as ``SearchInvocation/init(plain:)`` reads a plain line.
  var invocation: SearchInvocation {
    SearchInvocation(
      query: query, component: component, platform: platform, kinds: kind, limit: limit, db: global.db,
      json: output.json, audit: audits.audit)
  }

  var writes: Bool { false }

  /// Searches as the plain line's ``SearchInvocation`` does.
  func body(with opener: any CatalogueOpener) async throws {
    try await invocation.search(with: opener)
  }
}

extension Search: PlainReadable {
  static let plainPath = ["search"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 1...1, options: ["--component", "--platform", "--limit", "--db", "--audit"],
    repeatable: ["--kind"], flags: ["--json"])

  static func plainWork(_ line: PlainLine) -> PlainWork? {
    guard let invocation = SearchInvocation(line: line) else { return nil }
    return PlainWork(db: invocation.db, writes: false) { try await invocation.search(on: $0) }
  }
}

extension SearchKind: WordChoice {}
