// Search latency on a generated workspace: `Scripts/bench-search.sh [--scales 0.1,1] [--repeats N]`;
// with `audits` first, the audit benchmark instead (`Scripts/bench-audits.sh`, ``AuditBenchmark``);
// with `appends`, the audit trail's appends under concurrent writers (`Scripts/bench-appends.sh`).
// Builds each scale's database in a temporary folder (scale 1: 100,000 recordings, 1,000,000 caption
// cues, 10,000 criteria items, 10,000 link notes), then times `Store.search` for a mix of queries.
import ExhibitKit
import ExhibitSQLite
import Foundation

struct Options {
  var scales: [Double] = [0.1, 1]
  var repeats = 20
  var keep = false
  /// Where to write the queries, as `exhibit search` arguments.
  var listQueries: String?
  /// A database an earlier `--keep` run built at the same scale, timed again without rebuilding.
  var database: String?
  /// Only the query kinds named (all when empty).
  var only: Set<String> = []

  init(_ arguments: [String]) {
    var rest = arguments.makeIterator()
    while let argument = rest.next() {
      switch argument {
      case "--scales": scales = (rest.next() ?? "").split(separator: ",").compactMap { Double($0) }
      case "--repeats": repeats = Int(rest.next() ?? "") ?? repeats
      case "--keep": keep = true
      case "--list-queries": listQueries = rest.next()
      case "--database": database = rest.next()
      case "--only": only.formUnion((rest.next() ?? "").split(separator: ",").map(String.init))
      default:
        FileHandle.standardError.write(
          Data(
            ("usage: exhibit-bench [--scales 0.1,1] [--repeats N] [--keep] [--list-queries FILE]"
              + " [--database FILE] [--only KINDS]\n").utf8))
        exit(64)
      }
    }
  }
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return .nan }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

if CommandLine.arguments.dropFirst().first == "appends" {
  try await AppendBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}
if CommandLine.arguments.dropFirst().first == "audits" {
  try AuditBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}
let options = Options(Array(CommandLine.arguments.dropFirst()))
let clock = ContinuousClock()
for scale in options.scales {
  let workspace = SyntheticWorkspace(scale: scale)
  let store: Store
  let components: [String]
  var scratch: URL?
  if let database = options.database {
    store = try Store.open(at: database, access: .read)
    components = workspace.componentIDs
    print("scale \(scale): \(database), as built")
  } else {
    (store, components, scratch) = try build(workspace, keep: options.keep)
  }
  defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
  let vocabulary = workspace.vocabulary
  let rare = stride(from: 6000, to: 19_000, by: 650).map { vocabulary[$0] }
  let mid = stride(from: 200, to: 1200, by: 100).map { vocabulary[$0] }
  let mix: [(String, [SearchRequest])] = [
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
  if let list = options.listQueries {
    // The queries as `exhibit search` arguments, one per line, for comparing hits across builds.
    let lines = mix.flatMap { kind, requests in
      requests.map { request in
        ([kind, request.text] + (request.component.map { ["--component", $0] } ?? [])
          + (request.platform.map { ["--platform", $0.rawValue] } ?? [])
          + request.kinds.sorted { $0.rawValue < $1.rawValue }.flatMap { ["--kind", $0.rawValue] })
          .joined(separator: "\t")
      }
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
  }
  var all: [Double] = []
  print("  kind       queries  p50 ms  p99 ms  max ms  hits (of the first query)")
  for (kind, requests) in mix where options.only.isEmpty || options.only.contains(kind) {
    var times: [Double] = []
    var firstHits = 0
    var slowest = (0.0, "")
    for (index, request) in requests.enumerated() {
      _ = try store.search(request)  // warm the page cache for this query's pages
      for _ in 0..<options.repeats {
        var hits = 0
        let elapsed = try clock.measure { hits = try store.search(request).hits.count }
        times.append(milliseconds(elapsed))
        if milliseconds(elapsed) > slowest.0 {
          slowest = (
            milliseconds(elapsed),
            [request.text, request.component, request.platform?.rawValue].compactMap { $0 }.joined(
              separator: " ")
          )
        }
        if index == 0 { firstHits = hits }
      }
    }
    all += times
    times.sort()
    print(
      "  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + String(requests.count).leftPad(7)
        + " " + format(percentile(times, 0.5)).leftPad(7) + " " + format(percentile(times, 0.99)).leftPad(7)
        + " " + format(times.last ?? .nan).leftPad(7) + "  " + String(firstHits).leftPad(4) + "  slowest: "
        + slowest.1)
  }
  all.sort()
  print(
    "  all        " + String(all.count).leftPad(7) + " samples: p50 \(format(percentile(all, 0.5))) ms, "
      + "p99 \(format(percentile(all, 0.99))) ms")
  try store.close()
}

/// Builds a scale's database in a temporary folder and reports its build time and size.
/// - Returns: The store, its component ids, and the folder to remove afterwards (nil with `keep`).
func build(_ workspace: SyntheticWorkspace, keep: Bool) throws -> (Store, [String], URL?) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "exhibit-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let path = folder.appendingPathComponent("bench.sqlite").path
  if keep { print("  kept \(path)") }
  let store = try Store.open(at: path, access: .write)
  // The synthetic rows are written straight into the tables, on a connection of our own.
  let connection = try Connection(path: path, mode: .readWrite)
  connection.willCommit = SearchBacklog.index
  var components: [String] = []
  let buildTime = try clock.measure { components = try workspace.build(into: connection) }
  try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  let fileBytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  let ftsBytes =
    (try? connection.first(
      "SELECT sum(pgsize) AS bytes FROM dbstat WHERE name GLOB '*_fts*'")?.int("bytes")) ?? nil
  print(
    "scale \(workspace.scale): \(workspace.recordings) recordings, \(workspace.recordings * workspace.cuesPerRecording) cues, "
      + "\(workspace.components * workspace.itemsPerComponent) criteria items, \(workspace.notes) notes")
  print(
    "  build \(format(milliseconds(buildTime) / 1000)) s; database \(fileBytes / 1_048_576) MiB"
      + (ftsBytes.map { ", of which FTS5 indexes \($0 / 1_048_576) MiB" } ?? ""))
  return (store, components, keep ? nil : folder)
}

extension String {
  func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
