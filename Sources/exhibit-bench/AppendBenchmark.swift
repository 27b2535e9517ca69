import ExhibitKit
import ExhibitPostgres
import Foundation

/// `exhibit-bench appends --db PATH_OR_URL [--writers N] [--servers N] [--events N]`: the audit
/// trail's appends under concurrent writers, on SQLite (each writer its own connection to one file)
/// or PostgreSQL (the writers split between `--servers` connection pools, as on that many
/// servers). Prints the events per second, the append latency p50 and p99, and whether the chain
/// verifies afterwards. The database must be new: a SQLite path that does not exist, or an empty
/// PostgreSQL database (its schema is made first, as its owner).
enum AppendBenchmark {
  struct Options {
    var database = ""
    var writers = 8
    var servers = 2
    var events = 2000

    init(_ arguments: [String]) {
      var rest = arguments.makeIterator()
      while let argument = rest.next() {
        switch argument {
        case "--db": database = rest.next() ?? ""
        case "--writers": writers = Int(rest.next() ?? "") ?? writers
        case "--servers": servers = Int(rest.next() ?? "") ?? servers
        case "--events": events = Int(rest.next() ?? "") ?? events
        default: database = ""
        }
      }
      if database.isEmpty {
        FileHandle.standardError.write(
          Data(
            "usage: exhibit-bench appends --db PATH_OR_URL [--writers N] [--servers N] [--events N]\n".utf8))
        exit(64)
      }
    }
  }

  static func run(_ arguments: [String]) async throws {
    let options = Options(arguments)
    let eachWriter = options.events / options.writers
    let clock = ContinuousClock()
    let started = clock.now
    let latencies: [Double]
    let report: AuditChainReport
    if DatabaseURL.isPostgres(options.database) {
      let location = try PostgresLocation(url: options.database)
      try await PostgresStore.with(location) { try await $0.migrate() }
      latencies = try await appendOnPostgres(location, options, eachWriter: eachWriter)
      report = try await PostgresStore.with(location) {
        try await PostgresCatalogue(store: $0).verifyAuditChain()
      }
    } else {
      latencies = try appendOnSQLite(options.database, writers: options.writers, eachWriter: eachWriter)
      let store = try Store.open(at: options.database, access: .read)
      report = try store.verifyAuditChain()
      try store.close()
    }
    let seconds = milliseconds(clock.now - started) / 1000
    let sorted = latencies.sorted()
    print(
      "\(latencies.count) appends by \(options.writers) writers: \(Int(Double(latencies.count) / seconds)) per second, "
        + "p50 \(format(percentile(sorted, 0.5))) ms, p99 \(format(percentile(sorted, 0.99))) ms; "
        + "chain \(report.valid ? "valid" : "BROKEN"), \(report.events) events")
  }

  /// The writers on PostgreSQL, split between one pool per server.
  private static func appendOnPostgres(_ location: PostgresLocation, _ options: Options, eachWriter: Int)
    async throws -> [Double]
  {
    try await withThrowingTaskGroup(of: [Double].self) { servers in
      for server in 0..<options.servers {
        let writers = (0..<options.writers).filter { $0 % options.servers == server }
        servers.addTask {
          try await PostgresStore.with(location, maximumConnections: writers.count) { pool in
            let store = PostgresCatalogue(store: pool)
            return try await withThrowingTaskGroup(of: [Double].self) { group in
              for writer in writers {
                group.addTask {
                  var latencies: [Double] = []
                  let clock = ContinuousClock()
                  for index in 0..<eachWriter {
                    let start = clock.now
                    _ = try await store.appendAuditEvent(entry(writer: writer, index: index))
                    latencies.append(milliseconds(clock.now - start))
                  }
                  return latencies
                }
              }
              return try await group.reduce(into: []) { $0 += $1 }
            }
          }
        }
      }
      return try await servers.reduce(into: []) { $0 += $1 }
    }
  }

  /// The writers on SQLite: a thread and a connection each.
  private static func appendOnSQLite(_ path: String, writers: Int, eachWriter: Int) throws -> [Double] {
    try Store.open(at: path, access: .write).close()
    let results = WriterResults()
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      do {
        let store = try Store.open(at: path, access: .write)
        defer { try? store.close() }
        let clock = ContinuousClock()
        var latencies: [Double] = []
        for index in 0..<eachWriter {
          let start = clock.now
          _ = try store.appendAuditEvent(entry(writer: writer, index: index))
          latencies.append(milliseconds(clock.now - start))
        }
        results.add(latencies)
      } catch {
        results.fail(error)
      }
    }
    return try results.get()
  }

  private static func entry(writer: Int, index: Int) -> AuditEntry {
    AuditEntry(
      actor: "auditor-\(writer)", action: "link.create", subject: "link:\(writer)-\(index)",
      after: #"{"item":"native/checkbox#screenreader.role","verdict":"pass"}"#)
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }
}

/// What the SQLite writers' threads measured, or the first error one of them met.
private final class WriterResults: @unchecked Sendable {
  private let lock = NSLock()
  private var latencies: [Double] = []
  private var error: (any Error)?

  func add(_ values: [Double]) { lock.withLock { latencies += values } }
  func fail(_ error: any Error) { lock.withLock { self.error = self.error ?? error } }
  func get() throws -> [Double] {
    try lock.withLock {
      if let error { throw error }
      return latencies
    }
  }
}
