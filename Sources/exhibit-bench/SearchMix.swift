import ExhibitKit
import Foundation

/// The searches the benchmarks time, by kind (common words, rare ones, phrases, prefixes,
/// filtered), and how they are timed: each query once to warm the caches, then `repeats` times.
enum SearchMix {
  /// The mix over a synthetic workspace's vocabulary and components.
  static func requests(_ workspace: SyntheticWorkspace, components: [String]) -> [(String, [SearchRequest])] {
    let vocabulary = workspace.vocabulary
    let rare = stride(from: 6000, to: 19_000, by: 650).map { vocabulary[$0] }
    let mid = stride(from: 200, to: 1200, by: 100).map { vocabulary[$0] }
    return [
      ("common", ["checked", "button", "not", "tap", "toggle", "checkbox"].map { SearchRequest($0) }),
      ("rare", rare.map { SearchRequest($0) }),
      (
        "phrase",
        ["\"double tap\"", "\"not checked\"", "\"email me updates\""].map { SearchRequest($0) }
          + zip(mid, mid.dropFirst()).prefix(5).map { SearchRequest("\"\($0) \($1)\"") }
      ),
      ("prefix", ["che*", "tog*", "dim*", "sel*", "\(mid[0].prefix(3))*"].map { SearchRequest($0) }),
      (
        "filtered",
        [
          SearchRequest("checked", component: components[3 % components.count]),
          SearchRequest("checked", platform: .android),
          SearchRequest("checked", component: components[4 % components.count], platform: .windows),
          SearchRequest("\"double tap\"", platform: .ios, kinds: [.captions]),
          SearchRequest(rare[0], platform: .macos),
          SearchRequest("dimmed", component: components[10 % components.count], kinds: [.criteria]),
        ]
      ),
      (
        "comp+plat",
        [
          SearchRequest("checked", component: components[5 % components.count], platform: .ios),
          SearchRequest("\"double tap\"", component: components[6 % components.count], platform: .android),
          SearchRequest(
            "toggle", component: components[7 % components.count], platform: .windows, kinds: [.captions]),
          SearchRequest("che*", component: components[8 % components.count], platform: .ios),
          SearchRequest(rare[1], component: components[9 % components.count], platform: .macos),
        ]
      ),
    ]
  }

  /// Times every request of `mix` (kinds not in `only` skipped, unless it is empty) and prints
  /// p50, p99 and the slowest per kind, then over all.
  /// - Parameters:
  ///   - mix: The requests by kind.
  ///   - repeats: How many times each request is timed.
  ///   - only: The kinds to time; all when empty.
  ///   - each: Whether to print each query's median and slowest time as well.
  ///   - search: Runs one search and returns its number of hits.
  /// - Throws: What `search` throws.
  static func time(
    _ mix: [(String, [SearchRequest])], repeats: Int, only: Set<String>, each: Bool = false,
    search: (SearchRequest) async throws -> Int
  ) async throws {
    let clock = ContinuousClock()
    var all: [Double] = []
    print("  kind       queries  p50 ms  p99 ms  max ms  hits (of the first query)")
    for (kind, requests) in mix where only.isEmpty || only.contains(kind) {
      var times: [Double] = []
      var firstHits = 0
      var slowest = (0.0, "")
      for (index, request) in requests.enumerated() {
        _ = try await search(request)  // warm the caches for this query's pages
        let label = [request.text, request.component, request.platform?.rawValue].compactMap { $0 }.joined(
          separator: " ")
        var own: [Double] = []
        for _ in 0..<repeats {
          let started = clock.now
          let hits = try await search(request)
          let elapsed = milliseconds(clock.now - started)
          own.append(elapsed)
          if elapsed > slowest.0 { slowest = (elapsed, label) }
          if index == 0 { firstHits = hits }
        }
        times += own
        if each {
          own.sort()
          print(
            "    " + format(percentile(own, 0.5)).leftPad(7) + " " + format(own.last ?? .nan).leftPad(7)
              + "  " + label)
        }
      }
      all += times
      times.sort()
      print(
        "  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0) + " "
          + String(requests.count).leftPad(7)
          + " " + format(percentile(times, 0.5)).leftPad(7) + " " + format(percentile(times, 0.99)).leftPad(7)
          + " " + format(times.last ?? .nan).leftPad(7) + "  " + String(firstHits).leftPad(4) + "  slowest: "
          + slowest.1)
    }
    all.sort()
    print(
      "  all        " + String(all.count).leftPad(7) + " samples: p50 \(format(percentile(all, 0.5))) ms, "
        + "p99 \(format(percentile(all, 0.99))) ms")
  }
}
