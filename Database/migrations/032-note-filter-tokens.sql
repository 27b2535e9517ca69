-- Version 32: a link note is indexed with its filter tokens, as captions are: its item's
-- component (`zc`, the hex of family/component, `0`), its platform (`zp`: the recording's, else
-- the one an observation names) and its audit (`za`, the audit's id, `0`). A search of notes by
-- platform, component or audit is then one FTS5 query, where each match was joined to its link,
-- item and recording until enough passed. A link changes only by its retraction; the platform
-- of its recording can change, and its notes are indexed again when it does.
DROP TRIGGER evidence_note_fts_insert;
DROP TRIGGER evidence_note_fts_retract;
DROP TABLE evidence_note_fts;
DROP VIEW live_evidence_note;

CREATE VIEW evidence_note_search AS
  SELECT l.id, l.note, l.retracted_at, trim(
      'zc' || lower(hex(d.family || '/' || d.component)) || '0'
      || coalesce(' zp' || coalesce(r.platform, l.observed_platform) || '0', '')
      || coalesce(' za' || l.audit_id || '0', '')
    ) AS scope
  FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
    LEFT JOIN recording r ON r.id = l.recording_id;

CREATE VIEW live_evidence_note AS
  SELECT id, note, scope FROM evidence_note_search WHERE retracted_at IS NULL;

CREATE VIRTUAL TABLE evidence_note_fts USING fts5 (
  note, scope, content = 'live_evidence_note', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);

INSERT INTO evidence_note_fts (evidence_note_fts) VALUES ('rebuild');

CREATE TRIGGER evidence_note_fts_insert AFTER INSERT ON evidence_link
WHEN new.retracted_at IS NULL
BEGIN
  INSERT INTO evidence_note_fts (rowid, note, scope)
  SELECT id, note, scope FROM evidence_note_search WHERE id = new.id;
END;

CREATE TRIGGER evidence_note_fts_retract AFTER UPDATE OF retracted_at ON evidence_link
WHEN old.retracted_at IS NULL AND new.retracted_at IS NOT NULL
BEGIN
  INSERT INTO evidence_note_fts (evidence_note_fts, rowid, note, scope)
  SELECT 'delete', id, note, scope FROM evidence_note_search WHERE id = old.id;
END;

CREATE TRIGGER recording_note_scope_update AFTER UPDATE OF platform ON recording
WHEN old.platform IS NOT new.platform
BEGIN
  INSERT INTO evidence_note_fts (evidence_note_fts, rowid, note, scope)
  SELECT 'delete', l.id, l.note, trim(
      'zc' || lower(hex(d.family || '/' || d.component)) || '0'
      || coalesce(' zp' || coalesce(old.platform, l.observed_platform) || '0', '')
      || coalesce(' za' || l.audit_id || '0', ''))
  FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id
  WHERE l.recording_id = old.id AND l.retracted_at IS NULL;
  INSERT INTO evidence_note_fts (rowid, note, scope)
  SELECT id, note, scope FROM live_evidence_note
  WHERE id IN (SELECT id FROM evidence_link WHERE recording_id = new.id);
END;
