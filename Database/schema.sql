-- Exhibit database schema, dumped from a fresh database. Do not edit by hand:
-- change the migrations in Sources/ExhibitKit/Store/Schema.swift, then run `make schema`.
PRAGMA user_version = 33;
PRAGMA application_id = 1163413570;

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
  position INTEGER NOT NULL, notes TEXT NOT NULL DEFAULT '',
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

CREATE TABLE gherkin_step (
  id INTEGER PRIMARY KEY,
  scenario_id INTEGER NOT NULL REFERENCES gherkin_scenario (id),
  position INTEGER NOT NULL,
  keyword TEXT NOT NULL,
  text TEXT NOT NULL,
  depth INTEGER NOT NULL DEFAULT 0,
  UNIQUE (scenario_id, position)
);

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

CREATE TABLE announcement_example (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  platform TEXT NOT NULL,
  framework TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL,
  text TEXT NOT NULL
);

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
  catalogued_at TEXT NOT NULL, search_scope TEXT GENERATED ALWAYS AS (
  trim(
    coalesce('zc' || lower(hex(family || '/' || component)) || '0', '') || ' '
      || coalesce('zp' || platform || '0', '')
  )
) VIRTUAL, device TEXT, device_source TEXT,
  CHECK (sha256 IS NOT NULL OR status = 'error')
);

CREATE INDEX recording_by_component ON recording (family, component, platform);

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

CREATE TABLE evidence_link (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER REFERENCES recording (id),
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
  retraction_reason TEXT, component_override INTEGER NOT NULL DEFAULT 0
  CHECK (component_override IN (0, 1)), audit_id INTEGER REFERENCES audit (id), carried_from INTEGER REFERENCES evidence_link (id), confirmed_from INTEGER REFERENCES evidence_link (id), environment TEXT NOT NULL DEFAULT '', observed_platform TEXT, observed_assistive_tech TEXT, outside_scope INTEGER NOT NULL DEFAULT 0,
  CHECK ((start_ms IS NULL) = (end_ms IS NULL)),
  CHECK (start_ms IS NULL OR (start_ms >= 0 AND end_ms > start_ms))
);

CREATE INDEX evidence_link_by_item ON evidence_link (item_id);

CREATE INDEX evidence_link_by_recording ON evidence_link (recording_id);

CREATE TRIGGER evidence_link_never_deleted BEFORE DELETE ON evidence_link
BEGIN
  SELECT RAISE(ABORT, 'evidence links are retracted, never deleted');
END;

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

CREATE VIRTUAL TABLE gherkin_step_fts USING fts5 (
  text, content = 'gherkin_step', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);

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

CREATE TRIGGER announcement_example_fts_insert AFTER INSERT ON announcement_example
BEGIN
  INSERT INTO announcement_example_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER announcement_example_fts_delete AFTER DELETE ON announcement_example
BEGIN
  INSERT INTO announcement_example_fts (announcement_example_fts, rowid, text)
  VALUES ('delete', old.id, old.text);
END;

CREATE TABLE component_alias (
  family TEXT NOT NULL CHECK (family IN ('native', 'web')),
  alias TEXT NOT NULL CHECK (alias <> ''),
  component TEXT NOT NULL CHECK (component <> ''),
  source TEXT NOT NULL CHECK (source IN ('document', 'renamed')),
  PRIMARY KEY (family, alias, component)
) WITHOUT ROWID;

CREATE INDEX component_alias_by_component ON component_alias (family, component);

CREATE INDEX component_alias_by_alias ON component_alias (alias);

CREATE TRIGGER evidence_link_retracted_with_audit BEFORE UPDATE OF retracted_at ON evidence_link
WHEN new.retracted_at IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM audit_event WHERE subject = 'link:' || old.id AND action = 'link.retract')
BEGIN
  SELECT RAISE(ABORT, 'a link is retracted only with its audit event: use exhibit unlink');
END;

CREATE INDEX evidence_link_by_recording_item ON evidence_link (recording_id, item_id, start_ms);

CREATE TABLE audit_subject (
  subject TEXT NOT NULL,
  event_id INTEGER NOT NULL REFERENCES audit_event (id),
  PRIMARY KEY (subject, event_id)
) WITHOUT ROWID;

CREATE TRIGGER audit_subject_no_update BEFORE UPDATE ON audit_subject
BEGIN
  SELECT RAISE(ABORT, 'audit_subject is append-only');
END;

CREATE TRIGGER audit_subject_no_delete BEFORE DELETE ON audit_subject
BEGIN
  SELECT RAISE(ABORT, 'audit_subject is append-only');
