-- Version 31: a phrase of two words is one token in the caption pair index. Each cue's
-- neighbouring tokens, joined by `_` (exhibit_word_pairs, a function Exhibit's connections have),
-- are indexed with the recording's filter tokens, so `"double tap"` on iOS reads one pair's list
-- instead of checking positions in every cue that holds both words. The index keeps no copy of
-- its text: it is read from a view.
CREATE VIEW caption_pair_search AS
  SELECT c.id, exhibit_word_pairs(c.text) AS pairs, r.search_scope AS scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id;

CREATE VIRTUAL TABLE caption_pair_fts USING fts5 (
  pairs, scope, content = 'caption_pair_search', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 0 tokenchars ''_''', columnsize = 0
);

-- What the pair index still has to take out (each cue as it was indexed: its text and scope)
-- and take in again (cues whose recording's filter tokens changed; new cues wait in
-- caption_cue_unindexed). Triggers fill them in plain SQL, so any SQLite client may change cues
-- and recordings; Exhibit works them off as it commits (SearchBacklog), and a search reads
-- phrases from the caption index while they are not empty.
CREATE TABLE caption_pair_stale (id INTEGER NOT NULL, text TEXT NOT NULL, scope TEXT NOT NULL);

CREATE TABLE caption_pair_unindexed (id INTEGER PRIMARY KEY);

INSERT INTO caption_pair_fts (rowid, pairs, scope)
SELECT id, pairs, scope FROM caption_pair_search WHERE id NOT IN (SELECT id FROM caption_cue_unindexed)
ORDER BY id;

DROP TRIGGER caption_cue_fts_delete;

CREATE TRIGGER caption_cue_fts_delete AFTER DELETE ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
  SELECT 'delete', old.id, old.text, r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id
  WHERE t.id = old.track_id AND old.id NOT IN (SELECT id FROM caption_cue_unindexed);
  INSERT INTO caption_pair_stale (id, text, scope)
  SELECT old.id, old.text, r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id
  WHERE t.id = old.track_id AND old.id NOT IN (SELECT id FROM caption_cue_unindexed)
    AND old.id NOT IN (SELECT id FROM caption_pair_unindexed);
  DELETE FROM caption_cue_unindexed WHERE id = old.id;
  DELETE FROM caption_pair_unindexed WHERE id = old.id;
END;

CREATE TRIGGER recording_pair_scope_update AFTER UPDATE OF family, component, platform ON recording
WHEN old.search_scope IS NOT new.search_scope
BEGIN
  INSERT INTO caption_pair_stale (id, text, scope)
  SELECT c.id, c.text, old.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = old.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed)
    AND c.id NOT IN (SELECT id FROM caption_pair_unindexed);
  INSERT OR IGNORE INTO caption_pair_unindexed (id)
  SELECT c.id FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = new.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed);
END;
