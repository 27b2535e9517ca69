import ExhibitSQLite

/// Version 30 of the workspace database, for tests of the migrations after it.
enum VersionThirty {
  /// A workspace of version 30, before the pair index, the notes' tokens and the current
  /// documents' index: its objects as that version made them.
  static func downgrade(_ connection: Connection) throws {
    try connection.execute(
      """
      DROP INDEX criteria_current_document;
      DROP TRIGGER recording_pair_scope_update;
      DROP TRIGGER caption_cue_fts_delete;
      DROP TABLE caption_pair_fts;
      DROP VIEW caption_pair_search;
      DROP TABLE caption_pair_stale;
      DROP TABLE caption_pair_unindexed;
      CREATE TRIGGER caption_cue_fts_delete AFTER DELETE ON caption_cue
      BEGIN
        INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
        SELECT 'delete', old.id, old.text, r.search_scope
        FROM caption_track t JOIN recording r ON r.id = t.recording_id
        WHERE t.id = old.track_id AND old.id NOT IN (SELECT id FROM caption_cue_unindexed);
        DELETE FROM caption_cue_unindexed WHERE id = old.id;
      END;
      DROP TRIGGER recording_note_scope_update;
      DROP TRIGGER evidence_note_fts_insert;
      DROP TRIGGER evidence_note_fts_retract;
      DROP TABLE evidence_note_fts;
      DROP VIEW live_evidence_note;
      DROP VIEW evidence_note_search;
      CREATE VIEW live_evidence_note AS SELECT id, note FROM evidence_link WHERE retracted_at IS NULL;
      CREATE VIRTUAL TABLE evidence_note_fts USING fts5 (
        note, content = 'live_evidence_note', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      INSERT INTO evidence_note_fts (evidence_note_fts) VALUES ('rebuild');
      CREATE TRIGGER evidence_note_fts_insert AFTER INSERT ON evidence_link
      WHEN new.retracted_at IS NULL
      BEGIN
        INSERT INTO evidence_note_fts (rowid, note) VALUES (new.id, new.note);
      END;
      CREATE TRIGGER evidence_note_fts_retract AFTER UPDATE OF retracted_at ON evidence_link
      WHEN old.retracted_at IS NULL AND new.retracted_at IS NOT NULL
      BEGIN
        INSERT INTO evidence_note_fts (evidence_note_fts, rowid, note) VALUES ('delete', old.id, old.note);
      END;
      PRAGMA user_version = 30;
      """)
  }

}
