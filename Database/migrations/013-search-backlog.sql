-- Version 13: caption cues and recording names are indexed once per transaction, not once
-- per row.
--
-- A trigger that wrote each new row into its FTS5 index made SQLite open a statement
-- savepoint around every insert, and at each savepoint FTS5 writes out what it holds in
-- memory as a new index segment: a segment per cue and per path, which was half of a
-- catalogue's writing time. Now the insert triggers note the row in a backlog table, and
-- ``SearchBacklog`` indexes the backlog with one statement per index just before the
-- transaction commits (`Connection.willCommit`), so the indexes agree with their content at
-- every commit, as before.
--
-- Only inserts wait: deleting, renaming or re-attributing a row changes the index at once, as
-- before, unless the row is still on the backlog, which has nothing in the index to take out
-- and is indexed from what it holds at commit. Rows inserted outside `Connection.transaction`
-- are indexed by the next transaction's commit; Exhibit inserts cues and paths only in its
-- catalogue's transactions, and the connection runs a lone write statement in one.

CREATE TABLE caption_cue_unindexed (id INTEGER PRIMARY KEY);
CREATE TABLE recording_path_unindexed (id INTEGER PRIMARY KEY);

DROP TRIGGER caption_cue_fts_insert;
CREATE TRIGGER caption_cue_fts_insert AFTER INSERT ON caption_cue
BEGIN
  INSERT OR IGNORE INTO caption_cue_unindexed (id) VALUES (new.id);
END;

DROP TRIGGER caption_cue_fts_delete;
CREATE TRIGGER caption_cue_fts_delete AFTER DELETE ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
  SELECT 'delete', old.id, old.text, r.search_scope
  FROM caption_track t JOIN recording r ON r.id = t.recording_id
  WHERE t.id = old.track_id AND old.id NOT IN (SELECT id FROM caption_cue_unindexed);
  DELETE FROM caption_cue_unindexed WHERE id = old.id;
END;

DROP TRIGGER recording_path_fts_insert;
CREATE TRIGGER recording_path_fts_insert AFTER INSERT ON recording_path
BEGIN
  INSERT OR IGNORE INTO recording_path_unindexed (id) VALUES (new.id);
END;

DROP TRIGGER recording_path_fts_delete;
CREATE TRIGGER recording_path_fts_delete AFTER DELETE ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording
  WHERE id = old.recording_id AND old.id NOT IN (SELECT id FROM recording_path_unindexed);
  DELETE FROM recording_path_unindexed WHERE id = old.id;
END;

-- A path renamed, or now holding another recording's bytes: re-indexed at once, unless it
-- is still on the backlog, which indexes what it holds at commit.
DROP TRIGGER recording_path_fts_update;
CREATE TRIGGER recording_path_fts_update AFTER UPDATE OF name, recording_id ON recording_path
WHEN new.id NOT IN (SELECT id FROM recording_path_unindexed)
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording WHERE id = old.recording_id;
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT new.id, new.name, search_scope FROM recording WHERE id = new.recording_id;
END;

-- A recording attributed anew: its indexed cues and names move to the new tokens at once;
-- those still on the backlog get them at commit.
DROP TRIGGER recording_search_scope_update;
CREATE TRIGGER recording_search_scope_update AFTER UPDATE OF family, component, platform ON recording
WHEN old.search_scope IS NOT new.search_scope
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text, scope)
  SELECT 'delete', c.id, c.text, old.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = old.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed);
  INSERT INTO caption_cue_fts (rowid, text, scope)
  SELECT c.id, c.text, new.search_scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
  WHERE t.recording_id = new.id AND c.id NOT IN (SELECT id FROM caption_cue_unindexed);
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', id, name, old.search_scope FROM recording_path
  WHERE recording_id = old.id AND id NOT IN (SELECT id FROM recording_path_unindexed);
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT id, name, new.search_scope FROM recording_path
  WHERE recording_id = new.id AND id NOT IN (SELECT id FROM recording_path_unindexed);
END;
