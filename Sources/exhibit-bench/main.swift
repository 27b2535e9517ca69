// Search latency on a generated workspace: `Scripts/bench-search.sh [--scales 0.1,1] [--repeats N]`;
// with `audits` first, the audit benchmark instead (`Scripts/bench-audits.sh`, ``AuditBenchmark``);
// with `appends`, the audit trail's appends under concurrent writers (`Scripts/bench-appends.sh`);
// with `postgres-search`, the same searches on PostgreSQL (`Scripts/bench-postgres-search.sh`).
// Builds each scale's database in a temporary folder (scale 1: 100,000 recordings, 1,000,000 caption
// cues, 10,000 criteria items, 10,000 link notes), then times `Store.search` for a mix of queries.
import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
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
  /// Whether to print each query's median and slowest time too.
  var each = false

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
      case "--each": each = true
      default:
        FileHandle.standardError.write(
          Data(
            ("usage: exhibit-bench [--scales 0.1,1] [--repeats N] [--keep] [--list-queries FILE]"
              + " [--database FILE] [--only KINDS] [--each]\n").utf8))
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

let clock = ContinuousClock()
if CommandLine.arguments.dropFirst().first == "appends" {
  try await AppendBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}
if CommandLine.arguments.dropFirst().first == "postgres-search" {
  try await PostgresSearchBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}
if CommandLine.arguments.dropFirst().first == "audits" {
  try AuditBenchmark.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}
let options = Options(Array(CommandLine.arguments.dropFirst()))
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
  let mix = SearchMix.requests(workspace, components: components)
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
  try await SearchMix.time(mix, repeats: options.repeats, only: options.only, each: options.each) {
    try store.search($0).hits.count
  }
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
