import Dispatch
import ExhibitSQLite
import ExhibitStorage
import Foundation

/// A second reader of the workspace database, so a search ranks its indexes on two cores: the
/// store's connection and this one take the index queries in turn (``SearchWork``).
///
/// Both connections must read the same state of the database. ``search(_:with:)`` checks it:
/// the store's connection reads its data version, the helper starts its transaction, and the
/// store's connection starts the search's own transaction and reads the version again. The
/// same version both times means nothing was committed from before the helper's start to after
/// it, so the helper's snapshot is the search's. Otherwise (a catalogue committing meanwhile)
/// it tries again, and after a few tries searches on the store's connection alone.
final class SearchHelper {
  /// A database smaller than this is searched on one connection: its indexes rank in less time
  /// than opening the second connection and handing work to its thread take.
  static let smallestDatabaseBytes = 8 << 20
  /// How much of such a database both connections read through a memory map
  /// (``Connection/mapFile(bytes:)``): all of it, up to SQLite's own limit.
  static let mappedBytes = 1 << 40
  /// How often the two connections are started again when a commit fell between them.
  static let attempts = 3

  private let index: SearchIndex
  private let queue = DispatchQueue(label: "exhibit.search.helper")
  /// Called each time the helper's snapshot has started and before the store's connection
  /// checks it: tests commit there to see a search notice it.
  var snapshotStarted: (() throws -> Void)?

  /// Opens the helper's connection to `path` with `mode` (read-only, or immutable as the store's
  /// own connection is on read-only media).
  /// - Throws: ``SQLiteError`` when the file cannot be opened.
  init(path: String, mode: Connection.Mode) throws {
    let connection = try Connection(path: path, mode: mode)
    try connection.mapFile(bytes: Self.mappedBytes)
    index = SearchIndex(connection: connection, statistics: PhraseStatistics(connection: connection))
  }

  /// Searches with the store's index `own`, whose connection must not be in a transaction, and
  /// this helper's, reading one state of the database.
  /// - Returns: The results, as ``SearchIndex/search(_:beside:)`` gives them.
  /// - Throws: ``SearchError``, ``LookupError`` or ``SQLiteError``.
  func search(_ request: SearchRequest, with own: SearchIndex) throws -> SearchResults {
    let connection = own.connection
    for _ in 0..<Self.attempts {
      let before = try connection.reading { try connection.dataVersion }
      let helper = index.connection
      if helper.isInTransaction { try helper.execute("ROLLBACK") }  // left by a failed commit
      try helper.execute("BEGIN")
      defer { try? helper.execute("COMMIT") }
      _ = try helper.dataVersion  // the helper's snapshot starts here
      try snapshotStarted?()
      let results = try connection.reading { () -> SearchResults? in
        guard try connection.dataVersion == before else { return nil }
        return try own.search(request, beside: (index, queue))
      }
      if let results { return results }
    }
    return try connection.reading { try own.search(request) }
  }

  /// Closes the helper's connection.
  func close() throws {
    try index.connection.close()
  }
}
