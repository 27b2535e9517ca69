import ExhibitSQLite
import ExhibitStorage

/// A workspace's SQLite catalogue as ``SQLCatalogue``: every operation is the one PostgreSQL runs,
/// on the store's connection. What SQLite adds is its own: search ranked by FTS5 and bm25 (with a
/// second connection when the search is large enough to split), and `verify`'s checks of the file
/// (SQLite's integrity check, foreign keys, and the search cache).
///
/// Commands and the web workspace open it through ``Store``, which also keeps a synchronous API
/// over the same operations for callers on one thread.
public struct WorkspaceCatalogue: SQLCatalogue, @unchecked Sendable {
  /// The open database. Used by one task at a time, as a connection is.
  public let store: Store

  /// The catalogue of an open workspace database.
  public init(store: Store) {
    self.store = store
  }

  /// The database file.
  public var location: String { store.path }

  /// Runs `body` on the store's connection, on the caller's thread: SQLite answers in-process.
  /// - Throws: What `body` throws.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueConnection) async throws -> Result
  ) async throws -> Result {
    try await body(CatalogueConnection(store.connection))
  }

  /// Searches with FTS5 (``SearchStorage``).
  /// - Throws: ``SearchError``, ``LookupError``, `AuditError` or ``SQLiteError``.
  public func search(_ request: SearchRequest) async throws -> SearchResults {
    try store.search(request)
  }

  /// SQLite's integrity check and foreign keys.
  /// - Throws: ``SQLiteError``.
  public func storageProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem] {
    var problems: [AuditChainReport.Problem] = []
    let integrity = try store.connection.query("PRAGMA integrity_check").compactMap {
      $0.string("integrity_check")
    }
    if integrity != ["ok"] {
      problems += integrity.prefix(20).map {
        .init(path: store.path, problem: "SQLite integrity check: \($0)")
      }
    }
    for row in try store.connection.query("PRAGMA foreign_key_check") {
      problems.append(
        .init(
          path: "\(row.string("table") ?? "?"):\(row.int64("rowid") ?? 0)",
          problem: "refers to a \(row.string("parent") ?? "?") row that does not exist"))
    }
    return problems
  }

  /// The search cache's counts out of range: it holds no evidence, but a bad count is named.
  /// - Throws: ``SQLiteError``.
  public func cacheProblems(_ connection: CatalogueConnection) throws -> [AuditChainReport.Problem] {
    try (PhraseStatistics.cacheProblems(besides: store.path, store.connection) ?? []).map {
      AuditChainReport.Problem(path: $0.0, problem: $0.1)
    }
  }
}
