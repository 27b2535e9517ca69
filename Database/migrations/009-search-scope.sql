-- Version 9: caption cues and recording names are indexed with their recording's component
-- and platform as filter tokens beside the text, so a search filtered by component or platform
-- is an index lookup instead of a walk over every match. `exhibit_bm25` ranks the text alone,
-- as FTS5's bm25 did before.
--
-- A recording's `search_scope` is `zc<hex of family/slug>0 zp<platform>0`: one token each,
-- which the tokenizer keeps whole and the stemmer leaves alone. When an attribution changes,
-- a trigger re-indexes that recording's cues and names under the new tokens.

ALTER TABLE recording ADD COLUMN search_scope TEXT GENERATED ALWAYS AS (
  trim(
    coalesce('zc' || lower(hex(family || '/' || component)) || '0', '') || ' '
      || coalesce('zp' || platform || '0', '')
  )
) VIRTUAL;

DROP TRIGGER caption_cue_fts_insert;
DROP TRIGGER caption_cue_fts_delete;
DROP TABLE caption_cue_fts;
DROP TRIGGER recording_path_fts_insert;
DROP TRIGGER recording_path_fts_delete;
DROP TRIGGER recording_path_fts_update;
DROP TABLE recording_path_fts;

-- What each index holds, as its external content.
CREATE VIEW caption_cue_search AS
  SELECT c.id, c.text, r.search_scope AS scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id;

CREATE VIEW recording_path_search AS
  SELECT p.id, p.name, r.search_scope AS scope FROM recording_path p JOIN recording r ON r.id = p.recording_id;

CREATE VIRTUAL TABLE caption_cue_fts USING fts5 (
  text, scope, content = 'caption_cue_search', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER caption_cue_fts_insert AFTER INSERT ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (rowid, text, scope)
  SELECT new.id, new.text, r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id WHERE t.id = new.track_id;
END;

CREATE TRIGGER caption_cue_fts_delete AFTER DELETE ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
  SELECT 'delete', old.id, old.text, r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id WHERE t.id = old.track_id;
END;

CREATE VIRTUAL TABLE recording_path_fts USING fts5 (
  name, scope, content = 'recording_path_search', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER recording_path_fts_insert AFTER INSERT ON recording_path
BEGIN
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT new.id, new.name, search_scope FROM recording WHERE id = new.recording_id;
END;

CREATE TRIGGER recording_path_fts_delete AFTER DELETE ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording WHERE id = old.recording_id;
END;

-- A path renamed, or now holding another recording's bytes.
CREATE TRIGGER recording_path_fts_update AFTER UPDATE OF name, recording_id ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording WHERE id = old.recording_id;
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT new.id, new.name, search_scope FROM recording WHERE id = new.recording_id;
END;

-- A recording attributed anew: its cues and names move to the new tokens.
CREATE TRIGGER recording_search_scope_update AFTER UPDATE OF family, component, platform ON recording
WHEN old.search_scope IS NOT new.search_scope
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
  SELECT 'delete', c.id, c.text, old.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id WHERE t.recording_id = old.id;
  INSERT INTO caption_cue_fts (rowid, text, scope)
  SELECT c.id, c.text, new.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id WHERE t.recording_id = new.id;
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', id, name, old.search_scope FROM recording_path WHERE recording_id = old.id;
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT id, name, new.search_scope FROM recording_path WHERE recording_id = new.id;
END;

INSERT INTO caption_cue_fts (caption_cue_fts) VALUES ('rebuild');
INSERT INTO recording_path_fts (recording_path_fts) VALUES ('rebuild');
