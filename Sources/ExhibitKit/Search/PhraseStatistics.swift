import Crypto
import ExhibitSQLite
import Foundation

/// How many rows of a search index hold each phrase of a query: the document frequencies bm25's
/// IDF needs, which FTS5 would otherwise count on every search by visiting every matching row
/// (294,000 rows, 10 ms, for "checked" among a million cues).
///
/// Counts are exact. They are kept in a cache database beside the workspace's
/// (`exhibit.search-cache.sqlite`), keyed by the index's version: the index's structure record,
/// which FTS5 rewrites whenever the index changes. A catalogue or import therefore makes the
/// counts of that index be counted again when next needed. The cache holds nothing that is not
/// derived from the database; deleting it only costs time. When it cannot be opened or written
/// (a read-only folder), counts are made each time.
struct PhraseStatistics {
  /// The workspace database.
  let connection: Connection
  /// The cache, or nil when it cannot be used.
  let cache: Connection?

  /// Statistics for the workspace at `connection.path`, with its cache beside it.
  init(connection: Connection) {
    self.connection = connection
    cache = Self.openCache(besides: connection.path)
  }

  /// The cache file for a database: `exhibit.sqlite` → `exhibit.search-cache.sqlite`.
  static func cachePath(besides database: String) -> String {
    let url = URL(fileURLWithPath: database)
    return url.deletingPathExtension().path + ".search-cache.sqlite"
  }

  private static func openCache(besides database: String) -> Connection? {
    guard database != ":memory:", !database.isEmpty else { return nil }
    let path = cachePath(besides: database)
    guard let cache = try? Connection(path: path, mode: .create) else { return nil }
    do {
      try cache.execute(
        """
        CREATE TABLE IF NOT EXISTS phrase_rows (
          search_index TEXT NOT NULL, version TEXT NOT NULL, phrase TEXT NOT NULL, rows INTEGER NOT NULL,
          PRIMARY KEY (search_index, phrase)
        ) WITHOUT ROWID
        """)
      return cache
    } catch {
      return nil
    }
  }

  /// How many rows of `index` hold each phrase in `column`, in order.
  /// - Parameters:
  ///   - index: The FTS5 table.
  ///   - column: The text column the phrases are matched in.
  ///   - phrases: FTS5 phrases, as a query writes them (`"not checked"`, `"che" *`).
  /// - Returns: The row count of each phrase, in the order given.
  /// - Throws: ``SQLiteError``.
  func rows(in index: String, column: String, holding phrases: [String]) throws -> [Int64] {
    let version = try self.version(of: index)
    var known: [String: Int64] = [:]
    if let cache {
      for phrase in Set(phrases) {
        if let row = try? cache.first(
          "SELECT rows FROM phrase_rows WHERE search_index = ? AND phrase = ? AND version = ?",
          [index, phrase, version]), let rows: Int64 = try? row.decode("rows")
        {
          known[phrase] = rows
        }
      }
    }
    var counted: [String: Int64] = [:]
    for phrase in Set(phrases) where known[phrase] == nil {
      counted[phrase] =
        try connection.first(
          "SELECT count(*) AS n FROM \(index) WHERE \(index) MATCH ?", ["\(column) : (\(phrase))"])?.decode(
          "n") ?? 0
    }
    if let cache, !counted.isEmpty {
      // Best effort: a cache another search holds, or a full disk, only means counting again.
      try? cache.transaction {
        for (phrase, rows) in counted {
          try cache.execute(
            "INSERT OR REPLACE INTO phrase_rows (search_index, version, phrase, rows) VALUES (?, ?, ?, ?)",
            [index, version, phrase, rows])
        }
      }
    }
    return phrases.map { known[$0] ?? counted[$0] ?? 0 }
  }

  /// A digest of the index's structure record, which changes with every change to the index.
  private func version(of index: String) throws -> String {
    guard let row = try connection.first("SELECT block FROM \(index)_data WHERE id = 10"),
      case .blob(let bytes) = row["block"]
    else { return "empty" }
    return SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined()
  }
}
