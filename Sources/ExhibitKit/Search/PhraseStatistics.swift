import Crypto
import ExhibitSQLite
import ExhibitStorage
import Foundation

/// How many rows of a search index hold each phrase of a query: the document frequencies bm25's
/// IDF needs, which FTS5 would otherwise count on every search by visiting every matching row
/// (294,000 rows, 10 ms, for "checked" among a million cues).
///
/// Counts are exact. Those that took a while to make are kept in a cache database beside the
/// workspace's (`exhibit.search-cache.sqlite`), keyed by the index's version: the index's
/// structure record, which FTS5 rewrites whenever the index changes. A catalogue or import
/// therefore makes the counts of that index be counted again when next needed. The cache holds
/// nothing that is not derived from the database; deleting it only costs time. When it cannot be
/// opened or written (a read-only folder), counts are made each time.
///
/// A small workspace counts in microseconds, less than opening the cache would take, so the
/// cache is made only when a count takes longer than ``keepCountsSlowerThan``; until the file
/// exists, a search neither opens nor creates it. The time is the thread's CPU time, not the
/// clock's, so a moment when other processes hold the cores does not make a small workspace's
/// cache. (The number of rows a phrase is in would not do: counting `"not checked"` visits every
/// row of both words, ten times the rows the phrase is in.)
final class PhraseStatistics {
  /// The workspace database.
  let connection: Connection
  /// The cache file.
  let cachePath: String?
  /// Counts that took more CPU time than this, in seconds, are kept (and the cache made for them):
  /// a millisecond, a little more than opening the cache takes.
  var keepCountsSlowerThan = 0.001
  /// The cache once opened; nil until a count needs it, or when it cannot be used.
  private(set) var cache: Connection?
  /// Whether opening the cache was tried and failed, so it is not tried on every search.
  private var cacheFailed = false

  /// Statistics for the workspace at `connection.path`, with its cache beside it.
  init(connection: Connection) {
    self.connection = connection
    let database = connection.path
    cachePath = database == ":memory:" || database.isEmpty ? nil : Self.cachePath(besides: database)
  }

  /// The cache file for a database: `exhibit.sqlite` → `exhibit.search-cache.sqlite`.
  /// (Plain string work: Foundation's `URL` would cost a search's start a scan of every
  /// conformance in the binary, for a set its path code makes.)
  static func cachePath(besides database: String) -> String {
    let name = database.lastIndex(of: "/").map { database.index(after: $0) } ?? database.startIndex
    // The name's extension, as `deletingPathExtension` reads one: after a dot that does not
    // start the name.
    guard let dot = database[name...].lastIndex(of: "."), dot > name else {
      return database + ".search-cache.sqlite"
    }
    return String(database[..<dot]) + ".search-cache.sqlite"
  }

  /// The cache, opened on first use; created only when `create` (a count worth keeping).
  private func openCache(create: Bool) -> Connection? {
    if let cache { return cache }
    guard let cachePath, !cacheFailed, create || access(cachePath, F_OK) == 0 else { return nil }
    do {
      let opened = try Connection(path: cachePath, mode: .create)
      try opened.execute(
        """
        CREATE TABLE IF NOT EXISTS phrase_rows (
          search_index TEXT NOT NULL, version TEXT NOT NULL, phrase TEXT NOT NULL, rows INTEGER NOT NULL,
          PRIMARY KEY (search_index, phrase)
        ) WITHOUT ROWID
        """)
      cache = opened
    } catch {
      cacheFailed = true
    }
    return cache
  }

