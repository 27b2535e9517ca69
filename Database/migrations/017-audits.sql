-- Version 17: audits. A product (an app or a site) is audited at a release, round after round;
-- every evidence link belongs to exactly one audit, which is open (links may be added and
-- retracted) until it is closed, then read-only. A retest's links carried from an earlier audit
-- name the link they were carried from; a carried verdict an auditor confirms is a new link that
-- names the one it confirms. A link also keeps the environment the auditor gave (screen reader,
-- OS, browser, device and their versions) as JSON. An existing workspace's links all move into
-- one audit, of a product named "unnamed" at release "unknown"; the migration's Swift step names
-- the audit after the workspace folder and records both in the audit trail.

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

ALTER TABLE evidence_link ADD COLUMN audit_id INTEGER REFERENCES audit (id);
ALTER TABLE evidence_link ADD COLUMN carried_from INTEGER REFERENCES evidence_link (id);
ALTER TABLE evidence_link ADD COLUMN confirmed_from INTEGER REFERENCES evidence_link (id);
ALTER TABLE evidence_link ADD COLUMN environment TEXT NOT NULL DEFAULT '';

-- Every link so far joins one audit; the trigger that keeps links unchanged is made again after.
DROP TRIGGER evidence_link_retract_only;

INSERT INTO product (name, platforms, url, created_at, created_by)
SELECT 'unnamed', '', NULL, min(created_at), 'exhibit migration' FROM evidence_link
HAVING count(*) > 0;

INSERT INTO audit (product_id, release, name, scope, platforms, opened_at, opened_by)
SELECT id, 'unknown', 'workspace', '', '', created_at, 'exhibit migration' FROM product;

UPDATE evidence_link SET audit_id = (SELECT min(id) FROM audit);

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
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;

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
