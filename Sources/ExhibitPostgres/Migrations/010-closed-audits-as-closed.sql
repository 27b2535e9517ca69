-- A closed audit is read as it was closed, as SQLite's version 22 keeps it: the close records the
-- workspace's WCAG mapping rows then in force (ids up to a bound), each component's criteria
-- document then current, and each linked recording's attribution then; later readings of the
-- audit use these instead of today's state. The rows are written by the close while the audit
-- is open and never change; a closed audit's product, release, name and scope no longer change.
CREATE TABLE closed_audit (
  audit_id bigint PRIMARY KEY REFERENCES audit (id),
  wcag_override_through bigint NOT NULL DEFAULT 0
);

CREATE TABLE closed_audit_criteria (
  audit_id bigint NOT NULL REFERENCES audit (id),
  family text NOT NULL,
  component text NOT NULL,
  document_id bigint NOT NULL REFERENCES criteria_document (id),
  PRIMARY KEY (audit_id, family, component)
);

CREATE TABLE closed_audit_recording (
  audit_id bigint NOT NULL REFERENCES audit (id),
  recording_id bigint NOT NULL REFERENCES recording (id),
  platform text,
  assistive_tech text,
  browser text,
  os_version text,
  device text,
  PRIMARY KEY (audit_id, recording_id)
);

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
  WHERE a.closed_at IS NOT NULL) AS chosen
WHERE document_id IS NOT NULL;

INSERT INTO closed_audit_recording (audit_id, recording_id, platform, assistive_tech, browser, os_version, device)
SELECT DISTINCT l.audit_id, r.id, r.platform, r.assistive_tech, r.browser, r.os_version, r.device
FROM evidence_link l JOIN recording r ON r.id = l.recording_id
WHERE l.audit_id IN (SELECT id FROM audit WHERE closed_at IS NOT NULL);

CREATE FUNCTION exhibit_closed_audit_written_while_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM audit WHERE id = NEW.audit_id AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'what a closed audit was read against is recorded by its close' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER closed_audit_written_while_open BEFORE INSERT ON closed_audit
  FOR EACH ROW EXECUTE FUNCTION exhibit_closed_audit_written_while_open();
CREATE TRIGGER closed_audit_criteria_written_while_open BEFORE INSERT ON closed_audit_criteria
  FOR EACH ROW EXECUTE FUNCTION exhibit_closed_audit_written_while_open();
CREATE TRIGGER closed_audit_recording_written_while_open BEFORE INSERT ON closed_audit_recording
  FOR EACH ROW EXECUTE FUNCTION exhibit_closed_audit_written_while_open();

CREATE TRIGGER closed_audit_never_changed BEFORE UPDATE OR DELETE ON closed_audit
  FOR EACH ROW EXECUTE FUNCTION exhibit_refuse('what a closed audit was read against never changes');
CREATE TRIGGER closed_audit_criteria_never_changed BEFORE UPDATE OR DELETE ON closed_audit_criteria
  FOR EACH ROW EXECUTE FUNCTION exhibit_refuse('what a closed audit was read against never changes');
CREATE TRIGGER closed_audit_recording_never_changed BEFORE UPDATE OR DELETE ON closed_audit_recording
  FOR EACH ROW EXECUTE FUNCTION exhibit_refuse('what a closed audit was read against never changes');

CREATE FUNCTION exhibit_audit_closed_keeps_its_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL AND (NEW.product_id IS DISTINCT FROM OLD.product_id
      OR NEW.release IS DISTINCT FROM OLD.release OR NEW.name IS DISTINCT FROM OLD.name
      OR NEW.scope IS DISTINCT FROM OLD.scope OR NEW.platforms IS DISTINCT FROM OLD.platforms
      OR NEW.from_audit_id IS DISTINCT FROM OLD.from_audit_id) THEN
    RAISE EXCEPTION 'a closed audit keeps its product, release, name and scope' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER audit_closed_keeps_its_name BEFORE UPDATE ON audit
  FOR EACH ROW EXECUTE FUNCTION exhibit_audit_closed_keeps_its_name();

-- Every server's page cache empties when an audit is closed: these are read by its pages.
CREATE TRIGGER exhibit_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON closed_audit
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed();
CREATE TRIGGER exhibit_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON closed_audit_criteria
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed();
CREATE TRIGGER exhibit_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON closed_audit_recording
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed();