  /// How many rows of `index` hold each phrase in `column`, in order.
  /// - Parameters:
  ///   - index: The FTS5 table.
  ///   - column: The text column the phrases are matched in; nil for any column.
  ///   - phrases: FTS5 phrases, as a query writes them (`"not checked"`, `"che" *`).
  ///   - counter: How to count a phrase's rows when it is not known (by default, one query on
  ///     this connection); given the phrase with its column, as a MATCH expression.
  /// - Returns: The row count of each phrase, in the order given.
  /// - Throws: ``SQLiteError``.
  func rows(
    in index: String, column: String?, holding phrases: [String], counter: ((String) throws -> Int64)? = nil
  ) throws -> [Int64] {
    var version: String?
    var known: [String: Int64] = [:]
    if let cache = openCache(create: false) {
      let current = try self.version(of: index)
      version = current
      // A count no index could give (edited, or the file damaged) is a miss, counted again.
      let possible = 0...(try Self.rowCount(of: index, connection))
      for phrase in Set(phrases) {
        if let row = try? cache.first(
          "SELECT rows FROM phrase_rows WHERE search_index = ? AND phrase = ? AND version = ?",
          [index, phrase, current]), let rows: Int64 = try? row.decode("rows"), possible.contains(rows)
        {
          known[phrase] = rows
        }
      }
    }
    var counted: [String: Int64] = [:]
    var slow = false
    for phrase in Set(phrases) where known[phrase] == nil {
      let started = Self.threadCPUSeconds()
      let expression = (column.map { "\($0) : " } ?? "") + "(\(phrase))"
      counted[phrase] =
        try counter?(expression)
        ?? connection.first("SELECT count(*) AS n FROM \(index) WHERE \(index) MATCH ?", [expression])?
        .decode("n")
        ?? 0
      slow = slow || Self.threadCPUSeconds() - started >= keepCountsSlowerThan
    }
    if slow, let cache = openCache(create: true) {
      let current = try version ?? self.version(of: index)
      // Best effort: a cache another search holds, or a full disk, only means counting again.
      try? cache.transaction {
        for (phrase, rows) in counted {
          try cache.execute(
            "INSERT OR REPLACE INTO phrase_rows (search_index, version, phrase, rows) VALUES (?, ?, ?, ?)",
            [index, current, phrase, rows])
        }
      }
    }
    return phrases.map { known[$0] ?? counted[$0] ?? 0 }
  }

  /// The CPU time the calling thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`).
  private static func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// A digest of the index's structure record, which changes with every change to the index.
  private func version(of index: String) throws -> String {
    guard let row = try connection.first("SELECT block FROM \(index)_data WHERE id = 10"),
      case .blob(let bytes) = row["block"]
    else { return "empty" }
    return SHA256.hash(data: bytes).prefix(16).hexString
  }

  /// How many rows the index holds, from its averages record (``averages(of:_:)``). Zero for
  /// an index without one.
  static func rowCount(of index: String, _ connection: Connection) throws -> Int64 {
    try averages(of: index, connection).rows
  }

  /// The index's averages record (`_data` row 1, which FTS5 keeps current): SQLite varints
  /// giving how many rows it holds, then how many tokens each column holds in all. Zeros for an
  /// index without one.
  static func averages(of index: String, _ connection: Connection) throws -> (rows: Int64, tokens: [Int64]) {
    guard let row = try connection.first("SELECT block FROM \(index)_data WHERE id = 1"),
      case .blob(let bytes) = row["block"]
    else { return (0, []) }
    var values: [Int64] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var value: Int64 = 0
      var next = start
      while next < bytes.endIndex {
        let byte = bytes[next]
        next += 1
        if next - start == 9 {
          value = value << 8 | Int64(byte)
          break
        }
        value = value << 7 | Int64(byte & 0x7F)
        if byte & 0x80 == 0 { break }
      }
      values.append(value)
      start = next
    }
    return (values.first ?? 0, Array(values.dropFirst()))
  }

  /// The cache rows whose counts are out of range for their index: negative, or more rows than
  /// the index holds (a search treats them as misses). Nil when there is no cache file.
  static func cacheProblems(besides database: String, _ connection: Connection) throws -> [(String, String)]?
  {
    let path = cachePath(besides: database)
    guard access(path, F_OK) == 0 else { return nil }
    let cache: Connection
    do { cache = try Connection(path: path, mode: .readOnly) } catch {
      return [
        (path, "the search cache cannot be opened (\(error)); searches count again, delete it to rebuild it")
      ]
    }
    var problems: [(String, String)] = []
    guard let rows = try? cache.query("SELECT search_index, phrase, rows FROM phrase_rows") else {
      return [
        (path, "the search cache is not one Exhibit writes; searches count again, delete it to rebuild it")
      ]
    }
    var totals: [String: Int64] = [:]
    for row in rows {
      let index = row.string("search_index") ?? ""
      let named =
        index.hasSuffix("_fts")
        && index.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x61...0x7A).contains($0) }
      let exists = try connection.first(
        "SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?", [index])
      guard named, exists != nil else {
        problems.append((path, "a count for \(index), which is not a search index"))
        continue
      }
      let total = try totals[index] ?? rowCount(of: index, connection)
      totals[index] = total
      let count = row.int64("rows")
      if count == nil || !(0...total).contains(count ?? 0) {
        problems.append(
          (
            path,
            "\(index) \(row.string("phrase") ?? ""): \(row.string("rows") ?? "no") rows, out of range (0–\(total)); "
              + "searches ignore it, delete the file to rebuild the cache"
          ))
      }
    }
    return problems
  }
}
