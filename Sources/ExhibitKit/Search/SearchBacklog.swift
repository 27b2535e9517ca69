import ExhibitSQLite
import ExhibitStorage

/// Indexes the caption cues (their text and their word pairs) and recording names a transaction
/// wrote, as it commits.
///
/// The insert triggers note new rows in `caption_cue_unindexed` and `recording_path_unindexed`
/// (``Schema/searchBacklog``); ``index(_:)`` writes them into their FTS5 indexes with one
/// statement each and empties the backlog. A store's connections run it before every commit
/// (`Connection.willCommit`), so no commit leaves a row unsearchable.
public enum SearchBacklog {
  /// Indexes and clears the backlog, in the caller's transaction. A transaction that wrote no
  /// cue or path pays one lookup.
  public static func index(_ connection: Connection) throws {
    guard try connection.first(pendingSQL) != nil else { return }
    try connection.execute(indexCuesSQL, [])
    try connection.execute(indexCuePairsSQL, [])
    try connection.execute(indexPathsSQL, [])
    try connection.execute("DELETE FROM caption_cue_unindexed", [])
    try connection.execute("DELETE FROM recording_path_unindexed", [])
  }

  static let pendingSQL = """
    SELECT 1 AS pending WHERE EXISTS (SELECT 1 FROM caption_cue_unindexed)
      OR EXISTS (SELECT 1 FROM recording_path_unindexed)
    """

  /// Rows whose recording or track is gone are left out, as the content views leave them out.
  static let indexCuesSQL = """
    INSERT INTO caption_cue_fts (rowid, text, scope)
    SELECT s.id, s.text, s.scope FROM caption_cue_unindexed u JOIN caption_cue_search s ON s.id = u.id
    ORDER BY s.id
    """

  /// The same cues' word pairs (``WordPairs``), for phrases of two words.
  static let indexCuePairsSQL = """
    INSERT INTO caption_pair_fts (rowid, pairs, scope)
    SELECT s.id, s.pairs, s.scope FROM caption_cue_unindexed u JOIN caption_pair_search s ON s.id = u.id
    ORDER BY s.id
    """

  static let indexPathsSQL = """
    INSERT INTO recording_path_fts (rowid, name, scope)
    SELECT s.id, s.name, s.scope FROM recording_path_unindexed u JOIN recording_path_search s ON s.id = u.id
    ORDER BY s.id
    """
}