END;

CREATE VIEW caption_cue_search AS
  SELECT c.id, c.text, r.search_scope AS scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id;

CREATE VIEW recording_path_search AS
  SELECT p.id, p.name, r.search_scope AS scope FROM recording_path p JOIN recording r ON r.id = p.recording_id;

CREATE VIRTUAL TABLE recording_path_fts USING fts5 (
  name, scope, content = 'recording_path_search', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TABLE account (
  name TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  role TEXT NOT NULL CHECK (role IN ('reviewer', 'auditor')),
  password_hash TEXT NOT NULL CHECK (password_hash LIKE '$2%'),
  created_at TEXT NOT NULL
);

CREATE TABLE web_session (
  token_sha256 TEXT PRIMARY KEY NOT NULL,
  account TEXT NOT NULL REFERENCES account (name) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE INDEX web_session_by_account ON web_session (account);

CREATE TABLE web_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL CHECK (length(secret) = 64)
);

CREATE VIRTUAL TABLE caption_cue_fts USING fts5 (
  text, scope, content = 'caption_cue_search', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '3'
);

CREATE VIRTUAL TABLE criteria_item_fts USING fts5 (
  label, expectation, content = 'criteria_item', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4'
);

CREATE TABLE criteria_current (
  family TEXT NOT NULL,
  component TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  PRIMARY KEY (family, component)
) WITHOUT ROWID;

CREATE TRIGGER criteria_current_document_insert AFTER INSERT ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = new.family AND component = new.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = new.family AND d.component = new.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_document_delete AFTER DELETE ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = old.family AND component = old.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = old.family AND d.component = old.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_document_update
AFTER UPDATE OF family, component, format, revision ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = old.family AND component = old.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = old.family AND d.component = old.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
  DELETE FROM criteria_current WHERE family = new.family AND component = new.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = new.family AND d.component = new.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_first_item AFTER INSERT ON criteria_item
WHEN NOT EXISTS (SELECT 1 FROM criteria_item WHERE document_id = new.document_id AND id <> new.id)
BEGIN
  DELETE FROM criteria_current WHERE family = (SELECT family FROM criteria_document WHERE id = new.document_id) AND component = (SELECT component FROM criteria_document WHERE id = new.document_id);
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = (SELECT family FROM criteria_document WHERE id = new.document_id) AND d.component = (SELECT component FROM criteria_document WHERE id = new.document_id)
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_last_item AFTER DELETE ON criteria_item
WHEN NOT EXISTS (SELECT 1 FROM criteria_item WHERE document_id = old.document_id)
BEGIN
  DELETE FROM criteria_current WHERE family = (SELECT family FROM criteria_document WHERE id = old.document_id) AND component = (SELECT component FROM criteria_document WHERE id = old.document_id);
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = (SELECT family FROM criteria_document WHERE id = old.document_id) AND d.component = (SELECT component FROM criteria_document WHERE id = old.document_id)
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TABLE caption_cue_unindexed (id INTEGER PRIMARY KEY);

CREATE TABLE recording_path_unindexed (id INTEGER PRIMARY KEY);

CREATE TRIGGER caption_cue_fts_insert AFTER INSERT ON caption_cue
BEGIN
  INSERT OR IGNORE INTO caption_cue_unindexed (id) VALUES (new.id);
END;

CREATE TRIGGER recording_path_fts_insert AFTER INSERT ON recording_path
BEGIN
  INSERT OR IGNORE INTO recording_path_unindexed (id) VALUES (new.id);
END;

CREATE TRIGGER recording_path_fts_delete AFTER DELETE ON recording_path
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording
  WHERE id = old.recording_id AND old.id NOT IN (SELECT id FROM recording_path_unindexed);
  DELETE FROM recording_path_unindexed WHERE id = old.id;
END;

CREATE TRIGGER recording_path_fts_update AFTER UPDATE OF name, recording_id ON recording_path
WHEN new.id NOT IN (SELECT id FROM recording_path_unindexed)
BEGIN
  INSERT INTO recording_path_fts (recording_path_fts, rowid, name, scope)
  SELECT 'delete', old.id, old.name, search_scope FROM recording WHERE id = old.recording_id;
  INSERT INTO recording_path_fts (rowid, name, scope)
  SELECT new.id, new.name, search_scope FROM recording WHERE id = new.recording_id;
END;

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

CREATE TABLE caption_orphan (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  modified TEXT NOT NULL,
  noted_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE product (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
  platforms TEXT NOT NULL DEFAULT '',
  url TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);

CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  release TEXT NOT NULL CHECK (length(trim(release)) > 0),
  name TEXT NOT NULL,
  from_audit_id INTEGER REFERENCES audit (id),
  scope TEXT NOT NULL DEFAULT '',
  platforms TEXT NOT NULL DEFAULT '',
  opened_at TEXT NOT NULL,
  opened_by TEXT NOT NULL,
  closed_at TEXT,
  closed_by TEXT,
  UNIQUE (product_id, release)
);

CREATE INDEX audit_by_product ON audit (product_id);

CREATE TRIGGER audit_closed_once BEFORE UPDATE OF closed_at, closed_by ON audit
WHEN old.closed_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'an audit is closed once and stays closed');
END;

