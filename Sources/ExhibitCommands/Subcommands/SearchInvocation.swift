import ExhibitKit
import Foundation

/// What `exhibit search` was asked: the query, its filters and where to look.
///
/// ``Search`` (swift-argument-parser) makes one from any command line. A plain command line (the
/// query and the options `search` has, each given once as `--name value` or `--name=value`) is
/// also read by ``init(plain:)`` without the parser, whose reflection on the command's options is
/// most of a search's start on a small workspace; anything else is left to the parser, which
/// reads it and reports on it. ``SearchInvocationTests`` checks both read every plain line alike.
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

  /// The invocation the arguments after `search` spell when the line is plain; nil when the
  /// parser must read it: a help or completion request, an option `search` does not have, one
  /// given twice, an empty value, one it would refuse or one that looks like an option, `--`, or
  /// not exactly one query.
  init?(plain arguments: [String]) {
    var query: String?
    var seen: Set<String> = []
    var values: [String: String] = [:]
    var kinds: [SearchKind] = []
    var json = false
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        guard query == nil else { return nil }
        query = argument
        continue
      }
      let name: String
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      if name == "--json" {
        guard value == nil, !json else { return nil }
        json = true
        continue
      }
      guard Self.valued.contains(name) else { return nil }
      if value == nil {
        guard index < arguments.endIndex else { return nil }
        value = arguments[index]
        index += 1
      }
      guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
      if name == "--kind" {
        guard let kind = SearchKind(rawValue: value) else { return nil }
        kinds.append(kind)
        continue
      }
      guard seen.insert(name).inserted else { return nil }
      values[name] = value
    }
    guard let query else { return nil }
    self.init(query: query, kinds: kinds, json: json)
    component = values["--component"]
    db = values["--db"]
    audit = values["--audit"]
    if let word = values["--platform"] {
      guard let platform = Platform(rawValue: word) else { return nil }
      self.platform = platform
    }
    if let number = values["--limit"] {
      guard let limit = Int(number) else { return nil }
      self.limit = limit
    }
  }

  /// The options that take a value.
  private static let valued: Set<String> = [
    "--component", "--platform", "--kind", "--limit", "--db", "--audit",
  ]

  /// The database searched: `--db`, else `$EXHIBIT_DB`, else the workspace's.
  var databasePath: String { GlobalOptions.databasePath(explicit: db) }

  /// Searches the catalogue `opener` opens and prints the hits, reporting a failure as every
  /// command does (the plain line's way in).
  func run(with opener: any CatalogueOpener) async throws {
    try await reportingFailures { try await search(with: opener) }
  }

  /// Searches the catalogue `opener` opens and prints the hits, as a table or JSON.
  func search(with opener: any CatalogueOpener) async throws {
    let request = self.request
    try show(try await opener.withCatalogue(url: databasePath) { try await $0.search(request) })
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
