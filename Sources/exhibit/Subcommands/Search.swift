import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit search QUERY [--component C] [--platform P] [--kind K] [--limit N]`
struct Search: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Search criteria, what screen readers said, recording names and auditors' notes.",
    discussion: """
      The query is plain text: every word must match, "quoted words" match as a phrase, a
      trailing * matches a prefix (announ*), and OR or NOT in capitals between two words combine
      them. Words match across endings (announces finds announced; checked does not find
      checkbox). Hits are ranked, grouped by component; caption hits give the second to open.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "What to look for.")
  var query: String
  @Option(help: "Only this component (native/checkbox, or a bare name).")
  var component: String?
  @Option(help: "Only what applies to this platform.")
  var platform: Platform?
  @Option(help: "Only look in criteria, captions, recordings or notes (repeatable).")
  var kind: [SearchKind] = []
  @Option(help: "The most hits to show.")
  var limit: Int = SearchRequest.defaultLimit

  func run() async throws {
    try await reportingFailures {
      let store = try global.openForReading()
      let results = try store.search(
        SearchRequest(query, component: component, platform: platform, kinds: Set(kind), limit: limit))
      if output.json {
        try Console.json(results)
        return
      }
      for line in Self.render(results) { Console.out(line) }
    }
  }

  static func render(_ results: SearchResults) -> [String] {
    guard !results.hits.isEmpty else { return ["nothing matches \(results.query.debugDescription)"] }
    var lines: [String] = []
    var group: [SearchHit] = []
    func flush() {
      guard let first = group.first else { return }
      lines.append(first.component ?? "(no component)")
      lines.append(
        Table.render(
          header: ["KIND", "PLATFORM", "WHERE", "TEXT"],
          rows: group.map {
            [$0.source, $0.platform ?? $0.platforms.joined(separator: ","), place($0), $0.snippet]
          })
      )
      group = []
    }
    for hit in results.hits {
      if let first = group.first, first.component != hit.component { flush() }
      group.append(hit)
    }
    flush()
    lines.append("\(results.hits.count) hit\(results.hits.count == 1 ? "" : "s")")
    for kind in results.capped {
      lines.append(
        "more than \(SearchRequest.candidateCap) \(kind.rawValue) entries match; these are the best of the "
          + "newest \(SearchRequest.candidateCap): add words, --component or --platform to rank them all")
    }
    return lines
  }

  /// Where a hit is, in words a reviewer can follow.
  static func place(_ hit: SearchHit) -> String {
    let at = hit.startSeconds.map { String(format: " @ %.1f s", $0) } ?? ""
    switch hit.kind {
    case .criteria: return hit.item ?? "\(hit.source): \(hit.title)"
    case .captions: return "\(hit.recording ?? hit.title)\(at)"
    case .recordings: return hit.recording ?? hit.title
    case .notes: return "\(hit.item ?? "") on \(hit.recording ?? "")\(at)"
    }
  }
}

extension SearchKind: ExpressibleByArgument {}