CREATE TRIGGER audit_never_deleted BEFORE DELETE ON audit
BEGIN
  SELECT RAISE(ABORT, 'audits are closed, never deleted');
END;

CREATE TABLE workspace_setting (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER evidence_link_into_open_audit BEFORE INSERT ON evidence_link
WHEN NOT EXISTS (SELECT 1 FROM audit WHERE id = new.audit_id AND closed_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'an evidence link is made in an open audit');
END;

CREATE TRIGGER evidence_link_closed_audit_read_only BEFORE UPDATE OF retracted_at ON evidence_link
WHEN EXISTS (SELECT 1 FROM audit WHERE id = old.audit_id AND closed_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'a closed audit is read-only');
END;

CREATE INDEX evidence_link_by_audit ON evidence_link (audit_id, item_id);

CREATE INDEX evidence_link_by_audit_auditor ON evidence_link (audit_id, auditor);

CREATE TRIGGER evidence_link_observation_rules BEFORE INSERT ON evidence_link
WHEN (new.recording_id IS NULL AND (trim(new.note) = '' OR new.start_ms IS NOT NULL OR new.observed_platform IS NULL))
  OR (new.recording_id IS NOT NULL AND (new.observed_platform IS NOT NULL OR new.observed_assistive_tech IS NOT NULL))
BEGIN
  SELECT RAISE(ABORT, 'an observation has a note and a platform and no segment; a recording''s link observes nothing');
END;

CREATE TRIGGER evidence_link_screenshot_whole BEFORE INSERT ON evidence_link
WHEN new.start_ms IS NOT NULL
  AND (SELECT container FROM recording WHERE id = new.recording_id) IN ('png', 'jpeg', 'webp')
BEGIN
  SELECT RAISE(ABORT, 'a screenshot has no time: it is linked whole');
END;

CREATE TABLE suggestion_dismissal (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  item_id INTEGER NOT NULL REFERENCES criteria_item (id),
  start_ms INTEGER,
  dismissed_by TEXT NOT NULL,
  dismissed_at TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  UNIQUE (audit_id, recording_id, item_id, start_ms)
);

CREATE TRIGGER suggestion_dismissal_never_changed BEFORE UPDATE ON suggestion_dismissal
BEGIN
  SELECT RAISE(ABORT, 'a dismissal is recorded once, never changed');
END;

CREATE TRIGGER suggestion_dismissal_never_deleted BEFORE DELETE ON suggestion_dismissal
BEGIN
  SELECT RAISE(ABORT, 'a dismissal is recorded once, never deleted');
END;

CREATE TRIGGER suggestion_dismissal_open_audit BEFORE INSERT ON suggestion_dismissal
WHEN NOT EXISTS (SELECT 1 FROM audit WHERE id = new.audit_id AND closed_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'a suggestion is dismissed in an open audit');
END;

CREATE TABLE wcag_override (
  id INTEGER PRIMARY KEY,
  item_key TEXT NOT NULL,
  criterion TEXT NOT NULL,
  relation TEXT NOT NULL CHECK (relation IN ('necessary', 'related', 'none')),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  actor TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX wcag_override_item ON wcag_override (item_key, criterion);

CREATE TABLE acr_decision (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  criterion TEXT NOT NULL,
  component_type TEXT NOT NULL CHECK (component_type IN ('web', 'software')),
  level TEXT NOT NULL
    CHECK (level IN ('supports', 'partially-supports', 'does-not-support', 'not-applicable', 'not-evaluated')),
  remarks TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX acr_decision_audit ON acr_decision (audit_id, criterion, component_type);

CREATE TABLE criteria_related_criterion (
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  criterion TEXT NOT NULL, position INTEGER,
  PRIMARY KEY (document_id, criterion)
);

CREATE TABLE conformance_setting (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  actor TEXT NOT NULL,
  set_at TEXT NOT NULL
);

CREATE TRIGGER wcag_override_append_only_update BEFORE UPDATE ON wcag_override
BEGIN
  SELECT RAISE(ABORT, 'wcag_override is append-only: map the item again instead');
END;

CREATE TRIGGER wcag_override_append_only_delete BEFORE DELETE ON wcag_override
BEGIN
  SELECT RAISE(ABORT, 'wcag_override is append-only: map the item again instead');
END;

CREATE TRIGGER acr_decision_append_only_update BEFORE UPDATE ON acr_decision
BEGIN
  SELECT RAISE(ABORT, 'acr_decision is append-only: set the level again instead');
END;

CREATE TRIGGER acr_decision_append_only_delete BEFORE DELETE ON acr_decision
BEGIN
  SELECT RAISE(ABORT, 'acr_decision is append-only: set the level again instead');
END;

CREATE TRIGGER acr_decision_open_audit BEFORE INSERT ON acr_decision
WHEN (SELECT closed_at FROM audit WHERE id = new.audit_id) IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'the audit is closed: its conformance report is final');
END;

CREATE TABLE stored_object (
  location TEXT NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  kind TEXT NOT NULL CHECK (kind IN ('recording', 'caption')),
  size INTEGER NOT NULL,
  stored_at TEXT NOT NULL,
  PRIMARY KEY (location, sha256)
) WITHOUT ROWID;

CREATE TABLE closed_audit (
  audit_id INTEGER PRIMARY KEY REFERENCES audit (id),
  wcag_override_through INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE closed_audit_criteria (
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  family TEXT NOT NULL,
  component TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  PRIMARY KEY (audit_id, family, component)
) WITHOUT ROWID;

CREATE TABLE closed_audit_recording (
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  recording_id INTEGER NOT NULL REFERENCES recording (id),
  platform TEXT,
  assistive_tech TEXT,
  browser TEXT,
  os_version TEXT,
  device TEXT,
  PRIMARY KEY (audit_id, recording_id)
) WITHOUT ROWID;

CREATE TRIGGER closed_audit_written_while_open BEFORE INSERT ON closed_audit
WHEN EXISTS (SELECT 1 FROM audit WHERE id = new.audit_id AND closed_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against is recorded by its close');
END;

CREATE TRIGGER closed_audit_criteria_written_while_open BEFORE INSERT ON closed_audit_criteria
WHEN EXISTS (SELECT 1 FROM audit WHERE id = new.audit_id AND closed_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against is recorded by its close');
END;

CREATE TRIGGER closed_audit_recording_written_while_open BEFORE INSERT ON closed_audit_recording
WHEN EXISTS (SELECT 1 FROM audit WHERE id = new.audit_id AND closed_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against is recorded by its close');
END;

CREATE TRIGGER closed_audit_never_changed BEFORE UPDATE ON closed_audit
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER closed_audit_never_deleted BEFORE DELETE ON closed_audit
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER closed_audit_criteria_never_changed BEFORE UPDATE ON closed_audit_criteria
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER closed_audit_criteria_never_deleted BEFORE DELETE ON closed_audit_criteria
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER closed_audit_recording_never_changed BEFORE UPDATE ON closed_audit_recording
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER closed_audit_recording_never_deleted BEFORE DELETE ON closed_audit_recording
BEGIN
  SELECT RAISE(ABORT, 'what a closed audit was read against never changes');
END;

CREATE TRIGGER audit_closed_keeps_its_name BEFORE UPDATE OF product_id, release, name, scope, platforms,
  from_audit_id ON audit
WHEN old.closed_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'a closed audit keeps its product, release, name and scope');
END;

CREATE TRIGGER evidence_link_retract_only BEFORE UPDATE ON evidence_link
WHEN old.retracted_at IS NOT NULL
  OR new.recording_id IS NOT old.recording_id OR new.item_id IS NOT old.item_id
  OR new.start_ms IS NOT old.start_ms OR new.end_ms IS NOT old.end_ms
  OR new.verdict IS NOT old.verdict OR new.auditor IS NOT old.auditor
  OR new.note IS NOT old.note OR new.platform_override IS NOT old.platform_override
  OR new.component_override IS NOT old.component_override
  OR new.created_at IS NOT old.created_at
  OR new.audit_id IS NOT old.audit_id OR new.carried_from IS NOT old.carried_from
  OR new.confirmed_from IS NOT old.confirmed_from OR new.environment IS NOT old.environment
  OR new.observed_platform IS NOT old.observed_platform
  OR new.observed_assistive_tech IS NOT old.observed_assistive_tech
  OR new.outside_scope IS NOT old.outside_scope
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;

CREATE TABLE sign_in_failure (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_at REAL NOT NULL
);

CREATE INDEX sign_in_failure_by_time ON sign_in_failure (last_at);

CREATE TABLE finding (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  severity TEXT NOT NULL CHECK (severity IN ('critical', 'serious', 'moderate', 'minor')),
  status TEXT NOT NULL
    CHECK (status IN ('open', 'filed', 'fixed', 'verified', 'regressed', 'accepted', 'withdrawn', 'merged')),
  status_round INTEGER NOT NULL REFERENCES audit (id),
  status_by TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  merged_into INTEGER,
  tracker_kind TEXT,
  tracker_key TEXT,
  tracker_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX finding_by_audit ON finding (audit_id);

CREATE TABLE finding_column (
  id INTEGER PRIMARY KEY,
  finding_id INTEGER NOT NULL REFERENCES finding (id),
  product_id INTEGER NOT NULL REFERENCES product (id),
  item_key TEXT NOT NULL,
  platform TEXT NOT NULL,
  assistive_tech TEXT NOT NULL DEFAULT '',
  UNIQUE (product_id, item_key, platform, assistive_tech)
);

CREATE INDEX finding_column_by_finding ON finding_column (finding_id);

CREATE TABLE team_key (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
  public_key TEXT NOT NULL UNIQUE,
  fingerprint TEXT NOT NULL,
  added_at TEXT NOT NULL,
  added_by TEXT NOT NULL,
  revoked_at TEXT,
  revoked_by TEXT
);

CREATE TABLE approval (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit(id),
  kind TEXT NOT NULL CHECK (kind IN ('verdict', 'level')),
  item_key TEXT,
  platform TEXT,
  assistive_tech TEXT,
  criterion TEXT,
  component_type TEXT,
  covers TEXT NOT NULL,
  approver TEXT NOT NULL CHECK (length(trim(approver)) > 0),
  created_at TEXT NOT NULL,
  voided_at TEXT,
  voided_by TEXT,
  CHECK ((kind = 'verdict' AND item_key IS NOT NULL AND platform IS NOT NULL)
    OR (kind = 'level' AND criterion IS NOT NULL AND component_type IS NOT NULL))
);

CREATE INDEX approval_audit ON approval (audit_id, voided_at);

CREATE TABLE hearing (
  recording_id INTEGER PRIMARY KEY REFERENCES recording (id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  vocabulary_sha256 TEXT NOT NULL CHECK (length(vocabulary_sha256) = 64),
  phrases INTEGER NOT NULL,
  audio_seconds REAL NOT NULL,
  heard_at TEXT NOT NULL
);

CREATE TABLE heard_phrase (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES hearing (recording_id) ON DELETE CASCADE,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
  text TEXT NOT NULL CHECK (length(text) > 0),
  confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1)
);

CREATE INDEX heard_phrase_by_recording ON heard_phrase (recording_id, start_ms);

CREATE INDEX heard_phrase_by_text ON heard_phrase (text);

CREATE TABLE utterance (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES hearing (recording_id) ON DELETE CASCADE,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms)
);

CREATE INDEX utterance_by_recording ON utterance (recording_id, start_ms);

CREATE VIRTUAL TABLE heard_phrase_fts USING fts5 (
  text, scope, tokenize = 'porter unicode61 remove_diacritics 2'
);

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

CREATE TABLE desk_settings (
  account TEXT PRIMARY KEY NOT NULL REFERENCES account (name) ON DELETE CASCADE,
  settings TEXT NOT NULL CHECK (json_valid(settings)),
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE VIEW caption_pair_search AS
  SELECT c.id, exhibit_word_pairs(c.text) AS pairs, r.search_scope AS scope
  FROM caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id;

CREATE VIRTUAL TABLE caption_pair_fts USING fts5 (
  pairs, scope, content = 'caption_pair_search', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 0 tokenchars ''_''', columnsize = 0
);

CREATE TABLE caption_pair_stale (id INTEGER NOT NULL, text TEXT NOT NULL, scope TEXT NOT NULL);

CREATE TABLE caption_pair_unindexed (id INTEGER PRIMARY KEY);

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

CREATE INDEX criteria_current_document ON criteria_current (document_id);
