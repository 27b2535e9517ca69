import ExhibitKit
import Foundation

/// What `exhibit search` was asked: the query, its filters and where to look.
///
/// ``Search`` (swift-argument-parser) makes one from any command line. A plain command line (the
/// query and the options `search` has, each given once as `--name value` or `--name=value`) is
/// also read by ``init(plain:)`` without the parser (``PlainLine``), whose reflection on the
/// command's options is most of a search's start on a small workspace; anything else is left to
/// the parser, which reads it and reports on it. ``SearchInvocationTests`` checks both read every
/// plain line alike.
struct SearchInvocation: Equatable {
  var query: String
  var component: String?
  var platform: Platform?
  var kinds: [SearchKind] = []
  var limit = SearchRequest.defaultLimit
  var db: String?
  var json = false
  var audit: String?

  init(
    query: String, component: String? = nil, platform: Platform? = nil, kinds: [SearchKind] = [],
    limit: Int = SearchRequest.defaultLimit, db: String? = nil, json: Bool = false, audit: String? = nil
  ) {
    self.query = query
    self.component = component
    self.platform = platform
    self.kinds = kinds
    self.limit = limit
    self.db = db
    self.json = json
    self.audit = audit
  }

  /// The invocation the arguments after `search` spell when the line is plain (``PlainLine``);
  /// nil when the parser must read it: a help or completion request, an option `search` does
  /// not have, one given twice, an empty value, one it would refuse or one that looks like an
  /// option, `--`, or not exactly one query.
  init?(plain arguments: [String]) {
    guard let line = PlainLine(arguments, syntax: Search.plainSyntax) else { return nil }
    self.init(line: line)
  }

  /// The invocation a plain line spells; nil when one of its values is one the parser refuses.
  init?(line: PlainLine) {
    guard let query = line.argument(0), let kinds = line.choices("--kind", as: SearchKind.self),
      let platform = line.choice("--platform", as: Platform.self),
      let limit = line.choice("--limit", as: Int.self)
    else { return nil }
    self.init(
      query: query, component: line.value("--component"), platform: platform, kinds: kinds,
      limit: limit ?? SearchRequest.defaultLimit, db: line.value("--db"), json: line.has("--json"),
      audit: line.value("--audit"))
  }

  /// The database searched: `--db`, else `$EXHIBIT_DB`, else the workspace's.
  var databasePath: String { GlobalOptions.databasePath(explicit: db) }

  /// Searches the catalogue `opener` opens and prints the hits, as a table or JSON.
  func search(with opener: any CatalogueOpener) async throws {
    let request = self.request
    try show(try await opener.withCatalogue(url: databasePath) { try await $0.search(request) })
  }

  /// Searches `catalogue` and prints the hits, as a table or JSON.
  func search(on catalogue: any CatalogueStorage) async throws {
    try show(try await catalogue.search(request))
  }

  private var request: SearchRequest {
    SearchRequest(
      query, component: component, platform: platform, kinds: Set(kinds), limit: limit, audit: audit)
  }

  private func show(_ results: SearchResults) throws {
    if json {
      try Console.json(results)
      return
    }
    Console.out(lines: SearchText.lines(results))
  }
}
