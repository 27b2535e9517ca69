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

-- The application's role writes the registry only through audited paths: at commit, each row
-- of these tables written in the transaction must be what the audit trail records of it (the
-- event is appended in the same transaction, before or after the row). Plain SQL by the
-- application's role, which every server uses, cannot add a mapping row or a decided level,
-- rename a product, or change an audit, without the event that `verify` replays.
CREATE FUNCTION exhibit_wcag_override_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM audit_event e WHERE e.action = 'wcag.map' AND e.subject = NEW.item_key
      AND e.at = NEW.created_at AND e.actor = NEW.actor AND e.after::jsonb ->> 'criterion' = NEW.criterion
      AND e.after::jsonb ->> 'relation' = NEW.relation AND e.after::jsonb ->> 'reason' = NEW.reason) THEN
    RAISE EXCEPTION 'a WCAG mapping row is written only with the wcag.map event that records it'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER wcag_override_recorded AFTER INSERT ON wcag_override
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exhibit_wcag_override_recorded();

CREATE FUNCTION exhibit_acr_decision_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM audit_event e WHERE e.action = 'acr.set' AND e.subject = 'audit:' || NEW.audit_id
      AND e.at = NEW.created_at AND e.actor = NEW.actor AND e.after::jsonb ->> 'criterion' = NEW.criterion
      AND e.after::jsonb ->> 'component_type' = NEW.component_type AND e.after::jsonb ->> 'level' = NEW.level
      AND e.after::jsonb ->> 'remarks' = NEW.remarks) THEN
    RAISE EXCEPTION 'a decided level is written only with the acr.set event that records it'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER acr_decision_recorded AFTER INSERT ON acr_decision
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exhibit_acr_decision_recorded();

CREATE FUNCTION exhibit_product_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recorded jsonb;
BEGIN
  SELECT * INTO NEW FROM product WHERE id = NEW.id;
  SELECT e.after::jsonb INTO recorded FROM audit_event e
  WHERE e.action = 'product.create' AND e.subject = 'product:' || NEW.id ORDER BY e.id DESC LIMIT 1;
  IF recorded IS NULL OR recorded ->> 'name' IS DISTINCT FROM NEW.name
    OR coalesce(recorded ->> 'platforms', '') IS DISTINCT FROM NEW.platforms
    OR recorded ->> 'url' IS DISTINCT FROM NEW.url THEN
    RAISE EXCEPTION 'a product is written only with the product.create event that records it'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER product_recorded AFTER INSERT OR UPDATE ON product
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exhibit_product_recorded();

-- Checked at commit against the row as it then is (NEW is the row as one statement left it).
CREATE FUNCTION exhibit_audit_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  made jsonb;
  named jsonb;
  scoped jsonb;
BEGIN
  SELECT * INTO NEW FROM audit WHERE id = NEW.id;
  SELECT e.after::jsonb INTO made FROM audit_event e
  WHERE e.action = 'audit.create' AND e.subject = 'audit:' || NEW.id ORDER BY e.id LIMIT 1;
  SELECT e.after::jsonb INTO named FROM audit_event e
  WHERE e.action IN ('audit.create', 'audit.rename') AND e.subject = 'audit:' || NEW.id ORDER BY e.id DESC LIMIT 1;
  SELECT e.after::jsonb INTO scoped FROM audit_event e
  WHERE e.action IN ('audit.create', 'audit.scope') AND e.subject = 'audit:' || NEW.id ORDER BY e.id DESC LIMIT 1;
  IF made IS NULL
    OR made ->> 'from' IS DISTINCT FROM NEW.from_audit_id::text
    OR named ->> 'release' IS DISTINCT FROM NEW.release
    OR coalesce(named ->> 'name', (named ->> 'product') || ' ' || (named ->> 'release')) IS DISTINCT FROM NEW.name
    OR named ->> 'product' IS DISTINCT FROM (SELECT p.name FROM product p WHERE p.id = NEW.product_id)
    OR coalesce(scoped ->> 'scope', '') IS DISTINCT FROM NEW.scope
    OR coalesce(scoped ->> 'platforms', '') IS DISTINCT FROM NEW.platforms
    OR ((NEW.closed_at IS NOT NULL) IS DISTINCT FROM EXISTS (
      SELECT 1 FROM audit_event e WHERE e.action = 'audit.close' AND e.subject = 'audit:' || NEW.id)) THEN
    RAISE EXCEPTION 'an audit is written only with the audit events that record it' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER audit_recorded AFTER INSERT OR UPDATE ON audit
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exhibit_audit_recorded();

CREATE FUNCTION exhibit_conformance_setting_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT * INTO NEW FROM conformance_setting WHERE name = NEW.name;
  IF NEW.name = 'author' AND NOT EXISTS (
    SELECT 1 FROM audit_event e WHERE e.action = 'acr.author' AND e.subject = 'conformance'
      AND e.at = NEW.set_at AND e.actor = NEW.actor AND e.after::jsonb ->> 'author' = NEW.value) THEN
    RAISE EXCEPTION 'the report''s author is set only with the acr.author event that records it'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER conformance_setting_recorded AFTER INSERT OR UPDATE ON conformance_setting
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exhibit_conformance_setting_recorded();

-- A session ended (signed out, its account removed, expired and swept) moves every server's
-- version, so none keeps answering it from its grants of sessions that may read.
CREATE TRIGGER exhibit_session_ended AFTER DELETE ON web_session
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed();
