-- Version 1: the initial schema: criteria documents and items, recordings, caption cues, evidence
-- links and the audit trail, with the search indexes over them.

-- Criteria ----------------------------------------------------------------------------------

-- One revision of one component's criteria document in one format. Unchanged content (same
-- sha256) is not imported twice; changed content becomes the next revision.
CREATE TABLE criteria_document (
  id INTEGER PRIMARY KEY,
  family TEXT NOT NULL CHECK (family IN ('native', 'web')),
  category TEXT NOT NULL DEFAULT '',
  component TEXT NOT NULL CHECK (component <> ''),
  title TEXT NOT NULL,
  source_path TEXT NOT NULL,
  format TEXT NOT NULL
    CHECK (format IN ('magenta-markdown', 'jekyll-front-matter', 'rendered-text')),
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  revision INTEGER NOT NULL CHECK (revision >= 1),
  general_notes TEXT NOT NULL DEFAULT '',
  gherkin_given TEXT NOT NULL DEFAULT '',
  imported_at TEXT NOT NULL,
  UNIQUE (family, component, format, revision),
  UNIQUE (family, component, format, sha256)
);

-- One acceptance criterion, e.g. native/checkbox#keyboard.spacebar in one revision.
CREATE TABLE criteria_item (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  key TEXT NOT NULL,
  section TEXT NOT NULL
    CHECK (section IN ('keyboard', 'gestures', 'screenreader', 'settings', 'other')),
  label TEXT NOT NULL,
  expectation TEXT NOT NULL,
  platforms TEXT NOT NULL,
  not_applicable INTEGER NOT NULL DEFAULT 0 CHECK (not_applicable IN (0, 1)),
  position INTEGER NOT NULL,
  UNIQUE (document_id, key)
);
CREATE INDEX criteria_item_by_key ON criteria_item (key);

CREATE TABLE gherkin_scenario (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  UNIQUE (document_id, position)
);

-- A step of a scenario; depth is its nesting in the source (THEN under WHEN, AND under THEN).
CREATE TABLE gherkin_step (
  id INTEGER PRIMARY KEY,
  scenario_id INTEGER NOT NULL REFERENCES gherkin_scenario (id),
  position INTEGER NOT NULL,
  keyword TEXT NOT NULL,
  text TEXT NOT NULL,
  depth INTEGER NOT NULL DEFAULT 0,
  UNIQUE (scenario_id, position)
);

-- Developer guidance per platform (ios, android, or general) and framework (uikit, swiftui,
-- views, compose, or empty), under a topic such as name, role, groupings, state or focus.
CREATE TABLE developer_note (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  platform TEXT NOT NULL,
  framework TEXT NOT NULL DEFAULT '',
  topic TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX developer_note_by_document ON developer_note (document_id);

-- What a screen reader is expected to say, e.g. "Set as default, checkbox, not checked".
CREATE TABLE announcement_example (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  platform TEXT NOT NULL,
  framework TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL,
  text TEXT NOT NULL
);

-- A recording named by a document's Videos section, with what its heading says of it.
CREATE TABLE video_reference (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  position INTEGER NOT NULL,
  heading TEXT NOT NULL,
  source_path TEXT NOT NULL,
  caption_path TEXT,
  platform TEXT,
  assistive_tech TEXT,
  browser TEXT
);
CREATE INDEX video_reference_by_source ON video_reference (source_path);

-- Recordings -------------------------------------------------------------------------------

-- A recording is its bytes: one row per distinct SHA-256. A file that could not be read at
-- all (status error) has no hash and is known by its path alone.
CREATE TABLE recording (
  id INTEGER PRIMARY KEY,
  sha256 TEXT UNIQUE CHECK (sha256 IS NULL OR length(sha256) = 64),
  size INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'truncated', 'error')),
  error TEXT,
  container TEXT,
  duration_ms INTEGER,
  bit_rate INTEGER,
  tags TEXT NOT NULL DEFAULT '{}',
  family TEXT,
  family_source TEXT,
  component TEXT,
  component_source TEXT,
  platform TEXT,
  platform_source TEXT,
  assistive_tech TEXT,
  assistive_tech_source TEXT,
  browser TEXT,
  browser_source TEXT,
  os_version TEXT,
  os_version_source TEXT,
  catalogued_at TEXT NOT NULL,
  CHECK (sha256 IS NOT NULL OR status = 'error')
);
CREATE INDEX recording_by_component ON recording (family, component, platform);

-- Where a recording's bytes were seen. A moved file gets a new path row for the same
-- recording; a vanished file keeps its row with missing_since set.
CREATE TABLE recording_path (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  path TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL,
  inode INTEGER NOT NULL,
  device INTEGER NOT NULL,
  first_seen TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  missing_since TEXT
);
CREATE INDEX recording_path_by_recording ON recording_path (recording_id);

CREATE TABLE recording_stream (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  stream_index INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('video', 'audio', 'subtitle', 'data', 'attachment', 'other')),
  codec TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  frame_rate TEXT,
  sample_rate INTEGER,
  channels INTEGER,
  bit_rate INTEGER,
  language TEXT,
  UNIQUE (recording_id, stream_index)
);

