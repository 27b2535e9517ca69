-- Version 31: a phrase of two words is one token in the caption pair index. Each cue's
-- neighbouring tokens, joined by `_` (exhibit_word_pairs, which every Exhibit connection has),
-- are indexed with the recording's filter tokens, so `"double tap"` on iOS reads one pair's list
-- instead of checking positions in every cue that holds both words. The index keeps no copy of
-- its text: it is read from a view, and kept in step with the caption index by the same
-- triggers and backlog (a cue still in the backlog is in neither).
CREATE VIEW caption_pair_search AS
  SELECT c.id, exhibit_word_pairs(c.text) AS pairs, r.search_scope AS scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id;

CREATE VIRTUAL TABLE caption_pair_fts USING fts5 (
  pairs, scope, content = 'caption_pair_search', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 0 tokenchars ''_''', columnsize = 0
);

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
  INSERT INTO caption_pair_fts (caption_pair_fts, rowid, pairs, scope)
  SELECT 'delete', old.id, exhibit_word_pairs(old.text), r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id
  WHERE t.id = old.track_id AND old.id NOT IN (SELECT id FROM caption_cue_unindexed);
  DELETE FROM caption_cue_unindexed WHERE id = old.id;
END;

CREATE TRIGGER recording_pair_scope_update AFTER UPDATE OF family, component, platform ON recording
WHEN old.search_scope IS NOT new.search_scope
BEGIN
  INSERT INTO caption_pair_fts (caption_pair_fts, rowid, pairs, scope)
  SELECT 'delete', c.id, exhibit_word_pairs(c.text), old.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = old.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed);
  INSERT INTO caption_pair_fts (rowid, pairs, scope)
  SELECT c.id, exhibit_word_pairs(c.text), new.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = new.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed);
END;
