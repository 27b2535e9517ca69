-- Version 18: evidence that is not video, and suggestions dismissed.
-- A verdict may rest on a screenshot (a recording row whose container
-- is png, jpeg or webp: catalogued, served and bundled like a video) or on an observation alone:
-- a link with no recording, whose note says what was observed, on the platform (and with the
-- screen reader, if any) the auditor names. The body of this step lifts NOT NULL from
-- evidence_link.recording_id (SQLite's documented way to drop a NOT NULL constraint).
ALTER TABLE evidence_link ADD COLUMN observed_platform TEXT;
ALTER TABLE evidence_link ADD COLUMN observed_assistive_tech TEXT;

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

DROP TRIGGER evidence_link_retract_only;
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
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;

-- A suggestion an auditor decided was not evidence: it is no longer offered in that audit.
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
