-- Version 22: a closed audit is read as it was closed. Closing records what it was read against,
-- and every later reading of the audit uses that record instead of today's state:
--   closed_audit            the workspace's own WCAG mapping rows in force (ids up to a bound);
--   closed_audit_criteria   each component's criteria document then current;
--   closed_audit_recording  each linked recording's attribution then (platform, screen reader,
--                           browser, OS version, device), which decides the column its verdicts
--                           count in.
-- Rows are written by the close, in its transaction, while the audit is still open; they are
-- never changed or deleted. A closed audit's release, product and name no longer change either.
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

-- Audits closed before this version: the documents imported by the close, chosen as
-- criteria_current chooses them; the mapping rows written by then; the recordings' attribution
-- as it is now (nothing older is stored outside the trail).
INSERT INTO closed_audit (audit_id, wcag_override_through)
SELECT a.id, coalesce((SELECT max(o.id) FROM wcag_override o WHERE o.created_at <= a.closed_at), 0)
FROM audit a WHERE a.closed_at IS NOT NULL;

INSERT INTO closed_audit_criteria (audit_id, family, component, document_id)
SELECT audit_id, family, component, document_id FROM (
  SELECT a.id AS audit_id, c.family, c.component, (
    SELECT d.id FROM criteria_document d
    WHERE d.family = c.family AND d.component = c.component AND d.imported_at <= a.closed_at
      AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                        WHERE x.family = d.family AND x.component = d.component AND x.format = d.format
                          AND x.imported_at <= a.closed_at)
    ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
      + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id
    LIMIT 1) AS document_id
  FROM audit a, (SELECT DISTINCT family, component FROM criteria_document) c
  WHERE a.closed_at IS NOT NULL)
WHERE document_id IS NOT NULL;

INSERT INTO closed_audit_recording (audit_id, recording_id, platform, assistive_tech, browser, os_version, device)
SELECT DISTINCT l.audit_id, r.id, r.platform, r.assistive_tech, r.browser, r.os_version, r.device
FROM evidence_link l JOIN recording r ON r.id = l.recording_id
WHERE l.audit_id IN (SELECT id FROM audit WHERE closed_at IS NOT NULL);

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
