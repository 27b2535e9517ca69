/// How many hits a search shows, in words: `3 hits`, or `20 of 25 hits` when the limit cut the
/// list (`20 of more than 2000 hits` where a kind was capped).
public enum SearchResultsCount {
  public static func words(_ results: SearchResults) -> String {
    let shown = results.hits.count
    guard results.capped else { return "\(shown) hit\(shown == 1 ? "" : "s")" }
    let of = results.cappedKinds.isEmpty ? "\(results.matched)" : "more than \(results.matched - 1)"
    return "\(shown) of \(of) hits"
  }
}
