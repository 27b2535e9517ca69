-- Version 29: what Exhibit heard is searched like captions. Each heard phrase is indexed with its
-- recording's filter tokens (search_scope), in an index that keeps its own copy of both: heard
-- phrases are few, and a copy lets a phrase leave the index when its recording's hearing is
-- replaced or the recording deleted (cascades), without reading the recording.
CREATE VIRTUAL TABLE heard_phrase_fts USING fts5 (
  text, scope, tokenize = 'porter unicode61 remove_diacritics 2'
);

INSERT INTO heard_phrase_fts (rowid, text, scope)
SELECT h.id, h.text, r.search_scope FROM heard_phrase h JOIN recording r ON r.id = h.recording_id;

CREATE TRIGGER heard_phrase_fts_insert AFTER INSERT ON heard_phrase
BEGIN
  INSERT INTO heard_phrase_fts (rowid, text, scope)
  SELECT new.id, new.text, search_scope FROM recording WHERE id = new.recording_id;
END;

CREATE TRIGGER heard_phrase_fts_delete AFTER DELETE ON heard_phrase
BEGIN
  DELETE FROM heard_phrase_fts WHERE rowid = old.id;
END;

CREATE TRIGGER recording_heard_scope_update AFTER UPDATE OF family, component, platform ON recording
WHEN old.search_scope IS NOT new.search_scope
BEGIN
  UPDATE heard_phrase_fts SET scope = new.search_scope
  WHERE rowid IN (SELECT id FROM heard_phrase WHERE recording_id = new.id);
END;