-- A WebVTT sidecar of a recording, e.g. checkboxVoiceOver-en-US.vtt.
CREATE TABLE caption_track (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  path TEXT NOT NULL UNIQUE,
  language TEXT,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL,
  warnings TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX caption_track_by_recording ON caption_track (recording_id);

-- What the screen reader said, from start_ms to end_ms of the recording.
CREATE TABLE caption_cue (
  id INTEGER PRIMARY KEY,
  track_id INTEGER NOT NULL REFERENCES caption_track (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  identifier TEXT,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
  text TEXT NOT NULL,
  UNIQUE (track_id, position)
);

-- Evidence -----------------------------------------------------------------------------------

-- A recording, or a segment of it, judged against one criterion in one revision. Links are
-- retracted, never deleted; only the retraction columns may change, once.
CREATE TABLE evidence_link (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  item_id INTEGER NOT NULL REFERENCES criteria_item (id),
  start_ms INTEGER,
  end_ms INTEGER,
  verdict TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'not-applicable', 'untested')),
  auditor TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  platform_override INTEGER NOT NULL DEFAULT 0 CHECK (platform_override IN (0, 1)),
  created_at TEXT NOT NULL,
  retracted_at TEXT,
  retracted_by TEXT,
  retraction_reason TEXT,
  CHECK ((start_ms IS NULL) = (end_ms IS NULL)),
  CHECK (start_ms IS NULL OR (start_ms >= 0 AND end_ms > start_ms))
);
CREATE INDEX evidence_link_by_item ON evidence_link (item_id);
CREATE INDEX evidence_link_by_recording ON evidence_link (recording_id);

CREATE TRIGGER evidence_link_never_deleted BEFORE DELETE ON evidence_link
BEGIN
  SELECT RAISE(ABORT, 'evidence links are retracted, never deleted');
END;

CREATE TRIGGER evidence_link_retract_only BEFORE UPDATE ON evidence_link
WHEN old.retracted_at IS NOT NULL
  OR new.recording_id IS NOT old.recording_id OR new.item_id IS NOT old.item_id
  OR new.start_ms IS NOT old.start_ms OR new.end_ms IS NOT old.end_ms
  OR new.verdict IS NOT old.verdict OR new.auditor IS NOT old.auditor
  OR new.note IS NOT old.note OR new.platform_override IS NOT old.platform_override
  OR new.created_at IS NOT old.created_at
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;

-- The audit trail: append-only, each event's hash chained over the previous event's hash.
CREATE TABLE audit_event (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  before TEXT,
  after TEXT,
  previous_hash TEXT NOT NULL CHECK (length(previous_hash) = 64),
  hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64)
);
CREATE INDEX audit_event_by_subject ON audit_event (subject);

CREATE TRIGGER audit_event_no_update BEFORE UPDATE ON audit_event
BEGIN
  SELECT RAISE(ABORT, 'audit_event is append-only');
END;

CREATE TRIGGER audit_event_no_delete BEFORE DELETE ON audit_event
BEGIN
  SELECT RAISE(ABORT, 'audit_event is append-only');
END;

-- Search: FTS5 over criteria, captions, recording names and link notes. Each index mirrors
-- its table through triggers, so it changes in the same transaction as the data.
CREATE VIRTUAL TABLE criteria_item_fts USING fts5 (
  label, expectation, content = 'criteria_item', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER criteria_item_fts_insert AFTER INSERT ON criteria_item
BEGIN
  INSERT INTO criteria_item_fts (rowid, label, expectation)
  VALUES (new.id, new.label, new.expectation);
END;
CREATE TRIGGER criteria_item_fts_delete AFTER DELETE ON criteria_item
BEGIN
  INSERT INTO criteria_item_fts (criteria_item_fts, rowid, label, expectation)
  VALUES ('delete', old.id, old.label, old.expectation);
END;

CREATE VIRTUAL TABLE caption_cue_fts USING fts5 (
  text, content = 'caption_cue', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER caption_cue_fts_insert AFTER INSERT ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER caption_cue_fts_delete AFTER DELETE ON caption_cue
BEGIN
  INSERT INTO caption_cue_fts (caption_cue_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE VIRTUAL TABLE recording_path_fts USING fts5 (
  name, content = 'recording_path', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER recording_path_fts_insert AFTER INSERT ON recording_path
BEGIN
  INSERT INTO recording_path_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER recording_path_fts_delete AFTER DELETE ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER recording_path_fts_update AFTER UPDATE OF name ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO recording_path_fts (rowid, name) VALUES (new.id, new.name);
END;

CREATE VIRTUAL TABLE evidence_note_fts USING fts5 (
  note, content = 'evidence_link', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER evidence_note_fts_insert AFTER INSERT ON evidence_link
BEGIN
  INSERT INTO evidence_note_fts (rowid, note) VALUES (new.id, new.note);
END;
