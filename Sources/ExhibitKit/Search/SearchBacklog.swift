import ExhibitSQLite
import ExhibitStorage

/// Indexes the caption cues (their text and their word pairs) and recording names a transaction
/// wrote, as it commits.
///
/// The insert triggers note new rows in `caption_cue_unindexed` and `recording_path_unindexed`
/// (``Schema/searchBacklog``); ``index(_:)`` writes them into their FTS5 indexes with one
/// statement each and empties the backlog. The caption pair index (``WordPairs``) is also told
/// here what to take out (`caption_pair_stale`: cues deleted, or whose recording's filter tokens
/// changed, as they were indexed) and take in again (`caption_pair_unindexed`), since its words
/// need Exhibit's tokenizer function, which a trigger run by another SQLite client would not
/// have. A store's connections run it before every commit (`Connection.willCommit`), so no
/// commit of Exhibit's leaves a row unsearchable.
public enum SearchBacklog {
  /// Indexes and clears the backlog, in the caller's transaction. A transaction that wrote no
  /// cue or path pays one lookup.
  public static func index(_ connection: Connection) throws {
    guard try connection.first(pendingSQL) != nil else { return }
    try connection.execute(indexCuesSQL, [])
    try connection.execute(removeStalePairsSQL, [])
    try connection.execute(indexCuePairsSQL, [])
    try connection.execute(indexPathsSQL, [])
    try connection.execute("DELETE FROM caption_cue_unindexed", [])
    try connection.execute("DELETE FROM caption_pair_stale", [])
    try connection.execute("DELETE FROM caption_pair_unindexed", [])
    try connection.execute("DELETE FROM recording_path_unindexed", [])
  }

  static let pendingSQL = """
    SELECT 1 AS pending WHERE EXISTS (SELECT 1 FROM caption_cue_unindexed)
      OR EXISTS (SELECT 1 FROM recording_path_unindexed) OR \(pairsPendingSQL)
    """

  /// Whether the caption pair index has work waiting (a search then reads phrases elsewhere).
  static let pairsPendingSQL =
    "EXISTS (SELECT 1 FROM caption_pair_stale) OR EXISTS (SELECT 1 FROM caption_pair_unindexed)"

  /// Rows whose recording or track is gone are left out, as the content views leave them out.
  static let indexCuesSQL = """
    INSERT INTO caption_cue_fts (rowid, text, scope)
    SELECT s.id, s.text, s.scope FROM caption_cue_unindexed u JOIN caption_cue_search s ON s.id = u.id
    ORDER BY s.id
    """

  /// Each stale cue out of the pair index, with the words and tokens it was indexed with, in
  /// the order they went stale (before any cue is indexed again under the same id).
  static let removeStalePairsSQL = """
    INSERT INTO caption_pair_fts (caption_pair_fts, rowid, pairs, scope)
    SELECT 'delete', id, \(WordPairs.name)(text), scope FROM caption_pair_stale ORDER BY rowid
    """

  /// New cues' word pairs, and those of cues whose filter tokens changed.
  static let indexCuePairsSQL = """
    INSERT INTO caption_pair_fts (rowid, pairs, scope)
    SELECT s.id, s.pairs, s.scope FROM caption_pair_search s
    WHERE s.id IN (SELECT id FROM caption_cue_unindexed UNION SELECT id FROM caption_pair_unindexed)
    ORDER BY s.id
    """

  static let indexPathsSQL = """
    INSERT INTO recording_path_fts (rowid, name, scope)
    SELECT s.id, s.name, s.scope FROM recording_path_unindexed u JOIN recording_path_search s ON s.id = u.id
    ORDER BY s.id
    """
}
