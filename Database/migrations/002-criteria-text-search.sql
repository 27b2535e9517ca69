-- Version 2: prefix indexes; the rest of a document's text becomes searchable (Gherkin steps,
-- developer notes, announcement examples); a retracted link's note leaves the note index.

CREATE VIRTUAL TABLE gherkin_step_fts USING fts5 (
  text, content = 'gherkin_step', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);
INSERT INTO gherkin_step_fts (rowid, text) SELECT id, text FROM gherkin_step;
CREATE TRIGGER gherkin_step_fts_insert AFTER INSERT ON gherkin_step
BEGIN
  INSERT INTO gherkin_step_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER gherkin_step_fts_delete AFTER DELETE ON gherkin_step
BEGIN
  INSERT INTO gherkin_step_fts (gherkin_step_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE VIRTUAL TABLE developer_note_fts USING fts5 (
  text, content = 'developer_note', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);
INSERT INTO developer_note_fts (rowid, text) SELECT id, text FROM developer_note;
CREATE TRIGGER developer_note_fts_insert AFTER INSERT ON developer_note
BEGIN
  INSERT INTO developer_note_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER developer_note_fts_delete AFTER DELETE ON developer_note
BEGIN
  INSERT INTO developer_note_fts (developer_note_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE VIRTUAL TABLE announcement_example_fts USING fts5 (
  text, content = 'announcement_example', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);
INSERT INTO announcement_example_fts (rowid, text) SELECT id, text FROM announcement_example;
CREATE TRIGGER announcement_example_fts_insert AFTER INSERT ON announcement_example
BEGIN
  INSERT INTO announcement_example_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER announcement_example_fts_delete AFTER DELETE ON announcement_example
BEGIN
  INSERT INTO announcement_example_fts (announcement_example_fts, rowid, text)
  VALUES ('delete', old.id, old.text);
END;

-- A retracted link no longer speaks for its recording: the note index now mirrors the live
-- links only (a view), and a retraction removes the note in the same statement.
DROP TRIGGER evidence_note_fts_insert;
DROP TABLE evidence_note_fts;
CREATE VIEW live_evidence_note AS
  SELECT id, note FROM evidence_link WHERE retracted_at IS NULL;
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
