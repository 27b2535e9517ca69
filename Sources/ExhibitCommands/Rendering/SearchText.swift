import ExhibitKit
import Foundation

/// Search hits as `search` prints them: grouped by component, a table each.
enum SearchText {
  static func lines(_ results: SearchResults) -> [String] {
    guard !results.hits.isEmpty else { return ["nothing matches \(results.query.debugDescription)"] }
    var lines: [String] = []
    var group: [SearchHit] = []
    func flush() {
      guard let first = group.first else { return }
      lines.append(first.component?.description ?? "(no component)")
      lines.append(
        Table.render(
          header: ["KIND", "PLATFORM", "WHERE", "TEXT"],
          rows: group.map {
            [
              $0.source, ($0.platform.map { [$0] } ?? $0.platforms).map(\.rawValue).joined(separator: ","),
              place($0), $0.snippet,
            ]
          })
      )
      group = []
    }
    for hit in results.hits {
      if let first = group.first, first.component != hit.component { flush() }
      group.append(hit)
    }
    flush()
    lines.append(SearchResultsCount.words(results))
    for kind in results.cappedKinds {
      lines.append(
        "more than \(SearchRequest.candidateCap) \(kind.rawValue) entries match; these are the best of the "
          + "newest \(SearchRequest.candidateCap): add words, --component or --platform to rank them all")
    }
    return lines
  }

  /// Where a hit is, in words a reviewer can follow.
  static func place(_ hit: SearchHit) -> String {
    let at = hit.startSeconds.map { " @ \($0.decimalText(places: 1)) s" } ?? ""
    switch hit.kind {
    case .criteria: return hit.item?.description ?? "\(hit.source): \(hit.title)"
    case .captions: return "\(hit.recording?.path ?? hit.title)\(at)"
    case .recordings: return hit.recording?.path ?? hit.title
    case .notes: return "\(hit.item?.description ?? "") on \(hit.recording?.path ?? "")\(at)"
    case .heard:
      let sure = hit.confidence.map { ", confidence \($0.decimalText(places: 2))" } ?? ""
      return "\(hit.recording?.path ?? hit.title)\(at) (heard by Exhibit\(sure))"
    }
  }
}
